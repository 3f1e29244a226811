import type { AdminReviewer, LastEmail } from '@shared/reviewer-admin-schemas';
import type { UserRow } from '../users/queries';
import type { LastEmailRow } from './queries';

export function presentLastEmail(row: LastEmailRow | undefined): LastEmail | null {
  if (!row) return null;
  return {
    type: row.type,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    errorMessage: row.errorMessage,
  };
}

/** `lastEmail` is given by the list only; single-row answers leave it out. */
export function presentReviewer(user: UserRow, lastEmail?: LastEmailRow | null): AdminReviewer {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    displayName: user.displayName,
    role: 'reviewer',
    isActive: user.isActive,
    lastLogin: user.lastLogin?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    ...(lastEmail !== undefined ? { lastEmail: presentLastEmail(lastEmail ?? undefined) } : {}),
  };
}
