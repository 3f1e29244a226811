import type { AdminReviewer } from '@shared/reviewer-admin-schemas';
import type { UserRow } from '../users/queries';

export function presentReviewer(user: UserRow): AdminReviewer {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    displayName: user.displayName,
    role: 'reviewer',
    isActive: user.isActive,
    lastLogin: user.lastLogin?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}
