import { randomBytes } from 'node:crypto';
import type { Scores } from '@shared/criteria';
import { compositeOf, toNumericText } from '@shared/scoring';
import type { Database } from '../db/client';
import { comments, opportunities, reviews, users } from '../db/schema/index';

// Rows for analytics and export tests, inserted directly so that these tests depend on neither
// the admin nor the reviewer API. Reviewers made here never sign in (no real password hash).

let nextNumber = 1;

/** A number not used yet in this test file's database. */
export const freshNumber = () => nextNumber++;

export async function insertReviewer(
  db: Database,
  values: Partial<typeof users.$inferInsert> = {},
) {
  const suffix = randomBytes(4).toString('hex');
  const [row] = await db
    .insert(users)
    .values({
      name: `Reviewer ${suffix}`,
      email: `reviewer-${suffix}@example.test`,
      passwordHash: 'not-a-hash',
      role: 'reviewer',
      ...values,
    })
    .returning();
  return row!;
}

export async function insertOpportunity(
  db: Database,
  values: Partial<typeof opportunities.$inferInsert> = {},
) {
  const number = values.number ?? freshNumber();
  const [row] = await db
    .insert(opportunities)
    .values({
      number,
      title: `Opportunity ${number}`,
      description: `About opportunity ${number}`,
      status: 'published',
      publishedAt: new Date(),
      ...values,
    })
    .returning();
  return row!;
}

export async function insertReview(
  db: Database,
  params: { opportunityId: string; reviewerId: string; scores: Scores },
) {
  const [row] = await db
    .insert(reviews)
    .values({
      opportunityId: params.opportunityId,
      reviewerId: params.reviewerId,
      ...params.scores,
      composite: toNumericText(compositeOf(params.scores)),
    })
    .returning();
  return row!;
}

export async function insertComment(
  db: Database,
  values: { opportunityId: string; reviewerId: string } & Partial<typeof comments.$inferInsert>,
) {
  const [row] = await db.insert(comments).values(values).returning();
  return row!;
}

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

/** Rounds like PostgreSQL's round(x, 4) for the values these tests produce. */
export function round4(value: number): number {
  return Math.round((value + Number.EPSILON) * 10_000) / 10_000;
}
