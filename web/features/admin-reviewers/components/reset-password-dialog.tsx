import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useResetPassword } from '../api/reviewer-queries';
import type { ReviewerDialogProps } from './reviewer-dialog-props';

/**
 * The confirmation before 'Reset Password', which replaces the reviewer's password at once: it
 * says what follows, since the old password stops working and the new one is shown only once.
 */
export function ResetPasswordDialog({ reviewer, onClose, onCloseAutoFocus }: ReviewerDialogProps) {
  const reset = useResetPassword();
  return (
    <ConfirmDialog
      open={reviewer !== null}
      onClose={onClose}
      title="Reset Password"
      description={<>Reset the password of {reviewer?.name}?</>}
      confirmLabel="Reset Password"
      isPending={reset.isPending}
      onConfirm={() => {
        if (reviewer) reset.mutate(reviewer, { onSuccess: onClose });
      }}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <ul className="list-disc space-y-1 pl-6 text-sm">
        <li>A new temporary password replaces the current one at once.</li>
        <li>It is shown to you once, for 10 seconds: pass it on to {reviewer?.name}.</li>
        <li>{reviewer?.name} is signed out everywhere and signs in again with it.</li>
      </ul>
    </ConfirmDialog>
  );
}
