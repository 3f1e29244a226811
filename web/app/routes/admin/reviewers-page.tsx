import { PageHeader } from '@web/components/layout/page-header';

export function ReviewersPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Reviewers" subtitle="Manage reviewer accounts and access" />
    </div>
  );
}
