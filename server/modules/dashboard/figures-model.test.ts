import { compositeOf, toNumericText } from '@shared/scoring';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignments, conflicts, opportunities, reviews } from '../../db/schema/index';
import { setSetting } from '../../test/factories/settings';
import { createUser, type TestUser } from '../../test/factories/users';
import { setupTestDatabase } from '../../test/test-database';
import { listOpportunityAnalytics, listReviewerAnalytics } from '../analytics/queries';
import { createSeededRandom } from '../results/statistics/seeded-random';
import { getDashboardCounts } from './queries';

// The dashboard counts and the analytics' per-opportunity and per-reviewer figures against a
// second implementation: the rules of docs/review-cycle.md written out in TypeScript over a
// random panel (seeded) with every kind of exception at once: deactivated reviewers, an admin's
// account, drafts and archived opportunities, conflicts (reviewed and not), assignments (to
// inactive reviewers and unpublished opportunities too), in both review modes. The statements
// count exceptions, gate forms and aggregate before joining (decisions 0006, 0035); the model
// walks every pair.

type Pair = `${string}|${string}`;
const pairOf = (reviewerId: string, opportunityId: string): Pair =>
  `${reviewerId}|${opportunityId}`;
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

const database = setupTestDatabase();
let people: TestUser[];
let items: Array<{ id: string; status: 'published' | 'draft' | 'archived' }>;
const composites = new Map<Pair, number>();
const assigned = new Set<Pair>();
const conflicted = new Set<Pair>();

beforeAll(async () => {
  const { db } = database;
  const random = createSeededRandom(20_261_129);
  people = [];
  for (let i = 0; i < 24; i++) {
    people.push(
      await createUser(db, {
        name: `Reviewer ${String(i).padStart(2, '0')}`,
        isActive: random.next() > 0.2,
      }),
    );
  }
  // An account that reviewed and is an admin now: its reviews count, it is not a reviewer.
  people.push(await createUser(db, { name: 'Former reviewer', role: 'admin' }));
  const statuses = ['published', 'published', 'published', 'draft', 'archived'] as const;
  items = await db
    .insert(opportunities)
    .values(
      Array.from({ length: 10 }, (_, i) => {
        const status = statuses[random.below(statuses.length)]!;
        return {
          number: i + 1,
          title: `Opportunity ${i + 1}`,
          description: 'A description',
          status,
          publishedAt: status === 'draft' ? null : new Date(),
        };
      }),
    )
    .returning({ id: opportunities.id, status: opportunities.status });
  const reviewRows: Array<typeof reviews.$inferInsert> = [];
  for (const person of people) {
    for (const item of items) {
      const pair = pairOf(person.id, item.id);
      if (random.next() < 0.6) {
        const scores = {
          strategicAlignment: 1 + random.below(5),
          sustainability: 1 + random.below(5),
          technologyReadiness: 1 + random.below(5),
          marketPotential: 1 + random.below(5),
          businessPotential: 1 + random.below(5),
        };
        composites.set(pair, compositeOf(scores));
        reviewRows.push({
          reviewerId: person.id,
          opportunityId: item.id,
          ...scores,
          composite: toNumericText(compositeOf(scores)),
        });
      }
      if (random.next() < 0.5) assigned.add(pair);
      if (random.next() < 0.12) conflicted.add(pair);
    }
  }
  await db.insert(reviews).values(reviewRows);
  const rowsOf = (pairs: Set<Pair>) =>
    [...pairs].map((pair) => {
      const [reviewerId, opportunityId] = pair.split('|') as [string, string];
      return { reviewerId, opportunityId };
    });
  await db.insert(assignments).values(rowsOf(assigned));
  await db
    .insert(conflicts)
    .values(rowsOf(conflicted).map((pair) => ({ ...pair, declaredBy: 'reviewer' as const })));
});

/** docs/review-cycle.md: a pair counts without a conflict and, in 'assigned' mode, assigned. */
function model(mode: 'open' | 'assigned') {
  const counts = (pair: Pair) => !conflicted.has(pair) && (mode === 'open' || assigned.has(pair));
  const reviewers = people.filter((p) => p.role === 'reviewer');
  const active = reviewers.filter((p) => p.isActive);
  const published = items.filter((o) => o.status === 'published');
  const countedOf = (by: TestUser[], of: Array<{ id: string }>) =>
    by.flatMap((p) =>
      of
        .map((o) => pairOf(p.id, o.id))
        .filter((pair) => composites.has(pair) && counts(pair))
        .map((pair) => composites.get(pair)!),
    );
  const expected = active.flatMap((p) => published.map((o) => pairOf(p.id, o.id))).filter(counts);
  const summary = (values: number[]) => ({
    reviewCount: values.length,
    avgComposite:
      values.length === 0 ? null : round4(values.reduce((sum, v) => sum + v, 0) / values.length),
  });
  return {
    counts: {
      totalReviewers: reviewers.length,
      activeReviewers: active.length,
      publishedOpportunities: published.length,
      totalOpportunities: items.length,
      totalReviews: countedOf(people, items).length,
      completedReviews: countedOf(active, published).length,
      expectedReviews: expected.length,
    },
    // Every review that counts, by whoever wrote it (deactivated reviewers' reviews stay).
    opportunities: published.map((o) => ({ id: o.id, ...summary(countedOf(people, [o])) })),
    reviewers: active.map((p) => ({ id: p.id, ...summary(countedOf([p], published)) })),
  };
}

/** The figures of analytics rows that the model computes. */
const figuresOf = (rows: Array<{ id: string; reviewCount: number; avgComposite: number | null }>) =>
  rows.map(({ id, reviewCount, avgComposite }) => ({ id, reviewCount, avgComposite }));

describe.each(['open', 'assigned'] as const)("in '%s' mode", (mode) => {
  beforeAll(async () => {
    await setSetting(database.db, 'review_assignment', mode);
  });

  it('the dashboard counts are the model’s', async () => {
    const { counts } = await getDashboardCounts(database.db);
    expect(counts).toEqual(model(mode).counts);
    // Not a degenerate panel: every kind of exception is present.
    expect(counts.totalReviews).toBeGreaterThan(counts.completedReviews);
    expect(counts.activeReviewers).toBeLessThan(counts.totalReviewers);
  });

  it('the analytics per opportunity and per reviewer are the model’s', async () => {
    const expected = model(mode);
    expect(figuresOf(await listOpportunityAnalytics(database.db))).toEqual(expected.opportunities);
    expect(figuresOf(await listReviewerAnalytics(database.db))).toEqual(expected.reviewers);
  });
});
