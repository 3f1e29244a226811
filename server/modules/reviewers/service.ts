import type { CreateReviewer } from '@shared/reviewer-admin-schemas';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../http-errors';
import { destroySessionsOfUser } from '../../plugins/sessions';
import { generatePassword, hashPassword } from '../auth/passwords';
import { findUserByEmail, insertUser, type UserRow } from '../users/queries';
import { deleteReviewer, updateReviewer } from './queries';

export const REVIEWER_NOT_FOUND = 'Reviewer not found';
export const DUPLICATE_EMAIL = 'A user with this email already exists';

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export async function createReviewer(db: Database, input: CreateReviewer): Promise<UserRow> {
  if (await findUserByEmail(db, input.email)) throw conflict(DUPLICATE_EMAIL);
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertUser(db, {
      name: input.name,
      email: input.email,
      displayName: input.displayName,
      passwordHash,
      role: 'reviewer',
      isActive: true,
    });
  } catch (error) {
    // Two creations racing past the check above meet the unique index on lower(email).
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL);
    throw error;
  }
}

/** A deactivation (and any credential change) ends the reviewer's sessions in the same transaction. */
async function updateAndEndSessions(
  db: Database,
  id: string,
  values: Parameters<typeof updateReviewer>[2],
  endSessions: boolean,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const row = await updateReviewer(tx, id, values);
    if (!row) throw notFound(REVIEWER_NOT_FOUND);
    if (endSessions) await destroySessionsOfUser(tx, id);
    return row;
  });
}

export function setReviewerActive(db: Database, id: string, isActive: boolean) {
  return updateAndEndSessions(db, id, { isActive }, !isActive);
}

export async function resetReviewerPassword(db: Database, id: string): Promise<string> {
  const tempPassword = generatePassword();
  await updateAndEndSessions(db, id, { passwordHash: await hashPassword(tempPassword) }, true);
  return tempPassword;
}

export async function setReviewerPassword(db: Database, id: string, password: string) {
  await updateAndEndSessions(db, id, { passwordHash: await hashPassword(password) }, true);
}

export async function removeReviewer(db: Database, id: string) {
  await db.transaction(async (tx) => {
    if (!(await deleteReviewer(tx, id))) throw notFound(REVIEWER_NOT_FOUND);
    await destroySessionsOfUser(tx, id);
  });
}
