import { PageHeader } from '@web/components/layout/page-header';
import { BackLink, HeaderLink } from '@web/components/layout/page-links';
import { DecisionsView } from '@web/features/decisions/components/decisions-view';
import { ExportButton } from '@web/features/exports/components/export-button';
import Vote from 'lucide-react/icons/vote';

export function DecisionsPage() {
  return (
    <div className="space-y-6">
      <BackLink href="/admin/results">Results</BackLink>
      <PageHeader
        title="Decisions"
        subtitle="Draft outcomes, release them, keep the waitlist and write to the owners"
        actions={
          <>
            {/* Issue 37: the shortlisted opportunities are the finalist ballot's candidates. */}
            <HeaderLink href="/admin/ballot" icon={<Vote aria-hidden="true" />}>
              Finalist ballot
            </HeaderLink>
            <ExportButton type="decisions" label="Download decisions CSV" variant="outline" />
          </>
        }
      />
      <DecisionsView />
    </div>
  );
}
