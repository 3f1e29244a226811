import { CRITERION_KEYS, type Scores } from '@shared/criteria';
import type { ResultsInput } from './compute-results';

/**
 * The input of the results as it travels from PostgreSQL (readResultsInputJson): rows as JSON
 * arrays rather than objects, since at 10,000 reviews the keys would be most of the bytes. Pure,
 * so that the thread computing the results can parse it without loading the database layer.
 */
export type ResultsInputJson = {
  /** [id, number, title], by number. */
  opportunities: Array<[string, number, string]>;
  /** [id, name], by name. */
  reviewers: Array<[string, string]>;
  /** [opportunityId, reviewerId, ...scores in CRITERIA order, composite]. */
  reviews: Array<[string, string, number, number, number, number, number, number]>;
};

/** The JSON text of a ResultsInputJson as computeResults takes it. */
export function parseResultsInput(json: string): ResultsInput {
  const input = JSON.parse(json) as ResultsInputJson;
  return {
    opportunities: input.opportunities.map(([id, number, title]) => ({ id, number, title })),
    reviewers: input.reviewers.map(([id, name]) => ({ id, name })),
    reviews: input.reviews.map((tuple) => {
      const scores = {} as Scores;
      CRITERION_KEYS.forEach((key, i) => {
        scores[key] = tuple[2 + i] as number;
      });
      return { opportunityId: tuple[0], reviewerId: tuple[1], scores, composite: tuple[7] };
    }),
  };
}
