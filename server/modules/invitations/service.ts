import { type CreateInvitation, INVITATION_VALID_DAYS } from '@shared/invitation-schemas';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { conflict, HttpError, notFound } from '../../http/errors';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { hashPassword } from '../auth/passwords';
import { absoluteLink, linkEmailsToRecipient, queueEmails } from '../mail/outbox';
import { invitationEmail } from '../mail/templates';
import { DUPLICATE_EMAIL } from '../users/account-messages';
import { findUserByEmail, insertUser, recordLogin, type UserRow } from '../users/queries';
import {
  findInvitationByTokenHash,
  findOpenInvitationForUpdate,
  type InvitationRow,
  type InvitationWithInviter,
  insertInvitation,
  revokeExpiredInvitationsFor,
  updateInvitation,
} from './queries';
import { generateInvitationToken, hashInvitationToken } from './tokens';

export const INVITATION_NOT_FOUND = 'Invitation not found';
export const ALREADY_INVITED =
  'An invitation for this email is already pending. Resend it instead of inviting again.';
export const UNKNOWN_LINK =
  'This invitation link is not valid. It may have been replaced by a newer one.';
export const EXPIRED_LINK = 'This invitation has expired. Ask an administrator to send a new one.';
export const REVOKED_LINK = 'This invitation has been revoked.';
export const USED_LINK = 'This invitation has already been used. Sign in instead.';

const VALID_MS = INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000;

/** Who acts, and the inviter's name and PUBLIC_URL for the email. */
export type InvitationContext = {
  actor: AuditActor;
  actorName: string;
  publicUrl: string;
};

function auditedInvitation(row: InvitationRow) {
  return {
    email: row.email,
    name: row.name,
    displayName: row.displayName,
    customMessage: row.customMessage,
    expiresAt: row.expiresAt,
  };
}

async function queueInvitationEmail(
  db: Parameters<typeof queueEmails>[0],
  row: InvitationRow,
  token: string,
  context: InvitationContext,
) {
  await queueEmails(db, [
    {
      recipientId: null,
      recipientEmail: row.email,
      type: 'invitation',
      content: invitationEmail({
        name: row.name,
        invitedByName: context.actorName,
        link: absoluteLink(context.publicUrl, `/invite/${encodeURIComponent(token)}`),
        expiresAt: row.expiresAt,
        customMessage: row.customMessage,
      }),
    },
  ]);
}

/**
 * Invites a reviewer: 409 if the email has an account or an unexpired pending invitation (the
 * admin resends that one instead); an expired one is revoked and replaced.
 */
export async function createInvitation(
  db: Database,
  input: CreateInvitation,
  context: InvitationContext,
): Promise<InvitationWithInviter> {
  const token = generateInvitationToken();
  try {
    return await db.transaction(async (tx) => {
      if (await findUserByEmail(tx, input.email)) throw conflict(DUPLICATE_EMAIL);
      await revokeExpiredInvitationsFor(tx, input.email);
      const row = await insertInvitation(tx, {
        token: hashInvitationToken(token),
        email: input.email,
        name: input.name,
        displayName: input.displayName,
        customMessage: input.customMessage,
        createdById: context.actor.userId,
        expiresAt: new Date(Date.now() + VALID_MS),
      });
      await queueInvitationEmail(tx, row, token, context);
      await recordAudit(tx, context.actor, {
        action: 'invitation.create',
        entityType: 'invitation',
        entityId: row.id,
        changes: { after: auditedInvitation(row) },
      });
      return {
        ...row,
        inviter: context.actor.userId
          ? { id: context.actor.userId, name: context.actorName }
          : null,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'invitation_tokens_open_email_unique')) {
      throw conflict(ALREADY_INVITED);
    }
    throw error;
  }
}

/** A new token and expiry, a new email; the previous link stops working at once. */
export async function resendInvitation(
  db: Database,
  id: string,
  context: InvitationContext,
): Promise<InvitationWithInviter> {
  const token = generateInvitationToken();
  return db.transaction(async (tx) => {
    const current = await findOpenInvitationForUpdate(tx, id);
    if (!current) throw notFound(INVITATION_NOT_FOUND);
    if (await findUserByEmail(tx, current.email)) throw conflict(DUPLICATE_EMAIL);
    const row = await updateInvitation(tx, id, {
      token: hashInvitationToken(token),
      expiresAt: new Date(Date.now() + VALID_MS),
    });
    await queueInvitationEmail(tx, row, token, context);
    await recordAudit(tx, context.actor, {
      action: 'invitation.resend',
      entityType: 'invitation',
      entityId: id,
      changes: {
        before: { expiresAt: current.expiresAt },
        after: { expiresAt: row.expiresAt },
      },
    });
    return { ...row, inviter: current.inviter };
  });
}

export async function revokeInvitation(db: Database, id: string, actor: AuditActor) {
  await db.transaction(async (tx) => {
    const current = await findOpenInvitationForUpdate(tx, id);
    if (!current) throw notFound(INVITATION_NOT_FOUND);
    const row = await updateInvitation(tx, id, { revokedAt: new Date() });
    await recordAudit(tx, actor, {
      action: 'invitation.revoke',
      entityType: 'invitation',
      entityId: id,
      changes: { before: auditedInvitation(current), after: { revokedAt: row.revokedAt } },
    });
  });
}

/** Unknown 404; used, revoked or expired 410, each with its own message. */
function assertUsable(invitation: InvitationRow | undefined, now = new Date()): InvitationRow {
  if (!invitation) throw notFound(UNKNOWN_LINK);
  if (invitation.acceptedAt) throw new HttpError(410, USED_LINK);
  if (invitation.revokedAt) throw new HttpError(410, REVOKED_LINK);
  if (invitation.expiresAt.getTime() <= now.getTime()) throw new HttpError(410, EXPIRED_LINK);
  return invitation;
}

export async function findUsableInvitation(
  db: Database,
  token: string,
): Promise<InvitationWithInviter> {
  const invitation = await findInvitationByTokenHash(db, hashInvitationToken(token));
  assertUsable(invitation);
  return invitation!;
}

/**
 * Creates the invited reviewer's active account and marks the invitation used, in one
 * transaction. The invitation row is locked first, so of two concurrent accepts the second sees
 * it used (410); the unique index on lower(email) is the last guard (409).
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  password: string,
  actor: AuditActor,
): Promise<UserRow> {
  const tokenHash = hashInvitationToken(token);
  // A cheap check first, so that a bad link costs no password hashing.
  assertUsable(await findInvitationByTokenHash(db, tokenHash));
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const invitation = assertUsable(
        await findInvitationByTokenHash(tx, tokenHash, { forUpdate: true }),
      );
      if (await findUserByEmail(tx, invitation.email)) throw conflict(DUPLICATE_EMAIL);
      const user = await insertUser(tx, {
        name: invitation.name,
        email: invitation.email,
        displayName: invitation.displayName,
        passwordHash,
        role: 'reviewer',
        isActive: true,
      });
      await updateInvitation(tx, invitation.id, { acceptedAt: new Date() });
      await linkEmailsToRecipient(tx, user);
      await recordLogin(tx, user.id);
      const self = { ...actor, userId: user.id };
      await recordAudit(tx, self, {
        action: 'invitation.accept',
        entityType: 'invitation',
        entityId: invitation.id,
        changes: {
          after: { userId: user.id, email: user.email, name: user.name, role: user.role },
        },
      });
      await recordAudit(tx, self, { action: 'auth.login', entityType: 'user', entityId: user.id });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_unique')) throw conflict(DUPLICATE_EMAIL);
    throw error;
  }
}
