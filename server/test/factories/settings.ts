import type { Database } from '../../db/client';
import { settings } from '../../db/schema/index';

/** Stores the setting whether or not a row for it exists yet. */
export async function setShowReviewerComments(db: Database, value: 'true' | 'false') {
  await db
    .insert(settings)
    .values({ key: 'show_reviewer_comments', value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}
