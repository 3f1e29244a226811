import type { SettingKey, SettingValue } from '@shared/settings-schemas';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema/index';

/** Stores a setting whether or not a row for it exists yet. */
export async function setSetting(db: Database, key: SettingKey, value: SettingValue) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}

/** Stores the spec's comment switch. */
export async function setShowReviewerComments(db: Database, value: 'true' | 'false') {
  await setSetting(db, 'show_reviewer_comments', value);
}
