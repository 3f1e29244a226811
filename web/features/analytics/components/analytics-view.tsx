import { useQueries } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { AlertTriangle } from 'lucide-react';
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
import { ReviewerActivityChart } from './reviewer-activity-chart';
import { TopOpportunitiesTable } from './top-opportunities-table';

function AnalyticsLoading() {
  return (
    <div role="status" aria-label="Loading analytics" className="space-y-6">
      {[0, 1, 2].map((index) => (
        <Card key={index}>
          <CardHeader>
            <Skeleton className="h-5 w-56" />
          </CardHeader>
          <CardContent>
            <Skeleton className="h-64 w-full" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function AnalyticsError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card role="alert">
      <CardHeader className="items-center text-center">
        <AlertTriangle aria-hidden="true" className="size-8 text-destructive" />
        <CardTitle>Error Loading Analytics</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4 text-center">
        <p className="text-sm text-muted-foreground">{message}</p>
        <Button variant="outline" onClick={onRetry}>
          Try Again
        </Button>
      </CardContent>
    </Card>
  );
}

/** Every chart and table of the 'Advanced Analytics' page, over the three analytics calls. */
export function AnalyticsView() {
  const [opportunities, reviewers, heatmap] = useQueries({
    queries: [opportunityAnalyticsQuery, reviewerAnalyticsQuery, heatmapQuery],
  });
  const failed = [opportunities, reviewers, heatmap].find((query) => query.isError);
  if (failed) {
    return (
      <AnalyticsError
        message={failed.error?.message ?? 'Something went wrong'}
        onRetry={() => {
          for (const query of [opportunities, reviewers, heatmap]) void query.refetch();
        }}
      />
    );
  }
  if (!opportunities.data || !reviewers.data || !heatmap.data) return <AnalyticsLoading />;

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
        <ReviewerActivityChart data={reviewerActivityData(reviewers.data)} />
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
