import type { AdminInvitation, PublicInvitation } from '@shared/invitation-schemas';
import type { InvitationWithInviter } from './queries';

/** Never the token or its hash. */
export function presentAdminInvitation(
  row: InvitationWithInviter,
  now = new Date(),
): AdminInvitation {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    displayName: row.displayName,
    customMessage: row.customMessage,
    invitedBy: row.inviter,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    isExpired: row.expiresAt.getTime() <= now.getTime(),
  };
}

export function presentPublicInvitation(row: InvitationWithInviter): PublicInvitation {
  return {
    email: row.email,
    name: row.name,
    displayName: row.displayName,
    invitedByName: row.inviter?.name ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}
