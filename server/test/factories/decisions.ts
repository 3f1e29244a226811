import type { Database } from '../../db/client';
import { decisions } from '../../db/schema/index';

export type DecisionOptions = { opportunityId: string } & Partial<typeof decisions.$inferInsert>;

/** Evidence of an opportunity nobody reviewed: what a decision keeps when set without reviews. */
const NO_EVIDENCE = {
  reviewCount: 0,
  rawComposite: null,
  calibratedComposite: null,
  calibratedRank: null,
  calibratedRankInterval: null,
  flags: [],
  alpha: null,
  ranked: 0,
};

/**
 * A decision revision, a 'shortlisted' draft unless told (one draft and one released per
 * opportunity at most, as the decision calls keep them). A 'released' one gets its release time.
 */
export async function createDecision(db: Database, options: DecisionOptions) {
  const [row] = await db
    .insert(decisions)
    .values({
      revision: 1,
      outcome: 'shortlisted',
      state: 'draft',
      evidence: NO_EVIDENCE,
      ...(options.state === 'released' ? { releasedAt: new Date() } : {}),
      ...options,
    })
    .returning();
  return row!;
}
