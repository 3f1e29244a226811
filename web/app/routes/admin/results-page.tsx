import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { ExportButton } from '@web/features/exports/components/export-button';
import { ResultsView } from '@web/features/results/components/results-view';
import Gavel from 'lucide-react/icons/gavel';
import Users from 'lucide-react/icons/users';
import { Link } from 'wouter';

export function ResultsPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Results"
        subtitle="Calibrated ranking, how sure each rank is, and how far the panel can be trusted"
        actions={
          <>
            {/* Issue 35: the drafts, releases, waitlist and letters live one level down. */}
            <Button asChild variant="outline">
              <Link href="/admin/results/decisions">
                <Gavel aria-hidden="true" />
                Decisions
              </Link>
            </Button>
            {/* Issue 36: the discussion queue below, taken through with the panel. */}
            <Button asChild variant="outline">
              <Link href="/admin/meeting">
                <Users aria-hidden="true" />
                Meeting
              </Link>
            </Button>
            <ExportButton type="results" label="Download results CSV" variant="outline" />
          </>
        }
      />
      <ResultsView />
    </div>
  );
}
