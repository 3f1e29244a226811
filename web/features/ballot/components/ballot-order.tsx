import type { BallotPlace, BallotResults } from '@shared/ballot-schemas';
import { RegionCard } from '@web/components/ui/region-card';
import { cn } from '@web/lib/cn';
import AlertTriangle from 'lucide-react/icons/alert-triangle';
import Trophy from 'lucide-react/icons/trophy';
import { candidateName, ordinal } from '../lib/ordinal';

type Candidate = BallotResults['candidates'][number];

/** The count's verdict on first place, a warning when the first place is not clear. */
export function WinnerCallout({ winner }: { winner: BallotResults['winner'] }) {
  const Icon = winner.clear ? Trophy : AlertTriangle;
  return (
    <section
      aria-label="Winner"
      data-clear={winner.clear}
      className={cn(
        'flex items-start gap-3 rounded-xl border-2 p-4',
        winner.clear
          ? 'border-primary/50 bg-primary/5'
          : 'border-amber-500 bg-amber-50 dark:bg-amber-950/40',
      )}
    >
      <Icon className="mt-0.5 size-6 shrink-0" aria-hidden="true" />
      <p className="text-lg font-semibold leading-snug">{winner.message}</p>
    </section>
  );
}

/** "places 1-2" or "place 1". */
const intervalText = ({ low, high }: BallotPlace['interval']) =>
  low === high ? `place ${low}` : `places ${low}-${high}`;

const percent = (share: number) => `${Math.round(share * 100)}%`;

function PlaceFigures({ place, level }: { place: BallotPlace; level: number }) {
  return (
    <div className="space-y-1 text-sm">
      <p className="text-muted-foreground">
        Keeps this place in {percent(place.keepShare)} of resamples; {percent(level)} interval:{' '}
        {intervalText(place.interval)}
      </p>
      <dl className="flex flex-wrap gap-x-4 gap-y-1">
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Borda:</dt>
          <dd className="font-medium">{ordinal(place.bordaPlace)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted-foreground">By score:</dt>
          <dd className="font-medium">
            {place.scorePlace === null || place.calibratedComposite === null
              ? 'no reviews'
              : `${ordinal(place.scorePlace)} (${place.calibratedComposite.toFixed(2)})`}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * The Schulze order: its places best first, tied candidates together ("Tied for 2nd"), each with
 * how often it keeps its place when the ballots are resampled, the interval of its place, and its
 * Borda and score places beside it.
 */
export function BallotOrder({ results }: { results: BallotResults }) {
  const byId = new Map<string, Candidate>(results.candidates.map((c) => [c.id, c]));
  const placeOf = new Map(results.places.map((place) => [place.id, place]));
  return (
    <RegionCard
      title="Ballot order"
      description={`Schulze method over ${results.ballots} ${results.ballots === 1 ? 'ballot' : 'ballots'}; stability from ${results.resamples} resamples of the ballots`}
    >
      <ol aria-label="Ballot order" className="space-y-3">
        {results.schulze.map((group) => {
          const first = placeOf.get(group[0]!);
          const place = first?.place ?? 0;
          const heading = group.length > 1 ? `Tied for ${ordinal(place)}` : ordinal(place);
          return (
            <li
              key={group[0]}
              data-testid="ballot-order-place"
              className="flex gap-3 rounded-xl border p-3"
            >
              <h3 className="w-16 shrink-0 text-sm font-semibold sm:w-20 sm:text-base">
                {heading}
              </h3>
              <ul className="min-w-0 flex-1 space-y-3">
                {group.map((id) => {
                  const candidate = byId.get(id);
                  const figures = placeOf.get(id);
                  if (!candidate) return null;
                  return (
                    <li key={id} className="space-y-1">
                      <p className="font-medium break-words">{candidateName(candidate)}</p>
                      {figures ? <PlaceFigures place={figures} level={results.level} /> : null}
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ol>
    </RegionCard>
  );
}
