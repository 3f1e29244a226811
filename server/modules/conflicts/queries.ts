import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { conflicts, opportunities, users } from '../../db/schema/index';

type Db = Pick<Database, 'select' | 'insert' | 'delete'>;

export type ConflictRow = typeof conflicts.$inferSelect;

/** Inserts the conflict unless the pair has one; undefined when it had. */
export async function insertConflictIfNew(
  db: Db,
  values: Pick<
    typeof conflicts.$inferInsert,
    'reviewerId' | 'opportunityId' | 'reason' | 'declaredBy' | 'createdBy'
  >,
): Promise<ConflictRow | undefined> {
  const [row] = await db.insert(conflicts).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findConflictOfPair(
  db: Db,
  pair: { reviewerId: string; opportunityId: string },
): Promise<ConflictRow | undefined> {
  const [row] = await db
    .select()
    .from(conflicts)
    .where(
      and(
        eq(conflicts.reviewerId, pair.reviewerId),
        eq(conflicts.opportunityId, pair.opportunityId),
      ),
    );
  return row;
}

export async function deleteConflict(db: Db, id: string): Promise<ConflictRow | undefined> {
  const [row] = await db.delete(conflicts).where(eq(conflicts.id, id)).returning();
  return row;
}

export type ConflictWithNamesRow = ConflictRow & {
  reviewerName: string;
  reviewerEmail: string;
  opportunityNumber: number;
  opportunityTitle: string;
};

/** Every conflict with its reviewer and opportunity, newest first. */
export async function listConflictsWithNames(db: Db): Promise<ConflictWithNamesRow[]> {
  const rows = await db
    .select({
      conflict: conflicts,
      reviewerName: users.name,
      reviewerEmail: users.email,
      opportunityNumber: opportunities.number,
      opportunityTitle: opportunities.title,
    })
    .from(conflicts)
    .innerJoin(users, eq(users.id, conflicts.reviewerId))
    .innerJoin(opportunities, eq(opportunities.id, conflicts.opportunityId))
    .orderBy(desc(conflicts.createdAt), desc(conflicts.id));
  return rows.map(({ conflict, ...names }) => ({ ...conflict, ...names }));
}

/** A reviewer account (role reviewer, active or not) and an opportunity (any status), if both exist. */
export async function findReviewerAndOpportunity(
  db: Pick<Database, 'execute'>,
  pair: { reviewerId: string; opportunityId: string },
): Promise<{ reviewer: { name: string } | null; opportunity: { number: number } | null }> {
  const result = await db.execute<{
    reviewerName: string | null;
    opportunityNumber: number | null;
  }>(
    sql`select
      (select ${users.name} from ${users} where ${users.id} = ${pair.reviewerId} and ${users.role} = 'reviewer') as "reviewerName",
      (select ${opportunities.number} from ${opportunities} where ${opportunities.id} = ${pair.opportunityId}) as "opportunityNumber"`,
  );
  const row = result.rows[0]!;
  return {
    reviewer: row.reviewerName === null ? null : { name: row.reviewerName },
    opportunity: row.opportunityNumber === null ? null : { number: row.opportunityNumber },
  };
}
