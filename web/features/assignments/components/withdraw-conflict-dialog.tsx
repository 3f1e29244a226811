import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { formatDate } from '@web/lib/format-date';
import { useWithdrawConflict } from '../api/assignment-queries';

/** A conflict as the withdrawal shows it, from the conflicts list or a cell of the grid. */
export type ConflictView = {
  id: string;
  reviewerName: string;
  opportunityLabel: string;
  reason: string | null;
  declaredBy: 'reviewer' | 'admin';
  createdAt: string;
  /** The reviewer is still assigned to the opportunity (a cell of the grid knows). */
  isAssigned?: boolean;
};

const DECLARED_BY = { reviewer: 'the reviewer', admin: 'an administrator' } as const;

/**
 * Only an administrator withdraws a conflict, and it gives the reviewer back the opportunity and
 * its weight in the figures, so it is confirmed first. From an assigned cell of the grid, the
 * admin may remove the assignment instead.
 */
export function WithdrawConflictDialog({
  conflict,
  onClose,
  onRemoveAssignment,
  onCloseAutoFocus,
}: {
  conflict: ConflictView | null;
  onClose: () => void;
  onRemoveAssignment?: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const withdraw = useWithdrawConflict();
  return (
    <ConfirmDialog
      open={conflict !== null}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Withdraw Conflict of Interest?"
      description={
        conflict
          ? `${conflict.reviewerName} on ${conflict.opportunityLabel}: declared by ${DECLARED_BY[conflict.declaredBy]} on ${formatDate(conflict.createdAt)}${conflict.reason ? `, reason: ${conflict.reason}` : ', no reason given'}.`
          : ''
      }
      confirmLabel="Withdraw Conflict"
      isPending={withdraw.isPending}
      onConfirm={() => {
        if (conflict) withdraw.mutate(conflict, { onSuccess: onClose });
      }}
    >
      <p className="text-sm">
        The reviewer can then score and comment on this opportunity again, sees other reviewers'
        comments, and their review and comment count in the dashboard, analytics and results again.
      </p>
      {conflict?.isAssigned && onRemoveAssignment ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md border p-3 text-sm">
          <span>The reviewer is still assigned to this opportunity.</span>
          <Button variant="outline" size="sm" onClick={onRemoveAssignment}>
            Remove the assignment instead
          </Button>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
