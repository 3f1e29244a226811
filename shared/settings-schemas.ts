import { z } from 'zod';

/** Platform settings: the keys the server knows and the values an admin may set. */

export const SHOW_REVIEWER_COMMENTS = 'show_reviewer_comments';
export const SETTING_KEYS = [SHOW_REVIEWER_COMMENTS] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export const settingValueSchema = z.enum(['true', 'false'], {
  error: "Value must be 'true' or 'false'",
});

/** An unknown key passes this schema and is answered 404 by the server. */
export const updateSettingSchema = z.object({
  key: z.string('Key is required').trim().min(1, 'Key is required'),
  value: settingValueSchema,
});
export type UpdateSetting = z.infer<typeof updateSettingSchema>;

export const settingKeyParamsSchema = z.object({ key: z.string().min(1) });

export const settingSchema = z.object({ key: z.string(), value: settingValueSchema });
export type Setting = z.infer<typeof settingSchema>;
