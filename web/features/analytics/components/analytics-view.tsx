import { useQueries } from '@tanstack/react-query';
import { ErrorCard, LoadingCards } from '@web/components/ui/card-states';
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
import { ChartCard } from './chart-card';
import { CompletionHeatmap } from './completion-heatmap';
import { CompositeTrendChart } from './composite-trend-chart';
import { CorrelationCharts } from './correlation-charts';
import { CriteriaBreakdownChart } from './criteria-breakdown-chart';
import { CriterionTopLists } from './criterion-top-lists';
import { ReviewerActivity } from './reviewer-activity';
import { TopOpportunitiesTable } from './top-opportunities-table';

/** Every chart and table of the 'Advanced Analytics' page, over the three analytics calls. */
export function AnalyticsView() {
  const [opportunities, reviewers, heatmap] = useQueries({
    queries: [opportunityAnalyticsQuery, reviewerAnalyticsQuery, heatmapQuery],
  });
  const failed = [opportunities, reviewers, heatmap].find((query) => query.isError);
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
  if (!opportunities.data || !reviewers.data || !heatmap.data)
    return <LoadingCards label="Loading analytics" bodyHeight="h-64" />;

  const opportunityRows = opportunities.data;
  const chartData = opportunityChartData(opportunityRows);
  const hasReviews = chartData.length > 0;
  const top = topByComposite(opportunityRows);

  return (
    <div className="space-y-6">
      <ChartCard
        title="Composite Score Trend"
        description="Average composite score per opportunity"
        isEmpty={!hasReviews}
      >
        <CompositeTrendChart data={chartData} />
      </ChartCard>

      <ChartCard
        title="Score Breakdown by Criteria"
        description="Average score of each criterion per opportunity"
        isEmpty={!hasReviews}
      >
        <CriteriaBreakdownChart data={chartData} />
      </ChartCard>

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

      <ChartCard
        title="Criteria Correlation Analysis"
        description="How the criterion averages of each opportunity move together"
        isEmpty={!hasReviews}
      >
        <CorrelationCharts plots={correlationPlots(opportunityRows)} />
      </ChartCard>

      <ChartCard
        title="Reviewer Activity & Average Scores"
        description="Reviews submitted and average composite given by each reviewer"
        isEmpty={reviewers.data.length === 0}
        emptyText="No reviewers yet"
      >
        <ReviewerActivity data={reviewerActivityData(reviewers.data)} />
      </ChartCard>

      <ChartCard
        title="Review Completion Heatmap"
        description="Each reviewer's composite score per opportunity"
        isEmpty={!hasHeatmapData(heatmap.data)}
        emptyText="No review data available yet"
      >
        <CompletionHeatmap rows={heatmap.data} />
      </ChartCard>
    </div>
  );
}
