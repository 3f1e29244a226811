import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { comments, opportunities, reviews, viewerStates } from '../../db/schema/index';

export type OpportunityRow = typeof opportunities.$inferSelect;
type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export async function listOpportunities(db: Db): Promise<OpportunityRow[]> {
  return db.select().from(opportunities).orderBy(asc(opportunities.number));
}

export async function findOpportunityForUpdate(
  db: Db,
  id: string,
): Promise<OpportunityRow | undefined> {
  const [row] = await db
    .select()
    .from(opportunities)
    .where(eq(opportunities.id, id))
    .limit(1)
    .for('update');
  return row;
}

/**
 * Locks the rows of these ids (those that exist) until the transaction ends, in id order, so that
 * two bulk changes over overlapping rows queue instead of deadlocking.
 */
export async function findOpportunitiesForUpdate(db: Db, ids: string[]): Promise<OpportunityRow[]> {
  return db
    .select()
    .from(opportunities)
    .where(inArray(opportunities.id, ids))
    .orderBy(asc(opportunities.id))
    .for('update');
}

export async function findOpportunityIdByNumber(db: Db, number: number) {
  const [row] = await db
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(eq(opportunities.number, number))
    .limit(1);
  return row?.id;
}

export async function countOpportunities(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(opportunities);
  return row?.n ?? 0;
}

/**
 * Serialises opportunity creations until the transaction ends, so that the count checked against
 * MAX_OPPORTUNITIES cannot be passed by two creations at once. Readers are not blocked.
 */
export async function lockOpportunityCreation(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('assay.opportunities.create'))`);
}

export async function insertOpportunity(
  db: Db,
  values: typeof opportunities.$inferInsert,
): Promise<OpportunityRow> {
  const [row] = await db.insert(opportunities).values(values).returning();
  return row!;
}

export async function updateOpportunity(
  db: Db,
  id: string,
  values: Partial<typeof opportunities.$inferInsert>,
): Promise<OpportunityRow> {
  const [row] = await db
    .update(opportunities)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(opportunities.id, id))
    .returning();
  return row!;
}

/** Reads an opportunity (undefined when unknown). */
export async function findOpportunity(db: Db, id: string): Promise<OpportunityRow | undefined> {
  const [row] = await db.select().from(opportunities).where(eq(opportunities.id, id)).limit(1);
  return row;
}

export type DependentCounts = { reviews: number; comments: number; viewerStates: number };

/**
 * The rows that go with an opportunity when it is deleted (the foreign keys cascade to reviews
 * and comments and clear viewer states), counted in one statement.
 */
export async function countDependents(db: Db, id: string): Promise<DependentCounts> {
  const [row] = await db
    .select({
      reviews: sql<number>`(select count(*)::int from ${reviews} where ${reviews.opportunityId} = ${id})`,
      comments: sql<number>`(select count(*)::int from ${comments} where ${comments.opportunityId} = ${id})`,
      viewerStates: sql<number>`(select count(*)::int from ${viewerStates} where ${viewerStates.lastOpportunityId} = ${id})`,
    })
    .from(sql`(select 1) as one`);
  return row!;
}

/** Deletes the row; its reviews and comments go with it and viewer states forget it (FKs). */
export async function deleteOpportunity(db: Db, id: string): Promise<void> {
  await db.delete(opportunities).where(eq(opportunities.id, id));
}
