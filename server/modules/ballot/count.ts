import { createSeededRandom } from '../results/statistics/seeded-random';

/**
 * The finalist ballot's count (issue 37, docs/decisions/0031-finalist-ballot.md): the Schulze
 * method with winning votes, the Borda count beside it, and a bootstrap of the ballots that says
 * how sure each place is.
 *
 * A ballot is one rank value per candidate: the index of its group (0 = best; candidates in one
 * group are tied), UNRANKED for a candidate the voter left out (tied below every ranked one), or
 * EXCLUDED for a candidate the voter has a conflict with, which then takes part in none of that
 * voter's comparisons while the voter's other comparisons stand.
 */
export const UNRANKED = 0x3fff_ffff;
export const EXCLUDED = -1;

export type CountInput = {
  /** Candidates are 0 .. n - 1. */
  n: number;
  /** ballots[b][k]: candidate k's rank value on ballot b. */
  ballots: Int32Array[];
  resamples?: number;
  seed?: number;
  /** Coverage of the place intervals (0.9: the 5th to the 95th percentile). */
  level?: number;
};

export type PlaceInterval = { low: number; high: number };

export type Count = {
  /** d[i][j]: voters who prefer candidate i to candidate j. */
  d: number[][];
  /** p[i][j]: the strength of the strongest path from i to j (winning votes; 0 when none). */
  p: number[][];
  /** The Schulze order: groups of candidate indices, best first, each by index. */
  groups: number[][];
  /** Per candidate: 1 + the candidates in the groups above it. */
  places: number[];
  /** Per candidate: a point for each candidate a voter ranks it above, half for each tie. */
  bordaPoints: number[];
  bordaGroups: number[][];
  bordaPlaces: number[];
  /** Per candidate: the share of resamples in which its place is exactly `places[k]`. */
  keepShare: number[];
  /** Per candidate: the share of resamples in which it is in the first group. */
  firstShare: number[];
  /** Per candidate: the nearest-rank percentiles of its place over the resamples. */
  interval: PlaceInterval[];
};

export const DEFAULT_RESAMPLES = 1000;
export const DEFAULT_LEVEL = 0.9;
export const DEFAULT_SEED = 37;

export function countBallots(input: CountInput): Count {
  const { n, ballots } = input;
  const resamples = input.resamples ?? DEFAULT_RESAMPLES;
  const level = input.level ?? DEFAULT_LEVEL;
  // Each ballot as the flat indices i * n + j of the pairs it prefers, counted once per draw.
  const preferences = ballots.map((ranks) => preferredPairs(n, ranks));
  const flatD = new Int32Array(n * n);
  for (const pairs of preferences) for (const index of pairs) flatD[index]!++;
  const flatP = strongestPaths(n, flatD);
  const places = schulzePlaces(n, flatP);
  const borda = bordaCount(n, ballots);

  const keep = new Int32Array(n);
  const first = new Int32Array(n);
  // histogram[k * n + place - 1]: resamples in which candidate k had that place.
  const histogram = new Int32Array(n * n);
  const voters = ballots.length;
  const random = createSeededRandom(input.seed ?? DEFAULT_SEED);
  const uniforms = new Float64Array(voters);
  const drawnD = new Int32Array(n * n);
  for (let r = 0; r < resamples && voters > 0; r++) {
    drawnD.fill(0);
    random.fill(uniforms);
    for (let draw = 0; draw < voters; draw++) {
      const pairs = preferences[Math.floor(uniforms[draw]! * voters)]!;
      for (let t = 0; t < pairs.length; t++) drawnD[pairs[t]!]!++;
    }
    const drawnPlaces = schulzePlaces(n, strongestPaths(n, drawnD));
    for (let k = 0; k < n; k++) {
      const place = drawnPlaces[k]!;
      if (place === places[k]) keep[k]!++;
      if (place === 1) first[k]!++;
      histogram[k * n + place - 1]!++;
    }
  }

  const tail = (1 - level) / 2;
  const counted = voters > 0 ? resamples : 0;
  return {
    d: toRows(n, flatD),
    p: toRows(n, flatP),
    groups: groupsOf(places),
    places: Array.from(places),
    bordaPoints: borda,
    bordaGroups: groupsOf(placesByPoints(borda)),
    bordaPlaces: Array.from(placesByPoints(borda)),
    // Without ballots there is nothing to resample: every place stands as counted.
    keepShare: Array.from(keep, (kept) => (counted ? kept / counted : 1)),
    firstShare: Array.from(first, (firsts, k) =>
      counted ? firsts / counted : places[k] === 1 ? 1 : 0,
    ),
    interval: Array.from(places, (place, k) =>
      counted
        ? {
            low: percentilePlace(histogram, k, n, Math.ceil(tail * counted)),
            high: percentilePlace(histogram, k, n, Math.ceil((1 - tail) * counted)),
          }
        : { low: place, high: place },
    ),
  };
}

/**
 * The strongest path from i to j with the fewest links (candidate indices, both ends included):
 * a breadth-first search over the links at least as strong as p[i][j], which by the definition of
 * p connect i to j. [] when p[i][j] is 0 (no path: i never beats anyone on the way to j).
 */
export function strongestPath(count: Pick<Count, 'd' | 'p'>, i: number, j: number): number[] {
  const { d, p } = count;
  const strength = p[i]![j]!;
  if (i === j || strength === 0) return [];
  const n = d.length;
  const previous = new Int32Array(n).fill(-1);
  previous[i] = i;
  const queue = [i];
  for (let head = 0; head < queue.length; head++) {
    const from = queue[head]!;
    for (let to = 0; to < n; to++) {
      if (previous[to] !== -1 || linkStrength(d, from, to) < strength) continue;
      previous[to] = from;
      if (to === j) return walkBack(previous, j);
      queue.push(to);
    }
  }
  throw new Error(`No path of strength ${strength} from ${i} to ${j}: p is not d's closure`);
}

/** A link's strength with winning votes: d[x][y] when x beats y head to head, else 0. */
export function linkStrength(d: number[][], x: number, y: number): number {
  const votes = d[x]![y]!;
  return x !== y && votes > d[y]![x]! ? votes : 0;
}

function walkBack(previous: Int32Array, j: number): number[] {
  const path = [j];
  for (let at = j; previous[at] !== at; at = previous[at]!) path.push(previous[at]!);
  return path.reverse();
}

function preferredPairs(n: number, ranks: Int32Array): Int32Array {
  const pairs: number[] = [];
  for (let i = 0; i < n; i++) {
    const ri = ranks[i]!;
    if (ri === EXCLUDED) continue;
    for (let j = 0; j < n; j++) {
      const rj = ranks[j]!;
      if (rj !== EXCLUDED && ri < rj) pairs.push(i * n + j);
    }
  }
  return Int32Array.from(pairs);
}

/** Widest paths by the Floyd-Warshall scheme of Schulze's paper (section 2.3), winning votes. */
function strongestPaths(n: number, d: Int32Array): Int32Array {
  const p = new Int32Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i !== j && d[i * n + j]! > d[j * n + i]!) p[i * n + j] = d[i * n + j]!;
    }
  }
  for (let k = 0; k < n; k++) {
    for (let i = 0; i < n; i++) {
      if (i === k) continue;
      const ik = p[i * n + k]!;
      if (ik === 0) continue;
      for (let j = 0; j < n; j++) {
        if (j === i || j === k) continue;
        const through = Math.min(ik, p[k * n + j]!);
        if (through > p[i * n + j]!) p[i * n + j] = through;
      }
    }
  }
  return p;
}

/**
 * Places by peeling the Schulze relation (x above y when p[x][y] > p[y][x], which Schulze proves
 * transitive): the first group is every candidate nobody beats, the next those nobody left beats,
 * and so on. Candidates in one group are tied and share a place.
 */
function schulzePlaces(n: number, p: Int32Array): Int32Array {
  const places = new Int32Array(n);
  let placed = 0;
  while (placed < n) {
    const group: number[] = [];
    for (let x = 0; x < n; x++) {
      if (places[x] !== 0) continue;
      let beaten = false;
      for (let y = 0; y < n && !beaten; y++) {
        beaten = y !== x && places[y] === 0 && p[y * n + x]! > p[x * n + y]!;
      }
      if (!beaten) group.push(x);
    }
    for (const x of group) places[x] = placed + 1;
    placed += group.length;
  }
  return places;
}

function bordaCount(n: number, ballots: Int32Array[]): number[] {
  const points = new Array<number>(n).fill(0);
  for (const ranks of ballots) {
    for (let i = 0; i < n; i++) {
      const ri = ranks[i]!;
      if (ri === EXCLUDED) continue;
      for (let j = 0; j < n; j++) {
        const rj = ranks[j]!;
        if (j === i || rj === EXCLUDED) continue;
        if (ri < rj) points[i]! += 1;
        else if (ri === rj) points[i]! += 0.5;
      }
    }
  }
  return points;
}

/** 1 + the candidates with more points (equal points share a place). */
function placesByPoints(points: number[]): Int32Array {
  return Int32Array.from(points, (mine) => 1 + points.filter((other) => other > mine).length);
}

/** Candidates grouped by place, best first, each group by index. */
export function groupsOf(places: ArrayLike<number>): number[][] {
  const byPlace = new Map<number, number[]>();
  for (let k = 0; k < places.length; k++) {
    const group = byPlace.get(places[k]!) ?? [];
    group.push(k);
    byPlace.set(places[k]!, group);
  }
  return [...byPlace.entries()].sort(([a], [b]) => a - b).map(([, group]) => group);
}

function toRows(n: number, flat: Int32Array): number[][] {
  return Array.from({ length: n }, (_, i) => Array.from(flat.subarray(i * n, (i + 1) * n)));
}

/** The smallest place whose cumulative count reaches `count` (nearest-rank percentile). */
function percentilePlace(histogram: Int32Array, k: number, n: number, count: number): number {
  let cumulative = 0;
  for (let place = 1; place <= n; place++) {
    cumulative += histogram[k * n + place - 1]!;
    if (cumulative >= Math.max(count, 1)) return place;
  }
  return n;
}
