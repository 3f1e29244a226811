import {
  SETTING_KEYS,
  type SettingKey,
  settingKeyParamsSchema,
  settingSchema,
  settingValueSchema,
  updateSettingSchema,
} from '@shared/settings-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { auditActorOf, recordAudit } from '../audit/record-audit';
import { getSettingValue, SETTING_DEFAULTS, upsertSetting } from './queries';

function knownKey(key: string): SettingKey {
  if (!(SETTING_KEYS as readonly string[]).includes(key)) throw notFound('Unknown setting');
  return key as SettingKey;
}

/** Platform settings (SPEC.md section 7), inside the admin scope. */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/settings/:key',
    {
      config: { access: 'admin' },
      schema: { params: settingKeyParamsSchema, response: { 200: settingSchema } },
    },
    async (request) => {
      const key = knownKey(request.params.key);
      // A stored value outside 'true'/'false' (written by hand) reads as the default.
      const parsed = settingValueSchema.safeParse(await getSettingValue(db, key));
      return { key, value: parsed.success ? parsed.data : SETTING_DEFAULTS[key] };
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
