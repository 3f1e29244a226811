import { REVIEW_DEADLINE, REVIEW_PHASE, REVIEW_REMINDERS } from '@shared/review-clock';
import {
  isSettingKey,
  type SettingKey,
  settingKeyParamsSchema,
  settingSchema,
  updateSettingSchema,
} from '@shared/settings-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { auditActorOf, recordAudit } from '../audit/record-audit';
import { setClockSetting } from '../review-clock/service';
import { getSettingValue, upsertSetting, validSettingValue } from './queries';

const CLOCK_SETTING_KEYS: ReadonlySet<string> = new Set([
  REVIEW_PHASE,
  REVIEW_DEADLINE,
  REVIEW_REMINDERS,
]);
const isClockSettingKey = (key: SettingKey) => CLOCK_SETTING_KEYS.has(key);

function knownKey(key: string): SettingKey {
  if (!isSettingKey(key)) throw notFound('Unknown setting');
  return key;
}

/**
 * Platform settings (SPEC.md section 7; issue 18 added the review-cycle keys), inside the admin
 * scope. Each key takes its own values (shared/settings-schemas.ts).
 */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/settings/:key',
    {
      config: { access: 'admin' },
      schema: { params: settingKeyParamsSchema, response: { 200: settingSchema } },
    },
    async (request) => {
      const key = knownKey(request.params.key);
      // A stored value the key does not take (written by hand) reads as the default.
      return { key, value: validSettingValue(key, await getSettingValue(db, key)) };
    },
  );

  app.post(
    '/settings',
    {
      config: { access: 'admin' },
      schema: { body: updateSettingSchema, response: { 200: settingSchema } },
    },
    async (request) => {
      const key = knownKey(request.body.key);
      const { value } = request.body;
      if (isClockSettingKey(key)) {
        // The review clock's settings re-arm its jobs and have rules of their own (issue 34).
        await setClockSetting(db, { key, value }, auditActorOf(request));
        return { key, value };
      }
      await db.transaction(async (tx) => {
        const before = await getSettingValue(tx, key);
        await upsertSetting(tx, key, value);
        await recordAudit(tx, auditActorOf(request), {
          action: 'setting.update',
          entityType: 'setting',
          entityId: key,
          changes: { before: { value: before }, after: { value } },
        });
      });
      return { key, value };
    },
  );
};
