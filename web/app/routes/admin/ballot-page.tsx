import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { AdminBallotView } from '@web/features/ballot/components/admin-ballot-view';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Download from 'lucide-react/icons/download';
import { Link } from 'wouter';

export function BallotPage() {
  return (
    <div className="space-y-6">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link href="/admin/results">
          <ArrowLeft aria-hidden="true" />
          Results
        </Link>
      </Button>
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
