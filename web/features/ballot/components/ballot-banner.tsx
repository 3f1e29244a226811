import type { ReviewerBallot } from '@shared/ballot-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import Vote from 'lucide-react/icons/vote';
import { Link } from 'wouter';
import { ballotKeys } from '../api/ballot-keys';

/**
 * "The finalist ballot is open" with the way in, on the reviewer's list while they may vote and
 * there are finalists; nothing otherwise, also when the ballot cannot be read. `enabled`: asked
 * for once the list has loaded, so it never holds the list up. It reads the ballot page's call by
 * its key alone, as the meeting banner does (decision 0023).
 */
export function BallotBanner({ enabled }: { enabled: boolean }) {
  const { data, isError } = useQuery({
    ...queryOptions<ReviewerBallot>({ queryKey: ballotKeys.reviewer() }),
    enabled,
  });
  if (isError || !data?.open || !data.eligible || data.candidates.length === 0) return null;
  const hasVoted = data.ranking.length > 0;
  return (
    <section
      aria-labelledby="ballot-banner-title"
      className="flex flex-col gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4 sm:flex-row sm:items-center"
    >
      <div className="flex flex-1 items-center gap-3">
        <Vote className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <div>
          <h2 id="ballot-banner-title" className="font-semibold">
            The finalist ballot is open
          </h2>
          <p className="text-sm text-muted-foreground">
            {hasVoted
              ? 'Your ballot is saved. You can change it until voting closes.'
              : 'Put the finalists in your order, best first.'}
          </p>
        </div>
      </div>
      <Button asChild size="sm" className="self-start sm:self-auto">
        <Link href="/reviewer/ballot">
          {hasVoted ? 'Review your ballot' : 'Rank the finalists'}
        </Link>
      </Button>
    </section>
  );
}
