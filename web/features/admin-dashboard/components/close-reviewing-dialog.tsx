import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useCloseReviewing } from '../api/review-clock-queries';

/** Closing stops every reviewer's saves at once, so it says what that does first. */
export function CloseReviewingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const close = useCloseReviewing();
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Close Reviewing Now"
      description="Reviewers can no longer save scores or comments, and reminders not yet sent are cancelled."
      confirmLabel="Close reviewing"
      isPending={close.isPending}
      onConfirm={() => close.mutate(undefined, { onSuccess: onClose })}
    >
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
        <li>
          A reviewer who is still writing keeps their unsaved input in their browser, but it cannot
          be saved until reviewing reopens.
        </li>
        <li>Scores and comments already saved are kept and still count.</li>
        <li>You can reopen reviewing later.</li>
      </ul>
    </ConfirmDialog>
  );
}
