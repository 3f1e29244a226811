import { CARD_TAGS } from '@shared/limits';
import type { ReviewerOpportunityListItem } from '@shared/reviewer-schemas';
import { Badge } from '@web/components/ui/badge';
import { NewPostsBadge } from '@web/components/ui/new-posts-badge';
import { cn } from '@web/lib/cn';
import { responsiveImage } from '@web/lib/responsive-image';
import ImageIcon from 'lucide-react/icons/image';
import { Link } from 'wouter';
import { isConflicted } from '../lib/cycle-fields';
import { formatComposite } from '../lib/filter-opportunities';
import { ConflictBadge, DecisionOutcomeBadge, ReviewStatusBadge } from './review-status-badge';

export type ListLayout = 'grid' | 'list';

export const isListLayout = (value: string): value is ListLayout =>
  value === 'grid' || value === 'list';

/** One opportunity of the list, a link to its detail page; laid out as a tile or a row. */
export function OpportunityCard({
  opportunity,
  layout,
  newPosts,
}: {
  opportunity: ReviewerOpportunityListItem;
  layout: ListLayout;
  /** Posts of its discussion new to the reviewer (issue 36); no badge for none. */
  newPosts?: number;
}) {
  const isRow = layout === 'list';
  const tags = opportunity.tags.slice(0, CARD_TAGS);
  return (
    <li className="list-none">
      <Link
        href={`/reviewer/opportunities/${opportunity.id}`}
        data-testid="opportunity-card"
        // A card below the fold is laid out and painted when scrolled near (content-visibility):
        // the first frame of a phone's list lays out the two cards it shows, not all 50. The
        // focus ring is the link's own shadow, which the containment does not clip.
        className={cn(
          'group flex h-full overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm outline-none transition-shadow [contain-intrinsic-block-size:auto_28rem] [content-visibility:auto] hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/60',
          isRow ? 'flex-col sm:flex-row' : 'flex-col',
        )}
      >
        <div
          className={cn(
            'relative shrink-0 bg-muted',
            isRow ? 'aspect-[4/3] w-full sm:w-48' : 'aspect-[4/3] w-full',
          )}
        >
          {opportunity.imageUrl ? (
            <img
              {...responsiveImage(
                opportunity.imageUrl,
                isRow
                  ? '(min-width: 640px) 192px, 100vw'
                  : '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
              )}
              alt=""
              loading="lazy"
              className="absolute inset-0 size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center text-muted-foreground">
              <ImageIcon className="size-8" aria-hidden="true" />
            </div>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-3 p-4">
          <div className="flex items-start justify-between gap-2">
            <span className="text-sm font-medium text-muted-foreground">#{opportunity.number}</span>
            <span className="flex flex-wrap items-center justify-end gap-1.5">
              <NewPostsBadge count={newPosts} />
              <DecisionOutcomeBadge outcome={opportunity.outcome} />
              {isConflicted(opportunity) ? (
                <ConflictBadge />
              ) : (
                <ReviewStatusBadge status={opportunity.reviewStatus} />
              )}
            </span>
          </div>
          <h2 className="text-lg font-semibold leading-snug group-hover:underline">
            {opportunity.title}
          </h2>
          {opportunity.description ? (
            <p className="line-clamp-3 text-sm text-muted-foreground">{opportunity.description}</p>
          ) : null}
          {tags.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
              {tags.map((tag) => (
                <li key={tag}>
                  <Badge variant="outline">{tag}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
          {opportunity.reviewStatus === 'done' && opportunity.userReview ? (
            <p className="mt-auto flex items-baseline justify-between border-t pt-3 text-sm">
              <span className="text-muted-foreground">Your Score</span>
              <span className="font-semibold tabular-nums" data-testid="your-score">
                {formatComposite(opportunity.userReview.composite)}
              </span>
            </p>
          ) : null}
        </div>
      </Link>
    </li>
  );
}
