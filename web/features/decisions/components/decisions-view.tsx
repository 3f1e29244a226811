import type { ReleaseResult } from '@shared/decision-schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { ErrorCard, LoadingCards } from '@web/components/ui/card-states';
import { RegionCard } from '@web/components/ui/region-card';
import { countOf } from '@web/lib/count-of';
import Gavel from 'lucide-react/icons/gavel';
import Send from 'lucide-react/icons/send';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { useDecisions } from '../api/decision-queries';
import { decisionRowsOf, proposalText } from '../lib/decision-rows';
import { DecisionsTable } from './decisions-table';
import { ReleaseDialog } from './release-dialog';
import { WaitlistCard } from './waitlist-card';

function NoDecisions() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <Gavel aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="text-lg font-semibold">No decisions yet. Decide from Results.</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          Select opportunities in the ranking and choose Decide, or open one to draft its outcome.
        </p>
        <Button asChild variant="outline">
          <Link href="/admin/results">Go to Results</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** The outcome of the last release, said on the page until the next one. */
function ProposedNotice({ result }: { result: ReleaseResult }) {
  if (result.proposed.length === 0) return null;
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-500 bg-amber-50 p-4 text-sm dark:bg-amber-950/40"
    >
      <p className="font-semibold">Proposed from the waitlist</p>
      <ul className="mt-1 list-disc pl-5">
        {result.proposed.map((item) => (
          <li key={item.opportunityId}>
            {proposalText(item)} ({item.title}). Release the draft to put it in force.
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The decisions screen (issue 35): drafts and released outcomes, their flags and what moved since,
 * the waitlist in order, and the release of the drafts.
 */
export function DecisionsView() {
  const decisions = useDecisions();
  const [isReleasing, setIsReleasing] = useState(false);
  const [lastRelease, setLastRelease] = useState<ReleaseResult | null>(null);
  const rows = useMemo(() => decisionRowsOf(decisions.data?.decisions ?? []), [decisions.data]);
  const draftCount = rows.filter((row) => row.draft).length;

  if (decisions.isError) {
    return (
      <ErrorCard
        title="Error Loading Decisions"
        message={decisions.error.message}
        onRetry={() => void decisions.refetch()}
      />
    );
  }
  if (!decisions.data) return <LoadingCards label="Loading decisions" bodyHeight="h-32" />;
  return (
    <div className="space-y-6">
      {lastRelease ? <ProposedNotice result={lastRelease} /> : null}
      {rows.length === 0 ? (
        <NoDecisions />
      ) : (
        <>
          <RegionCard
            title="Outcomes"
            description={`${countOf(decisions.data.acceptedCount, 'opportunity', 'opportunities')} accepted, ${countOf(draftCount, 'draft')} to release`}
            actions={
              <Button onClick={() => setIsReleasing(true)} disabled={draftCount === 0}>
                <Send aria-hidden="true" />
                Release drafts
              </Button>
            }
          >
            <DecisionsTable rows={rows} />
          </RegionCard>
          <WaitlistCard rows={rows} waitlist={decisions.data.waitlist} />
        </>
      )}
      <ReleaseDialog
        open={isReleasing}
        onClose={() => setIsReleasing(false)}
        onReleased={setLastRelease}
      />
    </div>
  );
}
