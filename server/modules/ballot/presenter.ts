import type { BallotCandidate, ReviewerBallot } from '@shared/ballot-schemas';
import type { BallotRow, CandidateRow } from './queries';

export const presentCandidate = (row: CandidateRow): BallotCandidate => ({
  id: row.id,
  number: row.number,
  title: row.title,
  imageUrl: row.imageUrl,
});

/**
 * A saved ranking read against the candidates the voter may rank now: ids that left the
 * shortlist or became conflicted are dropped, and so is a group they leave empty.
 */
export function rankingOf(ranking: string[][], mayRank: (id: string) => boolean): string[][] {
  return ranking.map((group) => group.filter(mayRank)).filter((group) => group.length > 0);
}

export function presentReviewerBallot(params: {
  open: boolean;
  eligible: boolean;
  candidates: CandidateRow[];
  conflicted: ReadonlySet<string>;
  composites: ReadonlyMap<string, string>;
  ballot: BallotRow | undefined;
}): ReviewerBallot {
  const { candidates, conflicted, composites, ballot } = params;
  const mine = candidates.filter((candidate) => !conflicted.has(candidate.id));
  const mayRank = new Set(mine.map((candidate) => candidate.id));
  return {
    open: params.open,
    eligible: params.eligible,
    candidates: mine.map((row) => ({
      ...presentCandidate(row),
      composite: composites.get(row.id) ?? null,
    })),
    ranking: ballot ? rankingOf(ballot.ranking, (id) => mayRank.has(id)) : [],
    savedAt: ballot ? ballot.savedAt.toISOString() : null,
  };
}
