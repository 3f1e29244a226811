import { BALLOT_INTERVAL_LEVEL, BALLOT_RESAMPLES, BALLOT_SEED } from '@shared/ballot';
import type { BallotPair, BallotResults } from '@shared/ballot-schemas';
import type { Results } from '@shared/results-schemas';
import { type Count, countBallots, EXCLUDED, strongestPath, UNRANKED } from './count';
import { presentCandidate } from './presenter';
import {
  type BallotRow,
  type CandidateRow,
  listBallotsOf,
  listCandidates,
  listConflictPairs,
  listElectorate,
  readBallotOpen,
} from './queries';
import { pairSentence, winnerOf } from './sentences';

type Db = Parameters<typeof listCandidates>[0];

/** The ballot reads Results through the admin scope's shared reader, as decisions do. */
export type ReadResults = () => Promise<Results>;

/**
 * One ballot over the candidates (index order = by number): its group index for a ranked
 * candidate it may rank, EXCLUDED for a candidate the voter has a conflict with now, UNRANKED for
 * the rest. Groups are numbered over those that still hold a candidate. Null when it ranks none
 * of today's candidates: an empty ballot does not count.
 */
export function ballotVector(
  ranking: string[][],
  candidates: CandidateRow[],
  conflicted: ReadonlySet<string>,
): Int32Array | null {
  const indexOf = new Map(candidates.map((candidate, k) => [candidate.id, k]));
  const vector = new Int32Array(candidates.length).fill(UNRANKED);
  for (const [k, candidate] of candidates.entries()) {
    if (conflicted.has(candidate.id)) vector[k] = EXCLUDED;
  }
  let group = 0;
  for (const ids of ranking) {
    const ranked = ids
      .map((id) => indexOf.get(id))
      .filter((k): k is number => k !== undefined && vector[k] === UNRANKED);
    if (ranked.length === 0) continue;
    for (const k of ranked) vector[k] = group;
    group += 1;
  }
  return group === 0 ? null : vector;
}

/** The score order: groups of equal calibrated composite, best first; unreviewed ones last. */
export function scoreOrder(composites: Array<number | null>): {
  groups: number[][];
  places: Array<number | null>;
} {
  const scored = [...new Set(composites.filter((value): value is number => value !== null))].sort(
    (x, y) => y - x,
  );
  const groups = scored.map((value) =>
    composites.flatMap((other, k) => (other === value ? [k] : [])),
  );
  const unreviewed = composites.flatMap((value, k) => (value === null ? [k] : []));
  if (unreviewed.length > 0) groups.push(unreviewed);
  const places = composites.map((value) =>
    value === null
      ? null
      : 1 + composites.filter((other) => other !== null && other > value).length,
  );
  return { groups, places };
}

/** The adjacent pairs of the Schulze order (groups flattened, a group by number). */
function pairsOf(count: Count, candidates: CandidateRow[]): BallotPair[] {
  const groupOf = new Map(count.groups.flatMap((group, g) => group.map((k) => [k, g] as const)));
  const order = count.groups.flatMap((group) => [...group].sort((x, y) => x - y));
  const idOf = (k: number) => candidates[k]!.id;
  return order.slice(1).map((below, i) => {
    const above = order[i]!;
    const path = strongestPath(count, above, below);
    const links = path
      .slice(1)
      .map((to, j) => ({ from: path[j]!, to, votes: count.d[path[j]!]![to]! }));
    const weakest = links.reduce<(typeof links)[number] | null>(
      (min, link) => (min === null || link.votes < min.votes ? link : min),
      null,
    );
    const figures = {
      above,
      below,
      strength: count.p[above]![below]!,
      against: count.p[below]![above]!,
      path,
      weakest,
      direct: { for: count.d[above]![below]!, against: count.d[below]![above]! },
      sameGroup: groupOf.get(above) === groupOf.get(below),
    };
    return {
      above: idOf(above),
      below: idOf(below),
      tied: figures.strength === figures.against,
      strength: figures.strength,
      against: figures.against,
      path: path.map(idOf),
      weakest: weakest
        ? { from: idOf(weakest.from), to: idOf(weakest.to), votes: weakest.votes }
        : null,
      sentence: pairSentence(figures, candidates),
    };
  });
}

export type BallotCount = {
  open: boolean;
  candidates: CandidateRow[];
  electorate: number;
  voters: Array<{ id: string; name: string }>;
  count: Count;
  /** How long the count took (Schulze, Borda and the resamples), in ms: Server-Timing. */
  countMs: number;
  calibrated: Array<number | null>;
};

/**
 * Counts the ballots of the current electorate over today's candidates: a ballot whose voter left
 * the electorate does not count, and a candidate its voter is now conflicted with is compared
 * with nobody on it. Deterministic: the resamples run from BALLOT_SEED.
 */
export async function countCurrentBallots(db: Db, readResults: ReadResults): Promise<BallotCount> {
  const candidates = await listCandidates(db);
  const candidateIds = candidates.map((candidate) => candidate.id);
  const [open, electorate] = await Promise.all([
    readBallotOpen(db),
    listElectorate(db, candidateIds),
  ]);
  const electorIds = electorate.map((elector) => elector.id);
  const [rows, conflicts, results] = await Promise.all([
    listBallotsOf(db, electorIds),
    listConflictPairs(db, electorIds, candidateIds),
    candidates.length > 0 ? readResults() : null,
  ]);
  const conflictedOf = new Map<string, Set<string>>();
  for (const pair of conflicts) {
    const set = conflictedOf.get(pair.reviewerId) ?? new Set<string>();
    set.add(pair.opportunityId);
    conflictedOf.set(pair.reviewerId, set);
  }
  const byVoter = new Map<string, BallotRow>(rows.map((row) => [row.reviewerId, row]));
  const counted: Int32Array[] = [];
  const voters: Array<{ id: string; name: string }> = [];
  // The electorate is by name, so the voters are too.
  for (const elector of electorate) {
    const row = byVoter.get(elector.id);
    if (!row) continue;
    const vector = ballotVector(row.ranking, candidates, conflictedOf.get(elector.id) ?? new Set());
    if (!vector) continue;
    counted.push(vector);
    voters.push({ id: elector.id, name: elector.name });
  }
  const started = performance.now();
  const count = countBallots({
    n: candidates.length,
    ballots: counted,
    resamples: BALLOT_RESAMPLES,
    seed: BALLOT_SEED,
    level: BALLOT_INTERVAL_LEVEL,
  });
  const countMs = performance.now() - started;
  const calibratedOf = new Map(
    (results?.opportunities ?? []).map((row) => [row.id, row.calibratedComposite]),
  );
  const calibrated = candidates.map((candidate) => calibratedOf.get(candidate.id) ?? null);
  return { open, candidates, electorate: electorate.length, voters, count, countMs, calibrated };
}

/** GET /api/admin/ballot/results. */
export function presentBallotResults(counted: BallotCount): BallotResults {
  const { candidates, count, calibrated, voters } = counted;
  const idOf = (k: number) => candidates[k]!.id;
  const scores = scoreOrder(calibrated);
  const places = candidates.map((candidate, k) => ({
    id: candidate.id,
    place: count.places[k]!,
    keepShare: count.keepShare[k]!,
    firstShare: count.firstShare[k]!,
    interval: count.interval[k]!,
    bordaPoints: count.bordaPoints[k]!,
    bordaPlace: count.bordaPlaces[k]!,
    calibratedComposite: calibrated[k]!,
    scorePlace: scores.places[k]!,
  }));
  const differences = places
    .map((place, k) => ({ k, place }))
    .filter(({ place }) => place.place !== place.scorePlace)
    .sort((x, y) => x.place.place - y.place.place || x.k - y.k)
    .map(({ place }) => ({ id: place.id, ballotPlace: place.place, scorePlace: place.scorePlace }));
  return {
    open: counted.open,
    electorate: counted.electorate,
    ballots: voters.length,
    voters,
    candidates: candidates.map(presentCandidate),
    d: count.d,
    p: count.p,
    schulze: count.groups.map((group) => [...group].sort((x, y) => x - y).map(idOf)),
    borda: count.bordaGroups.map((group) => [...group].sort((x, y) => x - y).map(idOf)),
    scores: scores.groups.map((group) => group.map(idOf)),
    places,
    pairs: pairsOf(count, candidates),
    differences,
    winner: winnerOf({
      ballots: voters.length,
      groups: count.groups,
      firstShare: count.firstShare,
      candidates,
    }),
    resamples: BALLOT_RESAMPLES,
    level: BALLOT_INTERVAL_LEVEL,
  };
}
