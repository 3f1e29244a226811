import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { ErrorCard, LoadingCards } from '@web/components/ui/card-states';
import ListOrdered from 'lucide-react/icons/list-ordered';
import Vote from 'lucide-react/icons/vote';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useBallotResults } from '../api/admin-ballot-queries';
import { BallotDifferences, BallotPairs } from './ballot-explanations';
import { BallotOrder, WinnerCallout } from './ballot-order';
import { BallotVotingCard } from './ballot-voting-card';
import { PairwiseMatrix } from './pairwise-matrix';

function EmptyCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        {icon}
        <h2 className="text-lg font-semibold">{title}</h2>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The finalist ballot for the admin (issue 37): voting opened and closed, who has voted, and
 * the count - the Schulze order with how sure each place is, the pairwise preferences behind it,
 * and where it differs from the scores.
 */
export function AdminBallotView() {
  const results = useBallotResults();
  if (results.isError) {
    return (
      <ErrorCard
        title="Error Loading the Ballot"
        message={results.error.message}
        onRetry={() => void results.refetch()}
      />
    );
  }
  if (!results.data) return <LoadingCards label="Loading the ballot" bodyHeight="h-32" />;
  const data = results.data;
  return (
    <div className="space-y-6">
      <BallotVotingCard results={data} />
      {data.candidates.length === 0 ? (
        <EmptyCard
          icon={<ListOrdered aria-hidden="true" className="size-10 text-muted-foreground" />}
          title="No finalists yet"
        >
          <p className="max-w-md text-sm text-muted-foreground">
            Shortlist opportunities on the Decisions page to put them on the ballot.
          </p>
          <Button asChild variant="outline">
            <Link href="/admin/results/decisions">Go to Decisions</Link>
          </Button>
        </EmptyCard>
      ) : data.ballots === 0 ? (
        <EmptyCard
          icon={<Vote aria-hidden="true" className="size-10 text-muted-foreground" />}
          title="No ballots yet"
        >
          <p className="max-w-md text-sm text-muted-foreground">
            The count appears here once a reviewer has saved a ballot.
          </p>
        </EmptyCard>
      ) : (
        <>
          <WinnerCallout winner={data.winner} />
          <BallotOrder results={data} />
          <BallotPairs results={data} />
          <BallotDifferences results={data} />
          <PairwiseMatrix results={data} />
        </>
      )}
    </div>
  );
}
