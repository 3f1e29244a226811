import type { Database } from '../../db/client';
import { conflicts } from '../../db/schema/index';

export type ConflictOptions = { reviewerId: string; opportunityId: string } & Partial<
  typeof conflicts.$inferInsert
>;

/** A conflict of interest, declared by the reviewer unless told. */
export async function createConflict(db: Database, options: ConflictOptions) {
  const [row] = await db
    .insert(conflicts)
    .values({ declaredBy: 'reviewer', reason: null, ...options })
    .returning();
  return row!;
}
