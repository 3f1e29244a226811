import type { BallotResults } from '@shared/ballot-schemas';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { RegionCard } from '@web/components/ui/region-card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { useBallotOpen, useUpdateBallotOpen } from '../api/admin-ballot-queries';

/** The switch of `ballot_open`, read like the dashboard's settings: unknown, it says so. */
function VotingSwitch() {
  const setting = useBallotOpen();
  const update = useUpdateBallotOpen();
  if (setting.isPending) return <Skeleton className="h-6 w-11 shrink-0 rounded-full" />;
  if (setting.isError) {
    return (
      <div role="alert" className="flex shrink-0 flex-col items-end gap-1 text-sm">
        <span className="text-destructive dark:text-red-400">Could not be loaded</span>
        <Button variant="outline" size="sm" onClick={() => setting.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  return (
    <Switch
      id="ballot-open"
      aria-describedby="ballot-open-help"
      checked={setting.data.value === 'true'}
      disabled={update.isPending}
      onCheckedChange={(checked) => update.mutate(checked)}
    />
  );
}

/** Voting: the switch that opens and closes it, who has voted so far. */
export function BallotVotingCard({ results }: { results: BallotResults }) {
  return (
    <RegionCard title="Voting">
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <Label htmlFor="ballot-open">Voting open</Label>
          <p id="ballot-open-help" className="text-sm text-muted-foreground">
            While on, reviewers assigned to a finalist can rank the finalists. Closing keeps every
            saved ballot.
          </p>
        </div>
        <VotingSwitch />
      </div>
      <p className="text-sm" data-testid="ballot-turnout">
        <span className="font-semibold tabular-nums">{results.ballots}</span> of{' '}
        <span className="font-semibold tabular-nums">{results.electorate}</span>{' '}
        {results.electorate === 1 ? 'reviewer has' : 'reviewers have'} voted
      </p>
      {results.voters.length > 0 ? (
        <details className="rounded-md border bg-muted/30 px-3 py-2 text-sm">
          <summary className="cursor-pointer font-medium">Who has voted</summary>
          <ul className="mt-2 list-disc space-y-0.5 pl-5">
            {results.voters.map((voter) => (
              <li key={voter.id}>{voter.name}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </RegionCard>
  );
}
