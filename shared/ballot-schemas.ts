import { z } from './zod';

/**
 * The finalist ballot's calls (issue 37, docs/decisions/0031-finalist-ballot.md). Candidates are
 * the opportunities whose decision (the draft where there is one, else the released one) is
 * 'shortlisted'.
 */

/**
 * PUT /api/reviewer/ballot. Groups best first; the ids in one group are tied; a candidate in no
 * group is tied below every ranked one; [] withdraws the ballot. The ids are checked on the
 * server (unknown, duplicate, not a candidate, conflicted: 400 naming them), so any string passes
 * here.
 */
export const putBallotSchema = z.object({
  ranking: z
    .array(
      z
        .array(z.string('Each id must be a string'), 'Each group must be a list of ids')
        .min(1, 'A group must hold at least one id'),
      'Ranking must be a list of groups',
    )
    .max(50, 'At most 50 groups'),
});
export type PutBallot = z.infer<typeof putBallotSchema>;

/** A candidate as the ballot lists it. */
export const ballotCandidateSchema = z.object({
  id: z.uuid(),
  number: z.int(),
  title: z.string(),
  imageUrl: z.string().nullable(),
});
export type BallotCandidate = z.infer<typeof ballotCandidateSchema>;

/** GET and PUT /api/reviewer/ballot: what the caller may rank and their own ballot. */
export const reviewerBallotSchema = z.object({
  open: z.boolean(),
  /** False in assigned mode for a reviewer assigned to no candidate (they may not vote). */
  eligible: z.boolean(),
  /** By number; a candidate the caller has a conflict with is left out. */
  candidates: z.array(
    ballotCandidateSchema.extend({
      /** The caller's own composite ('3.4000') if they scored it. */
      composite: z.string().nullable(),
    }),
  ),
  /** The caller's saved ranking (groups of candidate ids, best first); [] when none. */
  ranking: z.array(z.array(z.uuid())),
  savedAt: z.iso.datetime().nullable(),
});
export type ReviewerBallot = z.infer<typeof reviewerBallotSchema>;

const shareSchema = z.number().min(0).max(1);

/** One candidate's place in the Schulze order and how sure it is (candidates' order). */
export const ballotPlaceSchema = z.object({
  id: z.uuid(),
  /** 1 + the candidates in the groups above; tied candidates share a place. */
  place: z.int().positive(),
  /** Share of resamples in which the candidate has exactly this place. */
  keepShare: shareSchema,
  /** Share of resamples in which the candidate is in the first group. */
  firstShare: shareSchema,
  /** The 5th to 95th percentile of its place over the resamples. */
  interval: z.object({ low: z.int().positive(), high: z.int().positive() }),
  bordaPoints: z.number(),
  bordaPlace: z.int().positive(),
  /** From Results: null when the opportunity has no reviews. */
  calibratedComposite: z.number().nullable(),
  /** 1 + the candidates with a higher calibrated composite; null without reviews. */
  scorePlace: z.int().positive().nullable(),
});
export type BallotPlace = z.infer<typeof ballotPlaceSchema>;

/** Two candidates next to each other in the Schulze order, and why the upper one is above. */
export const ballotPairSchema = z.object({
  above: z.uuid(),
  below: z.uuid(),
  /** True when neither beats the other (p[above][below] === p[below][above]). */
  tied: z.boolean(),
  /** p[above][below] and p[below][above]. */
  strength: z.int().nonnegative(),
  against: z.int().nonnegative(),
  /** The strongest path from above to below (ids, both ends included); [] when strength is 0. */
  path: z.array(z.uuid()),
  /** The path's weakest link: d[from][to] voters prefer from to to. */
  weakest: z.object({ from: z.uuid(), to: z.uuid(), votes: z.int() }).nullable(),
  /** The sentence the admin page shows. */
  sentence: z.string(),
});
export type BallotPair = z.infer<typeof ballotPairSchema>;

/** GET /api/admin/ballot/results. Matrices are indexed in the order of `candidates`. */
export const ballotResultsSchema = z.object({
  open: z.boolean(),
  /** Reviewers who may vote now; ballots = the non-empty ballots among theirs. */
  electorate: z.int().nonnegative(),
  ballots: z.int().nonnegative(),
  /** Who has voted (admins see names), by name. */
  voters: z.array(z.object({ id: z.uuid(), name: z.string() })),
  /** By number. */
  candidates: z.array(ballotCandidateSchema),
  /** d[i][j]: voters who prefer candidate i to candidate j. */
  d: z.array(z.array(z.int().nonnegative())),
  /** p[i][j]: the strength of the strongest path from i to j (winning votes). */
  p: z.array(z.array(z.int().nonnegative())),
  /** The Schulze order: groups of ids, best first; a group of two or more is a tie. */
  schulze: z.array(z.array(z.uuid())),
  /** The Borda order for comparison (a point per candidate ranked below, half per tie). */
  borda: z.array(z.array(z.uuid())),
  /** The calibrated score order of the same candidates; unreviewed ones in a last group. */
  scores: z.array(z.array(z.uuid())),
  /** In the order of `candidates`. */
  places: z.array(ballotPlaceSchema),
  /** Adjacent pairs of the Schulze order, top first. */
  pairs: z.array(ballotPairSchema),
  /** Candidates whose ballot place differs from their score place, by ballot place. */
  differences: z.array(
    z.object({
      id: z.uuid(),
      ballotPlace: z.int().positive(),
      scorePlace: z.int().positive().nullable(),
    }),
  ),
  winner: z.object({ clear: z.boolean(), message: z.string() }),
  resamples: z.int().positive(),
  level: z.number(),
});
export type BallotResults = z.infer<typeof ballotResultsSchema>;
