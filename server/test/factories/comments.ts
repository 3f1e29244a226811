import type { Database } from '../../db/client';
import { comments } from '../../db/schema/index';

export type CommentOptions = { opportunityId: string; reviewerId: string } & Partial<
  typeof comments.$inferInsert
>;

/** A reviewer's comments on an opportunity; two of the four answers filled unless told. */
export async function createComment(db: Database, options: CommentOptions) {
  const [row] = await db
    .insert(comments)
    .values({ howToBiggerBetter: 'Scale it up', challenges: 'Funding', ...options })
    .returning();
  return row!;
}
