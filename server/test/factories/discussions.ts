import type { Database } from '../../db/client';
import { discussionPosts } from '../../db/schema/index';
import { nextSequence } from './sequence';

export type PostOptions = { opportunityId: string; authorId: string } & Partial<
  typeof discussionPosts.$inferInsert
>;

/** A post on an opportunity's discussion thread, as its author wrote it (no digest items). */
export async function createPost(db: Database, options: PostOptions) {
  const [row] = await db
    .insert(discussionPosts)
    .values({ body: `Post ${nextSequence()}`, ...options })
    .returning();
  return row!;
}
