import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Serialises every change of assignments and conflicts (issue 18) for the rest of the transaction:
 * auto-assign reads its input after taking it, so no conflict declared meanwhile can end up
 * assigned, and two admins' changes never interleave. These changes are an admin's clicks and a
 * reviewer's rare declaration, so waiting costs nothing noticeable.
 */
export async function lockReviewCycle(db: Pick<Database, 'execute'>): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('assay.review-cycle'))`);
}
