import { useQueries } from '@tanstack/react-query';
import { ErrorCard, LoadingCards } from '@web/components/ui/card-states';
import { RenderWhenVisible } from '@web/components/ui/render-when-visible';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import {
  heatmapQuery,
  opportunityAnalyticsQuery,
  reviewerAnalyticsQuery,
} from '../api/analytics-queries';
import {
  correlationPlots,
  opportunityChartData,
  reviewerActivityData,
  topByComposite,
} from '../lib/analytics-data';
import { hasHeatmapData } from '../lib/heatmap-bands';
import { ChartCard, ChartCardPlaceholder, DeferredChartCard } from './chart-card';
import { CompletionHeatmap } from './completion-heatmap';
import { CompositeTrendChart } from './composite-trend-chart';
import { CorrelationCharts } from './correlation-charts';
import { CriteriaBreakdownChart } from './criteria-breakdown-chart';
import { CriterionTopLists } from './criterion-top-lists';
import { ReviewerActivity } from './reviewer-activity';
import { TopOpportunitiesTable } from './top-opportunities-table';

/** Heights of the deferred cards' bodies (their charts), so that the page does not jump. */
const BODY_HEIGHT = { breakdown: 360, correlation: 560, activity: 420, heatmap: 490 };

/**
 * Every chart and table of the 'Advanced Analytics' page, over the three analytics calls. The
 * sections of the opportunities call show as soon as it answers; the reviewer activity follows its
 * answer; the heatmap (the large answer at 200 reviewers) is asked for when its card comes near
 * the viewport. Below the first screen, the charts render as they are scrolled to
 * (DeferredChartCard).
 */
export function AnalyticsView() {
  // The heatmap (1 MB at 200 reviewers, 5 MB at 1,000, before compression) is asked for only
  // when its card comes near the viewport: a phone that opens the page downloads and parses it
  // only if its reader goes that far, and the first screen never waits behind it.
  const [isHeatmapWanted, setHeatmapWanted] = useState(false);
  const wantHeatmap = useCallback(() => setHeatmapWanted(true), []);
  const [opportunities, reviewers, heatmap] = useQueries({
    queries: [
      opportunityAnalyticsQuery,
      reviewerAnalyticsQuery,
      { ...heatmapQuery, enabled: isHeatmapWanted },
    ],
  });
  const failed = [opportunities, reviewers, heatmap].find((query) => query.isError);
  // An answer arrives through useSyncExternalStore, whose renders React cannot interrupt; the
  // sections are built from deferred copies instead, in a background render that React splits
  // into short tasks (on a phone's CPU, one task of the whole first screen blocked input for a
  // second).
  const opportunityRows = useDeferredValue(opportunities.data);
  const reviewerRows = useDeferredValue(reviewers.data);
  const heatmapRows = useDeferredValue(heatmap.data);
  // Derived once per answer: each call that answers re-renders this view, and the charts (memo)
  // then skip their work unless their own data changed.
  const derived = useMemo(
    () =>
      opportunityRows && {
        chartData: opportunityChartData(opportunityRows),
        top: topByComposite(opportunityRows),
        plots: correlationPlots(opportunityRows),
      },
    [opportunityRows],
  );
  const activityData = useMemo(
    () => reviewerRows && reviewerActivityData(reviewerRows),
    [reviewerRows],
  );

  if (failed) {
    return (
      <ErrorCard
        title="Error Loading Analytics"
        message={failed.error?.message ?? 'Something went wrong'}
        onRetry={() => {
          for (const query of [opportunities, reviewers, heatmap]) void query.refetch();
        }}
      />
    );
  }
  if (!opportunityRows || !derived) {
    return <LoadingCards label="Loading analytics" bodyHeight="h-64" />;
  }
  const { chartData, top, plots } = derived;
  const hasReviews = chartData.length > 0;

  const activity = {
    title: 'Reviewer Activity & Average Scores',
    description: 'Reviews submitted and average composite given by each reviewer',
  };
  const completion = {
    title: 'Review Completion Heatmap',
    description: "Each reviewer's composite score per opportunity",
  };

  return (
    <div className="space-y-6">
      <ChartCard
        title="Composite Score Trend"
        description="Average composite score per opportunity"
        isEmpty={!hasReviews}
      >
        <CompositeTrendChart data={chartData} />
      </ChartCard>

      <DeferredChartCard
        title="Score Breakdown by Criteria"
        description="Average score of each criterion per opportunity"
        isEmpty={!hasReviews}
        bodyHeight={BODY_HEIGHT.breakdown}
      >
        <CriteriaBreakdownChart data={chartData} />
      </DeferredChartCard>

      <ChartCard
        title="Top Opportunities by Composite Score"
        description="The 20 highest-rated opportunities, with how much their reviewers disagree"
        isEmpty={top.length === 0}
      >
        <TopOpportunitiesTable rows={top} />
      </ChartCard>

      <section aria-labelledby="criterion-top-heading" className="space-y-3">
        <h2 id="criterion-top-heading" className="text-lg font-semibold">
          Top 5 by Criterion
        </h2>
        <CriterionTopLists rows={opportunityRows} />
      </section>

      <DeferredChartCard
        title="Criteria Correlation Analysis"
        description="How the criterion averages of each opportunity move together"
        isEmpty={!hasReviews}
        bodyHeight={BODY_HEIGHT.correlation}
      >
        <CorrelationCharts plots={plots} />
      </DeferredChartCard>

      {reviewerRows && activityData ? (
        <DeferredChartCard
          {...activity}
          isEmpty={reviewerRows.length === 0}
          emptyText="No reviewers yet"
          bodyHeight={BODY_HEIGHT.activity}
        >
          <ReviewerActivity data={activityData} />
        </DeferredChartCard>
      ) : (
        <ChartCardPlaceholder {...activity} bodyHeight={BODY_HEIGHT.activity} />
      )}

      {heatmapRows ? (
        <DeferredChartCard
          {...completion}
          isEmpty={!hasHeatmapData(heatmapRows)}
          emptyText="No review data available yet"
          bodyHeight={BODY_HEIGHT.heatmap}
        >
          <CompletionHeatmap rows={heatmapRows} />
        </DeferredChartCard>
      ) : (
        <RenderWhenVisible
          placeholder={<ChartCardPlaceholder {...completion} bodyHeight={BODY_HEIGHT.heatmap} />}
        >
          <WhenShown onShown={wantHeatmap} />
          <ChartCardPlaceholder {...completion} bodyHeight={BODY_HEIGHT.heatmap} />
        </RenderWhenVisible>
      )}
    </div>
  );
}

/** Calls `onShown` once it is rendered (inside RenderWhenVisible: once its place is near the view). */
function WhenShown({ onShown }: { onShown: () => void }) {
  useEffect(() => onShown(), [onShown]);
  return null;
}
