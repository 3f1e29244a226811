import type { Database } from '../../db/client';
import { ballots } from '../../db/schema/index';

/** A reviewer's ballot, stored as written (groups of opportunity ids, best first). */
export async function createBallot(db: Database, reviewerId: string, ranking: string[][]) {
  const [row] = await db
    .insert(ballots)
    .values({ reviewerId, ranking })
    .onConflictDoUpdate({ target: ballots.reviewerId, set: { ranking } })
    .returning();
  return row!;
}
