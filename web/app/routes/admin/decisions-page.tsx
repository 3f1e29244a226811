import { PageHeader } from '@web/components/layout/page-header';
import { DecisionsView } from '@web/features/decisions/components/decisions-view';

export function DecisionsPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Decisions"
        subtitle="Draft outcomes, release them, keep the waitlist and write to the owners"
      />
      <DecisionsView />
    </div>
  );
}
