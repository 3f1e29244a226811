import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { countOf } from '@web/lib/count-of';
import type { PendingRemoval } from '../hooks/use-assignment-changes';

/**
 * Removing assignments that hold saved work: the work is not deleted, it stops counting while the
 * mode is 'assigned'. The admin reads that before it happens.
 */
export function RemoveAssignmentsDialog({
  removal,
  isPending,
  onConfirm,
  onClose,
  onCloseAutoFocus,
}: {
  removal: PendingRemoval | null;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const count = removal?.pairs.length ?? 0;
  const reviewed = removal?.reviewed ?? 0;
  return (
    <ConfirmDialog
      open={removal !== null}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      title={count === 1 ? 'Remove Reviewed Assignment?' : 'Remove Reviewed Assignments?'}
      description={
        count === 1
          ? `Remove ${removal?.what}? The reviewer already saved a review or comment there.`
          : `Remove ${removal?.what} (${countOf(count, 'assignment')})? ${reviewed} of them hold a saved review or comment.`
      }
      confirmLabel={count === 1 ? 'Remove Assignment' : `Remove ${countOf(count, 'Assignment')}`}
      isPending={isPending}
      onConfirm={onConfirm}
    >
      <p className="text-sm">
        The review is kept, not deleted, but while reviews are assigned it no longer counts in the
        dashboard, analytics and results, and the reviewer no longer sees the opportunity.
      </p>
    </ConfirmDialog>
  );
}
