import type { AdminReviewer } from '@shared/reviewer-admin-schemas';
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
import { useDeleteReviewer } from '../api/reviewer-queries';

/** The confirmation before a permanent delete, listing everything that goes with the account. */
export function DeleteReviewerDialog({
  reviewer,
  onClose,
  onCloseAutoFocus,
}: {
  reviewer: AdminReviewer | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const remove = useDeleteReviewer();
  return (
    <AlertDialog open={reviewer !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Reviewer</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete {reviewer?.name}? This will permanently remove:
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="list-disc space-y-1 pl-6 text-sm">
          <li>The reviewer account</li>
          <li>All their reviews and scores</li>
          <li>All their comments</li>
        </ul>
        <p className="text-sm font-semibold text-destructive dark:text-red-400">
          This action cannot be undone.
        </p>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => {
              if (reviewer) remove.mutate(reviewer, { onSuccess: onClose });
            }}
          >
            {remove.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Delete Reviewer
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
