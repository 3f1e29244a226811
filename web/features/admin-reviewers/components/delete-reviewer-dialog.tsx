import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useDeleteReviewer } from '../api/reviewer-queries';
import type { ReviewerDialogProps } from './reviewer-dialog-props';

/** The confirmation before a permanent delete, listing everything that goes with the account. */
export function DeleteReviewerDialog({
  reviewer,
  onClose,
  onCloseAutoFocus,
  onDeleted,
}: ReviewerDialogProps & { onDeleted?: () => void }) {
  const remove = useDeleteReviewer();
  return (
    <ConfirmDialog
      open={reviewer !== null}
      onClose={onClose}
      title="Delete Reviewer"
      description={
        <>Are you sure you want to delete {reviewer?.name}? This will permanently remove:</>
      }
      confirmLabel="Delete Reviewer"
      isPending={remove.isPending}
      onConfirm={() => {
        if (!reviewer) return;
        remove.mutate(reviewer, {
          onSuccess: () => {
            onDeleted?.();
            onClose();
          },
        });
      }}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <ul className="list-disc space-y-1 pl-6 text-sm">
        <li>The reviewer account</li>
        <li>All their reviews and scores</li>
        <li>All their comments</li>
      </ul>
      <p className="text-sm font-semibold text-destructive dark:text-red-400">
        This action cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
