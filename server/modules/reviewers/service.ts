import type { CreateReviewer } from '@shared/reviewer-admin-schemas';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { conflict, notFound } from '../../http/errors';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { generatePassword, hashPassword } from '../auth/passwords';
import { queueReviewReminders } from '../mail/notifications';
import { destroySessionsOfUser } from '../sessions/queries';
import { DUPLICATE_EMAIL } from '../users/account-messages';
import { findUserByEmail, insertUser, type UserRow } from '../users/queries';
import {
  deleteReviewer,
  findReviewerForUpdate,
  findReviewersForUpdate,
  updateReviewer,
} from './queries';

export const REVIEWER_NOT_FOUND = 'Reviewer not found';

/** What the audit log keeps of an account: never the password hash. */
export function auditedAccount(user: UserRow) {
  return {
    name: user.name,
    email: user.email,
    displayName: user.displayName,
    role: user.role,
    isActive: user.isActive,
  };
}

export async function createReviewer(
  db: Database,
  input: CreateReviewer,
  actor: AuditActor,
): Promise<UserRow> {
  if (await findUserByEmail(db, input.email)) throw conflict(DUPLICATE_EMAIL);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertUser(tx, {
        name: input.name,
        email: input.email,
        displayName: input.displayName,
        passwordHash,
        role: 'reviewer',
        isActive: true,
      });
      await recordAudit(tx, actor, {
        action: 'reviewer.create',
        entityType: 'user',
        entityId: row.id,
        changes: { after: auditedAccount(row) },
      });
      return row;
    });
  } catch (error) {
    // Two creations racing past the check above meet the unique index on lower(email).
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL);
    throw error;
  }
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

type AccountChange = {
  values: Parameters<typeof updateReviewer>[2];
  endSessions: boolean;
  actor: AuditActor;
  action: (before: UserRow) => string;
};

/**
 * Writes a change of a reviewer row the caller's transaction has locked, ends their sessions when
 * asked (a credential change), and records the audit row: what one call and each row of a bulk
 * activation do alike.
 */
async function applyAccountChange(
  tx: Transaction,
  before: UserRow,
  change: AccountChange,
): Promise<UserRow> {
  const row = await updateReviewer(tx, before.id, change.values);
  if (!row) throw notFound(REVIEWER_NOT_FOUND);
  if (change.endSessions) await destroySessionsOfUser(tx, before.id);
  const isPasswordChange = change.values.passwordHash !== undefined;
  await recordAudit(tx, change.actor, {
    action: change.action(before),
    entityType: 'user',
    entityId: before.id,
    // A password change is recorded as a fact, never with any password material.
    changes: isPasswordChange
      ? { credentialsChanged: true, sessionsEnded: change.endSessions }
      : { before: { isActive: before.isActive }, after: { isActive: row.isActive } },
  });
  return row;
}

/** A credential change ends the reviewer's sessions in the same transaction. */
async function updateAndEndSessions(
  db: Database,
  id: string,
  change: AccountChange,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const before = await findReviewerForUpdate(tx, id);
    if (!before) throw notFound(REVIEWER_NOT_FOUND);
    return applyAccountChange(tx, before, change);
  });
}

/**
 * CONTRACT.md: a deactivated reviewer's sessions lose access at once (403, the user is read on
 * every request) and work again after reactivation, so they are kept.
 */
const activeChange = (isActive: boolean, actor: AuditActor): AccountChange => ({
  values: { isActive },
  endSessions: false,
  actor,
  action: () => (isActive ? 'reviewer.activate' : 'reviewer.deactivate'),
});

export function setReviewerActive(db: Database, id: string, isActive: boolean, actor: AuditActor) {
  return updateAndEndSessions(db, id, activeChange(isActive, actor));
}

export const reviewersNotFound = (ids: string[]) =>
  `${ids.length === 1 ? 'Reviewer' : 'Reviewers'} not found: ${ids.join(', ')}`;

export type BulkActiveOutcome = { changed: UserRow[]; unchanged: UserRow[] };

/**
 * Activate or Deactivate for many reviewers in one transaction: an unknown id (or an admin's)
 * answers 404 naming it before anything is written. Each changed account goes through
 * applyAccountChange as the single call does; accounts already in the state are left untouched.
 */
export async function setReviewersActive(
  db: Database,
  input: { ids: string[]; isActive: boolean },
  actor: AuditActor,
): Promise<BulkActiveOutcome> {
  return db.transaction(async (tx) => {
    const rows = await findReviewersForUpdate(tx, input.ids);
    const found = new Set(rows.map((row) => row.id));
    const missing = input.ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw notFound(reviewersNotFound(missing));
    const change = activeChange(input.isActive, actor);
    const outcome: BulkActiveOutcome = { changed: [], unchanged: [] };
    const byName = rows.toSorted(
      (a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email),
    );
    for (const row of byName) {
      if (row.isActive === input.isActive) outcome.unchanged.push(row);
      else outcome.changed.push(await applyAccountChange(tx, row, change));
    }
    return outcome;
  });
}

export async function resetReviewerPassword(
  db: Database,
  id: string,
  actor: AuditActor,
): Promise<string> {
  const tempPassword = generatePassword();
  await updateAndEndSessions(db, id, {
    values: { passwordHash: await hashPassword(tempPassword) },
    endSessions: true,
    actor,
    action: () => 'reviewer.reset_password',
  });
  return tempPassword;
}

export async function setReviewerPassword(
  db: Database,
  id: string,
  password: string,
  actor: AuditActor,
) {
  await updateAndEndSessions(db, id, {
    values: { passwordHash: await hashPassword(password) },
    endSessions: true,
    actor,
    action: () => 'reviewer.set_password',
  });
}

export async function removeReviewer(db: Database, id: string, actor: AuditActor) {
  await db.transaction(async (tx) => {
    const before = await findReviewerForUpdate(tx, id);
    if (!before || !(await deleteReviewer(tx, id))) throw notFound(REVIEWER_NOT_FOUND);
    await destroySessionsOfUser(tx, id);
    await recordAudit(tx, actor, {
      action: 'reviewer.delete',
      entityType: 'user',
      entityId: id,
      changes: { before: auditedAccount(before) },
    });
  });
}

/** Queues the reminders and records who asked for them, in one transaction. */
export async function sendReviewReminders(
  db: Database,
  publicUrl: string,
  actor: AuditActor,
): Promise<number> {
  return db.transaction(async (tx) => {
    const queued = await queueReviewReminders(tx, publicUrl);
    await recordAudit(tx, actor, {
      action: 'reviewer.send_reminders',
      entityType: 'email_notification',
      changes: { queued },
    });
    return queued;
  });
}
