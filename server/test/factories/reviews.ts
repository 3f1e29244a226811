import type { Scores } from '@shared/criteria';
import { compositeOf, toNumericText } from '@shared/scoring';
import type { Database } from '../../db/client';
import { reviews } from '../../db/schema/index';

export const SAMPLE_SCORES: Scores = {
  strategicAlignment: 4,
  sustainability: 3,
  technologyReadiness: 5,
  marketPotential: 2,
  businessPotential: 3,
};

/** Scores from a compact tuple in criteria order: SA, SU, TR, MP, BP. */
export function scoresOf([sa, su, tr, mp, bp]: readonly [number, number, number, number, number]) {
  return {
    strategicAlignment: sa,
    sustainability: su,
    technologyReadiness: tr,
    marketPotential: mp,
    businessPotential: bp,
  } satisfies Scores;
}

export type ReviewOptions = { opportunityId: string; reviewerId: string; scores?: Scores };

/** A complete review with its composite, as the reviewer API would store it. */
export async function createReview(db: Database, options: ReviewOptions) {
  const scores = options.scores ?? SAMPLE_SCORES;
  const [row] = await db
    .insert(reviews)
    .values({
      opportunityId: options.opportunityId,
      reviewerId: options.reviewerId,
      ...scores,
      composite: toNumericText(compositeOf(scores)),
    })
    .returning();
  return row!;
}
