import { type SettingKey, SHOW_REVIEWER_COMMENTS } from '@shared/settings-schemas';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema/index';

type Db = Pick<Database, 'select' | 'insert'>;

/** The value every setting has while no row exists (CONTRACT.md). */
export const SETTING_DEFAULTS: Record<SettingKey, 'true' | 'false'> = {
  [SHOW_REVIEWER_COMMENTS]: 'false',
};

export async function getSettingValue(db: Db, key: SettingKey): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  return row?.value ?? SETTING_DEFAULTS[key];
}

export async function upsertSetting(db: Db, key: SettingKey, value: string) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/** Whether reviewers may read other reviewers' comments: the one reading of this switch. */
export async function getShowReviewerComments(db: Db): Promise<boolean> {
  return (await getSettingValue(db, SHOW_REVIEWER_COMMENTS)) === 'true';
}
