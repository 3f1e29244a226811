import { emailSchema } from './auth-schemas';
import { displayNameSchema, optionalTextSchema, personNameSchema } from './field-schemas';
import { PASSWORD_MIN_CREATE } from './limits';
import { z } from './zod';

/** Invitations (SPEC.md sections 3 and 5): an admin invites a reviewer by email. */

export const INVITATION_VALID_DAYS = 7;
export const CUSTOM_MESSAGE_MAX = 2000;

export const createInvitationSchema = z.object({
  email: emailSchema,
  name: personNameSchema,
  displayName: displayNameSchema,
  customMessage: optionalTextSchema(
    CUSTOM_MESSAGE_MAX,
    `Message must be at most ${CUSTOM_MESSAGE_MAX} characters`,
  ),
});
export type CreateInvitationInput = z.input<typeof createInvitationSchema>;
export type CreateInvitation = z.output<typeof createInvitationSchema>;

export const invitationIdParamsSchema = z.object({ id: z.uuid('Invalid invitation id') });

/** A pending invitation as the admin sees it: never the token or its hash. */
export const adminInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  displayName: z.string().nullable(),
  customMessage: z.string().nullable(),
  invitedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  isExpired: z.boolean(),
});
export type AdminInvitation = z.infer<typeof adminInvitationSchema>;

export const invitationTokenParamsSchema = z.object({
  token: z.string().min(1).max(200),
});

/** What the invitation page shows before the password is chosen. */
export const publicInvitationSchema = z.object({
  email: z.string(),
  name: z.string(),
  displayName: z.string().nullable(),
  invitedByName: z.string().nullable(),
  expiresAt: z.iso.datetime(),
});
export type PublicInvitation = z.infer<typeof publicInvitationSchema>;

export const acceptInvitationSchema = z
  .object({
    password: z
      .string('Password is required')
      .min(PASSWORD_MIN_CREATE, `Password must be at least ${PASSWORD_MIN_CREATE} characters`)
      .max(200, 'Password must be at most 200 characters'),
    confirmPassword: z.string('Please confirm the password'),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
export type AcceptInvitation = z.infer<typeof acceptInvitationSchema>;
