import type { BallotResults } from '@shared/ballot-schemas';
import { RegionCard } from '@web/components/ui/region-card';
import { candidateName, ordinal } from '../lib/ordinal';

/** For each two neighbours of the order, the strongest path that puts the upper one above. */
export function BallotPairs({ results }: { results: BallotResults }) {
  if (results.pairs.length === 0) return null;
  return (
    <RegionCard title="Why each place is above the next">
      <ol className="list-decimal space-y-2 pl-5 text-sm">
        {results.pairs.map((pair) => (
          <li key={`${pair.above}-${pair.below}`}>{pair.sentence}</li>
        ))}
      </ol>
    </RegionCard>
  );
}

/** The finalists whose place on the ballot is not their place by calibrated score. */
export function BallotDifferences({ results }: { results: BallotResults }) {
  const byId = new Map(results.candidates.map((candidate) => [candidate.id, candidate]));
  return (
    <RegionCard title="Where the ballot differs from the scores">
      {results.differences.length === 0 ? (
        <p className="text-sm">The ballot order matches the score order.</p>
      ) : (
        <ul className="space-y-1.5 text-sm">
          {results.differences.map((difference) => {
            const candidate = byId.get(difference.id);
            if (!candidate) return null;
            const byScore =
              difference.scorePlace === null
                ? 'no reviews to place it by score'
                : `${ordinal(difference.scorePlace)} by score`;
            return (
              <li key={difference.id}>
                <span className="font-medium">{candidateName(candidate)}</span>:{' '}
                {ordinal(difference.ballotPlace)} on the ballot, {byScore}
              </li>
            );
          })}
        </ul>
      )}
    </RegionCard>
  );
}
