import type { AdminInvitation } from '@shared/invitation-schemas';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useRevokeInvitation } from '../api/invitation-queries';

/** Revoking cannot be undone (the admin invites again instead), so it is confirmed first. */
export function RevokeInvitationDialog({
  invitation,
  onClose,
}: {
  invitation: AdminInvitation | null;
  onClose: () => void;
}) {
  const revoke = useRevokeInvitation();
  return (
    <ConfirmDialog
      open={invitation !== null}
      onClose={onClose}
      title="Revoke Invitation"
      description={
        <>
          Revoke the invitation sent to {invitation?.email}? The link in the email will stop
          working.
        </>
      }
      confirmLabel="Revoke Invitation"
      isPending={revoke.isPending}
      onConfirm={() => {
        if (invitation) revoke.mutate(invitation, { onSuccess: onClose });
      }}
    />
  );
}
