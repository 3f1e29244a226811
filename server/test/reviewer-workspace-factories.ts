import { randomUUID } from 'node:crypto';
import type { Scores } from '@shared/criteria';
import { compositeOf, toNumericText } from '@shared/scoring';
import type { Database } from '../db/client';
import { comments, opportunities, reviews, settings } from '../db/schema/index';

// Rows are inserted directly so these tests do not depend on the admin API.

type OpportunityValues = typeof opportunities.$inferInsert;

// Numbers must be unique within a test file's database; a per-file counter keeps them so.
let nextNumber = 1;

export async function createOpportunity(db: Database, overrides: Partial<OpportunityValues> = {}) {
  const number = overrides.number ?? nextNumber++;
  const [row] = await db
    .insert(opportunities)
    .values({
      number,
      title: `Opportunity ${number}`,
      description: `Description of opportunity ${number}`,
      tags: ['energy', 'water'],
      status: 'published',
      publishedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

export const SAMPLE_SCORES: Scores = {
  strategicAlignment: 4,
  sustainability: 3,
  technologyReadiness: 5,
  marketPotential: 2,
  businessPotential: 3,
};

export async function createReview(
  db: Database,
  params: { opportunityId: string; reviewerId: string; scores?: Scores },
) {
  const scores = params.scores ?? SAMPLE_SCORES;
  const [row] = await db
    .insert(reviews)
    .values({
      opportunityId: params.opportunityId,
      reviewerId: params.reviewerId,
      ...scores,
      composite: toNumericText(compositeOf(scores)),
    })
    .returning();
  return row!;
}

export async function createComment(
  db: Database,
  params: { opportunityId: string; reviewerId: string } & Partial<typeof comments.$inferInsert>,
) {
  const [row] = await db
    .insert(comments)
    .values({ howToBiggerBetter: 'Scale it up', challenges: 'Funding', ...params })
    .returning();
  return row!;
}

export async function setShowReviewerComments(db: Database, value: 'true' | 'false') {
  await db
    .insert(settings)
    .values({ key: 'show_reviewer_comments', value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}

/** A well-formed id that matches no row. */
export const unknownId = () => randomUUID();
