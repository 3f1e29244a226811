import type { CurrentUser } from '@shared/auth-schemas';
import type { UserRow } from './queries';

export function presentCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    displayName: user.displayName,
    email: user.email,
    role: user.role,
  };
}
