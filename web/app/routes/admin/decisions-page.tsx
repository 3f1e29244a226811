import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { DecisionsView } from '@web/features/decisions/components/decisions-view';
import { ExportButton } from '@web/features/exports/components/export-button';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Vote from 'lucide-react/icons/vote';
import { Link } from 'wouter';

export function DecisionsPage() {
  return (
    <div className="space-y-6">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link href="/admin/results">
          <ArrowLeft aria-hidden="true" />
          Results
        </Link>
      </Button>
      <PageHeader
        title="Decisions"
        subtitle="Draft outcomes, release them, keep the waitlist and write to the owners"
        actions={
          <>
            {/* Issue 37: the shortlisted opportunities are the finalist ballot's candidates. */}
            <Button asChild variant="outline">
              <Link href="/admin/ballot">
                <Vote aria-hidden="true" />
                Finalist ballot
              </Link>
            </Button>
            <ExportButton type="decisions" label="Download decisions CSV" variant="outline" />
          </>
        }
      />
      <DecisionsView />
    </div>
  );
}
