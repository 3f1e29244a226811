import { PageHeader } from '@web/components/layout/page-header';

export function DashboardPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard" subtitle="Overview of reviewers, opportunities and reviews" />
    </div>
  );
}
