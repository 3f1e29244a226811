import { emailSchema } from './auth-schemas';
import { bulkIdsSchema, displayNameSchema, personNameSchema } from './field-schemas';
import { PASSWORD_MIN_CREATE, PASSWORD_MIN_SET } from './limits';
import { z } from './zod';

/** Reviewer accounts as the admin back-office manages them (SPEC.md sections 2, 3 and 5). */

export const createReviewerSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  displayName: displayNameSchema,
  password: z
    .string('Password is required')
    .min(PASSWORD_MIN_CREATE, `Password must be at least ${PASSWORD_MIN_CREATE} characters`)
    .max(200, 'Password must be at most 200 characters'),
  // Only reviewers can be created here (SPEC.md section 6); any other role is a 400.
  role: z.literal('reviewer', "Only the 'reviewer' role can be assigned").optional(),
});
export type CreateReviewerInput = z.input<typeof createReviewerSchema>;
export type CreateReviewer = z.output<typeof createReviewerSchema>;

export const updateReviewerSchema = z.object({
  isActive: z.boolean('isActive must be true or false'),
});
export type UpdateReviewer = z.infer<typeof updateReviewerSchema>;

export const setPasswordSchema = z.object({
  password: z
    .string('Password is required')
    .min(PASSWORD_MIN_SET, `Password must be at least ${PASSWORD_MIN_SET} characters`)
    .max(200, 'Password must be at most 200 characters'),
});
export type SetPassword = z.infer<typeof setPasswordSchema>;

export const reviewerIdParamsSchema = z.object({ id: z.uuid('Invalid reviewer id') });

export const emailTypeSchema = z.enum([
  'new_opportunity',
  'review_reminder',
  'invitation',
  'discussion_digest',
]);
export const emailStatusSchema = z.enum(['pending', 'sent', 'failed']);

/** The most recent email queued for a reviewer, as the reviewers table shows it. */
export const lastEmailSchema = z.object({
  type: emailTypeSchema,
  status: emailStatusSchema,
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  errorMessage: z.string().nullable(),
});
export type LastEmail = z.infer<typeof lastEmailSchema>;

export const adminReviewerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  role: z.literal('reviewer'),
  isActive: z.boolean(),
  lastLogin: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  // Optional in the type so that clients built before it keep compiling; the list always sends it.
  lastEmail: lastEmailSchema.nullable().optional(),
});
export type AdminReviewer = z.infer<typeof adminReviewerSchema>;

/** POST /api/admin/reviewers/bulk-active: Activate or Deactivate for many rows, all or nothing. */
export const bulkReviewerActiveSchema = z.object({
  ids: bulkIdsSchema,
  isActive: updateReviewerSchema.shape.isActive,
});
export type BulkReviewerActive = z.infer<typeof bulkReviewerActiveSchema>;

/** What a bulk activation did: the accounts it changed, and those already in that state. */
export const bulkReviewerActiveResultSchema = z.object({
  isActive: z.boolean(),
  changed: z.array(adminReviewerSchema),
  unchanged: z.array(adminReviewerSchema),
});
export type BulkReviewerActiveResult = z.infer<typeof bulkReviewerActiveResultSchema>;

export const tempPasswordSchema = z.object({ tempPassword: z.string() });
export type TempPassword = z.infer<typeof tempPasswordSchema>;

/** POST /api/admin/reviewers/send-reminders: how many reminder emails were queued. */
export const sendRemindersResultSchema = z.object({ queued: z.number().int().min(0) });
export type SendRemindersResult = z.infer<typeof sendRemindersResultSchema>;
