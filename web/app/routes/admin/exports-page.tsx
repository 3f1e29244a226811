import { PageHeader } from '@web/components/layout/page-header';
import { ExportsView } from '@web/features/exports/components/exports-view';

export function ExportsPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Data Exports" subtitle="Download CSV exports for analysis and reporting" />
      <ExportsView />
    </div>
  );
}
