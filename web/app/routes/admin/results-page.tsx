import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '@web/components/layout/page-header';
import { HeaderLink } from '@web/components/layout/page-links';
import { useNewPostCounts } from '@web/features/discussions/api/unread-queries';
import { ExportButton } from '@web/features/exports/components/export-button';
import { resultsQuery } from '@web/features/results/api/results-queries';
import { ResultsView } from '@web/features/results/components/results-view';
import { formatCount } from '@web/lib/format-count';
import Gavel from 'lucide-react/icons/gavel';
import MessageSquare from 'lucide-react/icons/message-square';
import Users from 'lucide-react/icons/users';
import Vote from 'lucide-react/icons/vote';

export function ResultsPage() {
  // Issue 36: the discussions' new posts are asked for once the results are there.
  const results = useQuery(resultsQuery);
  const newPosts = useNewPostCounts({ enabled: results.isSuccess });
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <PageHeader
          title="Results"
          subtitle="Calibrated ranking, how sure each rank is, and how far the panel can be trusted"
          actions={
            <>
              {/* Issue 35: the drafts, releases, waitlist and letters live one level down. */}
              <HeaderLink href="/admin/results/decisions" icon={<Gavel aria-hidden="true" />}>
                Decisions
              </HeaderLink>
              {/* Issue 36: the discussion queue below, taken through with the panel. */}
              <HeaderLink href="/admin/meeting" icon={<Users aria-hidden="true" />}>
                Meeting
              </HeaderLink>
              {/* Issue 37: the reviewers' ranking of the shortlisted opportunities. */}
              <HeaderLink href="/admin/ballot" icon={<Vote aria-hidden="true" />}>
                Finalist ballot
              </HeaderLink>
              <ExportButton type="results" label="Download results CSV" variant="outline" />
            </>
          }
        />
        <p role="status" className="flex items-center gap-1.5 text-sm">
          {newPosts.total > 0 ? (
            <>
              <MessageSquare aria-hidden="true" className="size-4 text-primary" />
              {formatCount(newPosts.total)} {newPosts.total === 1 ? 'thread' : 'threads'} with new
              posts
            </>
          ) : null}
        </p>
      </div>
      <ResultsView newPosts={newPosts.counts} />
    </div>
  );
}
