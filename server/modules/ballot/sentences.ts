import { BALLOT_CLEAR_WINNER_SHARE } from '@shared/ballot';
import type { CandidateRow } from './queries';

// The sentences of the admin's ballot results: why one candidate is above the next, and whether
// the winner is clear. Pure, over candidate indices into the candidates (by number).

export const NO_BALLOTS_MESSAGE = 'No ballots yet.';

const votes = (n: number) => `${n} ${n === 1 ? 'vote' : 'votes'}`;

/** '#3 Solar kiosks'. */
export const labelOf = (candidate: CandidateRow) => `#${candidate.number} ${candidate.title}`;

/** 'a', 'a and b', 'a, b and c'. */
export function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * A share as a whole percentage; one decimal where rounding would reach the clear-winner line
 * from below (89.5% would read "90%" beside "the winner is not clear").
 */
export function percentOf(share: number): string {
  const whole = Math.round(share * 100);
  const line = Math.round(BALLOT_CLEAR_WINNER_SHARE * 100);
  if (share < BALLOT_CLEAR_WINNER_SHARE && whole >= line) return `${(share * 100).toFixed(1)}%`;
  return `${whole}%`;
}

export type PairFigures = {
  above: number;
  below: number;
  /** p[above][below], p[below][above]. */
  strength: number;
  against: number;
  /** The strongest path from above to below (indices), [] when strength is 0. */
  path: number[];
  weakest: { from: number; to: number; votes: number } | null;
  /** d[above][below], d[below][above]: the direct contest. */
  direct: { for: number; against: number };
  /** The two are in one group of the Schulze order. */
  sameGroup: boolean;
};

/** Why `above` is above `below` (or why they are tied), in one sentence. */
export function pairSentence(pair: PairFigures, candidates: CandidateRow[]): string {
  const a = labelOf(candidates[pair.above]!);
  const b = labelOf(candidates[pair.below]!);
  if (pair.strength === pair.against) {
    const each =
      pair.strength === 0
        ? 'no path of pairwise wins leads from either to the other'
        : `the strongest path each way holds ${votes(pair.strength)}`;
    return pair.sameGroup
      ? `${a} and ${b} are tied: ${each}.`
      : `${a} and ${b} are tied with each other (${each}); ${a} is placed higher by how each fares against the others.`;
  }
  const noWayBack = 'and no path of pairwise wins leads back';
  if (pair.path.length === 2) {
    const back =
      pair.against === 0
        ? noWayBack
        : `and the strongest path the other way holds ${votes(pair.against)}`;
    return `${a} beats ${b} directly, ${pair.direct.for} to ${pair.direct.against}, ${back}.`;
  }
  const back = pair.against === 0 ? noWayBack : `against ${pair.against} the other way`;
  const numbers = pair.path.map((k) => `#${candidates[k]!.number}`).join(' → ');
  const weakest = pair.weakest!;
  const link = `#${candidates[weakest.from]!.number} over #${candidates[weakest.to]!.number}`;
  return `${a} is above ${b}: its strongest path to it, ${numbers}, holds ${votes(pair.strength)} at its weakest link (${link}), ${back}.`;
}

/** Whether the winner is clear, and the sentence that says so. */
export function winnerOf(params: {
  ballots: number;
  groups: number[][];
  firstShare: number[];
  candidates: CandidateRow[];
}): { clear: boolean; message: string } {
  const { ballots, groups, firstShare, candidates } = params;
  if (ballots === 0 || groups.length === 0) return { clear: false, message: NO_BALLOTS_MESSAGE };
  const first = groups[0]!;
  if (first.length > 1) {
    const tied = listOf(first.map((k) => labelOf(candidates[k]!)));
    return { clear: false, message: `No clear winner: ${tied} are tied.` };
  }
  const winner = first[0]!;
  const share = firstShare[winner]!;
  if (share >= BALLOT_CLEAR_WINNER_SHARE) {
    return {
      clear: true,
      message: `${labelOf(candidates[winner]!)} wins; it comes first in ${percentOf(share)} of resamples.`,
    };
  }
  // The winner, then the others most often first (two at most), by share then number.
  const rivals = firstShare
    .map((value, k) => ({ k, value }))
    .filter(({ k, value }) => k !== winner && value > 0)
    .sort((x, y) => y.value - x.value || x.k - y.k)
    .slice(0, 2);
  const parts = [
    `${labelOf(candidates[winner]!)} comes first in ${percentOf(share)} of resamples`,
    ...rivals.map(({ k, value }) => `${labelOf(candidates[k]!)} in ${percentOf(value)}`),
  ];
  return { clear: false, message: `The winner is not clear: ${parts.join(', ')}.` };
}
