import type { ReviewerBallot } from '@shared/ballot-schemas';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import Lock from 'lucide-react/icons/lock';
import type { ReactNode } from 'react';
import { useReviewerBallot } from '../api/reviewer-ballot-queries';
import { rankingOf } from '../lib/ranking';
import { BallotEditor } from './ballot-editor';
import { BallotPlaces } from './ballot-places';

function Notice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card>
      <CardContent className="space-y-2 py-6 text-center">
        <h2 className="text-lg font-semibold">{title}</h2>
        {children ? <p className="text-sm text-muted-foreground">{children}</p> : null}
      </CardContent>
    </Card>
  );
}

/** The closed ballot: the saved ranking, read-only. */
function ClosedBallot({ ballot }: { ballot: ReviewerBallot }) {
  const ranking = rankingOf(
    ballot.ranking,
    ballot.candidates.map((candidate) => candidate.id),
  );
  return (
    <div className="space-y-6">
      <div
        role="status"
        className="flex items-center gap-3 rounded-xl border border-amber-500 bg-amber-50 p-4 dark:bg-amber-950/40"
      >
        <Lock className="size-5 shrink-0" aria-hidden="true" />
        <p className="font-semibold">The ballot is closed.</p>
      </div>
      <BallotPlaces
        ranking={ranking}
        candidates={ballot.candidates}
        emptyRanking="You did not rank the finalists."
      />
    </div>
  );
}

function BallotBody({ ballot }: { ballot: ReviewerBallot }) {
  if (!ballot.eligible) {
    return (
      <Notice title="You are not on this ballot: only reviewers assigned to a finalist vote." />
    );
  }
  if (ballot.candidates.length === 0) {
    return (
      <Notice title="There are no finalists yet.">
        The ballot lists the shortlisted opportunities once the panel has chosen them.
      </Notice>
    );
  }
  if (!ballot.open) return <ClosedBallot ballot={ballot} />;
  return <BallotEditor ballot={ballot} />;
}

/**
 * The finalist ballot as a reviewer votes on it (issue 37): the shortlisted opportunities to put
 * in order, best first, ties allowed.
 */
export function ReviewerBallotView() {
  const { data: ballot, isError, error, refetch } = useReviewerBallot();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Finalist ballot"
        subtitle="Put the finalists in the order you would fund them, best first. Tie those you cannot separate."
      />
      {ballot ? (
        <BallotBody ballot={ballot} />
      ) : isError ? (
        <Card role="alert">
          <CardContent className="space-y-3 py-6 text-center">
            <h2 className="text-lg font-semibold">Could not load the ballot</h2>
            <p className="text-sm text-muted-foreground">{error.message}</p>
            <Button variant="outline" onClick={() => void refetch()}>
              Try Again
            </Button>
          </CardContent>
        </Card>
      ) : (
        // The admin pages' LoadingCards and ErrorCard would move to the chunk every page loads.
        <div role="status" aria-label="Loading the ballot" className="space-y-3">
          <Skeleton className="h-16 w-full rounded-xl" />
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
      )}
    </div>
  );
}
