import { PageHeader } from '@web/components/layout/page-header';
import { BackLink } from '@web/components/layout/page-links';
import { Button } from '@web/components/ui/button';
import { AdminBallotView } from '@web/features/ballot/components/admin-ballot-view';
import Download from 'lucide-react/icons/download';

export function BallotPage() {
  return (
    <div className="space-y-6">
      <BackLink href="/admin/results">Results</BackLink>
      <PageHeader
        title="Finalist ballot"
        subtitle="Reviewers rank the shortlisted opportunities; the count orders them and says how sure it is"
        actions={
          // A plain download: the browser saves the CSV the server names.
          <Button asChild variant="outline">
            <a href="/api/admin/export/ballot" download>
              <Download aria-hidden="true" />
              Download CSV
            </a>
          </Button>
        }
      />
      <AdminBallotView />
    </div>
  );
}
