import { BALLOT_OPEN } from './ballot';
import { SHOW_DECISIONS_TO_REVIEWERS } from './decisions';
import {
  DIGEST_MINUTES_MESSAGE,
  DISCUSSION_DIGEST_MINUTES,
  DISCUSSION_DIGEST_MINUTES_MAX,
  DISCUSSION_DIGEST_MINUTES_MIN,
} from './discussion';
import { REVIEW_DEADLINE, REVIEW_PHASE, REVIEW_REMINDERS } from './review-clock';
import {
  reviewDeadlineSchema,
  reviewPhaseSchema,
  reviewRemindersSchema,
} from './review-clock-schemas';
import { reviewAssignmentModeSchema } from './review-cycle-schemas';
import {
  REVIEW_ASSIGNMENT,
  REVIEWER_COMMENTS_AFTER_OWN_REVIEW,
  SHOW_REVIEWER_COMMENTS,
  SHOW_REVIEWER_NAMES,
} from './settings';
import { z } from './zod';

/** Platform settings: the keys the server knows and the values an admin may set. */

export const SETTING_KEYS = [
  SHOW_REVIEWER_COMMENTS,
  REVIEW_ASSIGNMENT,
  REVIEWER_COMMENTS_AFTER_OWN_REVIEW,
  SHOW_REVIEWER_NAMES,
  REVIEW_PHASE,
  REVIEW_DEADLINE,
  REVIEW_REMINDERS,
  SHOW_DECISIONS_TO_REVIEWERS,
  DISCUSSION_DIGEST_MINUTES,
  BALLOT_OPEN,
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** Issue 36: minutes between two digest emails to one person, as text ('5' to '1440'). */
export const discussionDigestMinutesSchema = z.string(DIGEST_MINUTES_MESSAGE).refine((value) => {
  if (!/^[0-9]{1,4}$/.test(value)) return false;
  const minutes = Number(value);
  return minutes >= DISCUSSION_DIGEST_MINUTES_MIN && minutes <= DISCUSSION_DIGEST_MINUTES_MAX;
}, DIGEST_MINUTES_MESSAGE);

export const settingValueSchema = z.enum(['true', 'false'], {
  error: "Value must be 'true' or 'false'",
});

/** Any value of any known key (the response of the settings calls). */
const settingAnyValueSchema = z.enum(['true', 'false', ...reviewAssignmentModeSchema.options], {
  error: "Value must be 'true' or 'false'",
});

/**
 * Each key's own values (issue 18 added the three after the spec's switch; issue 34 the review
 * clock's phase, deadline and reminder offsets).
 */
export const SETTING_VALUE_SCHEMAS = {
  [SHOW_REVIEWER_COMMENTS]: settingValueSchema,
  [REVIEW_ASSIGNMENT]: reviewAssignmentModeSchema,
  [REVIEWER_COMMENTS_AFTER_OWN_REVIEW]: settingValueSchema,
  [SHOW_REVIEWER_NAMES]: settingValueSchema,
  [REVIEW_PHASE]: reviewPhaseSchema,
  [REVIEW_DEADLINE]: reviewDeadlineSchema,
  [REVIEW_REMINDERS]: reviewRemindersSchema,
  [SHOW_DECISIONS_TO_REVIEWERS]: settingValueSchema,
  [DISCUSSION_DIGEST_MINUTES]: discussionDigestMinutesSchema,
  [BALLOT_OPEN]: settingValueSchema,
} as const satisfies Record<SettingKey, z.ZodType<string>>;
export type SettingValue = z.infer<(typeof SETTING_VALUE_SCHEMAS)[SettingKey]>;

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_VALUE_SCHEMAS, key);
}

/**
 * The value is checked against its key's own schema (a wrong value is 400 with that key's
 * message). An unknown key passes with any value a known key takes and is answered 404 by the
 * server; with any other value it is 400, as before keys had values of their own.
 */
export const updateSettingSchema = z
  .object({
    key: z.string('Key is required').trim().min(1, 'Key is required'),
    value: z.unknown(),
  })
  .superRefine((body, ctx) => {
    const valid = isSettingKey(body.key)
      ? SETTING_VALUE_SCHEMAS[body.key].safeParse(body.value)
      : settingAnyValueSchema.safeParse(body.value);
    if (!valid.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: valid.error.issues[0]?.message ?? 'Invalid value',
      });
    }
  })
  .transform((body) => ({ key: body.key, value: body.value as SettingValue }));
export type UpdateSetting = z.infer<typeof updateSettingSchema>;

export const settingKeyParamsSchema = z.object({ key: z.string().min(1) });

/** A setting as read or written: the switches' 'true'/'false', a mode, a phase, a deadline, offsets. */
export const settingSchema = z.object({ key: z.string(), value: z.string() });
export type Setting = z.infer<typeof settingSchema>;
