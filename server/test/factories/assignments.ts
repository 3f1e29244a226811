import type { Database } from '../../db/client';
import { assignments } from '../../db/schema/index';

export type AssignmentOptions = { reviewerId: string; opportunityId: string; createdBy?: string };

/** Assigns the opportunity to the reviewer (issue 18's 'assigned' mode reads these rows). */
export async function createAssignment(db: Database, options: AssignmentOptions) {
  const [row] = await db.insert(assignments).values(options).returning();
  return row!;
}
