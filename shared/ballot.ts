/**
 * The finalist ballot (issue 37): its setting, the count's constants and the texts the screens
 * share, without zod (decision 0026). ballot-schemas.ts holds the contracts of the calls.
 */

/** Voting is open while this is 'true' (default 'false'). */
export const BALLOT_OPEN = 'ballot_open';

/** Resamples of the ballots behind each place's stability, the interval's level, the seed. */
export const BALLOT_RESAMPLES = 1000;
export const BALLOT_INTERVAL_LEVEL = 0.9;
export const BALLOT_SEED = 37;

/** A winner who keeps first place in fewer resamples than this share is "not clear". */
export const BALLOT_CLEAR_WINNER_SHARE = 0.9;

export const BALLOT_CLOSED_MESSAGE = 'The ballot is closed';
export const BALLOT_NOT_ELECTOR_MESSAGE =
  'Only reviewers assigned to a finalist vote on this ballot';
