import type { Results } from '@shared/results-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PageHeader } from '@web/components/layout/page-header';
import { BackLink } from '@web/components/layout/page-links';
import { AdminMeetingView } from '@web/features/meeting/components/admin-meeting-view';
import { resultsKeys } from '@web/features/results/api/results-keys';

// The Results answer by its key (the results feature's query reads the same cache entry): its
// query module would bring the Results page's mutations into the chunk every admin page loads.
const resultsQuery = queryOptions<Results>({ queryKey: resultsKeys.results() });

export function MeetingPage() {
  const { data: results } = useQuery(resultsQuery);
  return (
    <div className="space-y-6">
      <BackLink href="/admin/results">Results</BackLink>
      <PageHeader
        title="Meeting"
        subtitle="Take the panel through the discussion queue, one opportunity at a time"
      />
      <AdminMeetingView results={results} />
    </div>
  );
}
