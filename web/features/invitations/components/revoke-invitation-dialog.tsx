import type { AdminInvitation } from '@shared/invitation-schemas';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Loader2 } from 'lucide-react';
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
    <AlertDialog open={invitation !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Revoke Invitation</AlertDialogTitle>
          <AlertDialogDescription>
            Revoke the invitation sent to {invitation?.email}? The link in the email will stop
            working.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button
            variant="destructive"
            disabled={revoke.isPending}
            onClick={() => {
              if (invitation) revoke.mutate(invitation, { onSuccess: onClose });
            }}
          >
            {revoke.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Revoke Invitation
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
