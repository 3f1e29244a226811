import { Button } from '@web/components/ui/button';
import { NativeSelect } from '@web/components/ui/native-select';
import { EMPTY_MARK } from '@web/lib/empty-mark';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { memo, useId, useState } from 'react';
import { formatScore2, type ReviewerActivityPoint } from '../lib/analytics-data';
import {
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_SORTS,
  type ActivitySort,
  activityPage,
  sortReviewerActivity,
} from '../lib/reviewer-activity-pages';
import { ReviewerActivityChart } from './reviewer-activity-chart';

/**
 * The chart's figures for screen readers (the drawing says nothing to them): one item per
 * reviewer shown, with the full name and the figures of the chart's tooltip.
 */
function ActivityFigures({ data, label }: { data: ReviewerActivityPoint[]; label: string }) {
  return (
    <ul aria-label={label} className="sr-only">
      {data.map((point, index) => (
        // Names may repeat; the position in the page may not.
        <li key={index}>
          {`${point.fullName}: Reviews ${point.reviewCount}, Avg Score ${
            point.avgComposite === null ? EMPTY_MARK : formatScore2(point.avgComposite)
          }`}
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Reviewer Activity & Average Scores' for any panel size: up to 25 reviewers as one chart (as
 * SPEC.md draws it); beyond, 25 at a time with a sort order and Previous/Next, so that each bar
 * keeps a readable width and its name (cut to 15 characters) its own place on the axis.
 */
function ReviewerActivityView({ data }: { data: ReviewerActivityPoint[] }) {
  const [sort, setSort] = useState<ActivitySort>('name');
  const [page, setPage] = useState(0);
  const sortId = useId();
  if (data.length <= ACTIVITY_PAGE_SIZE) {
    return (
      <div data-testid="reviewer-activity-chart" data-sort={sort}>
        <ReviewerActivityChart data={data} />
        <ActivityFigures data={data} label="Reviewer activity" />
      </div>
    );
  }
  const shown = activityPage(sortReviewerActivity(data, sort), page);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={sortId} className="whitespace-nowrap text-muted-foreground">
            Sort by
          </label>
          <NativeSelect
            id={sortId}
            data-testid="reviewer-activity-sort"
            className="w-44"
            value={sort}
            onChange={(event) => {
              setSort(event.target.value as ActivitySort);
              setPage(0);
            }}
          >
            {ACTIVITY_SORTS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex items-center gap-2 text-sm">
          <span aria-live="polite" className="tabular-nums text-muted-foreground">
            {shown.label}
          </span>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label="Previous reviewers"
            disabled={shown.page === 0}
            onClick={() => setPage(shown.page - 1)}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label="Next reviewers"
            disabled={shown.page === shown.pages - 1}
            onClick={() => setPage(shown.page + 1)}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div data-testid="reviewer-activity-chart" data-sort={sort}>
        <ReviewerActivityChart data={shown.items} />
        <ActivityFigures data={shown.items} label={`Reviewer activity: ${shown.label}`} />
      </div>
    </div>
  );
}

/** Memoised: the analytics view re-renders as each of its calls answers; this redraws only for new data. */
export const ReviewerActivity = memo(ReviewerActivityView);
