import { PageHeader } from '@web/components/layout/page-header';
import { AnalyticsView } from '@web/features/analytics/components/analytics-view';

export function AnalyticsPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Advanced Analytics"
        subtitle="Detailed insights and trend analysis for opportunity evaluations"
      />
      <AnalyticsView />
    </div>
  );
}
