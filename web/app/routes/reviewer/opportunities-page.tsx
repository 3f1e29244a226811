import { PageHeader } from '@web/components/layout/page-header';

export function OpportunitiesPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Opportunities" />
    </div>
  );
}
