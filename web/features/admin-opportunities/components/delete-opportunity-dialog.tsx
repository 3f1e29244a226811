import type { AdminOpportunity } from '@shared/opportunity-schemas';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { errorMessageOf } from '@web/lib/api-client';
import { countOf } from '@web/lib/count-of';
import { useDeleteOpportunity, useDeletionImpact } from '../api/opportunity-queries';

/**
 * The confirmation before an opportunity is deleted for good, listing what goes with it as the
 * server counts it now (GET .../deletion-impact); Delete waits for those counts.
 */
export function DeleteOpportunityDialog({
  opportunity,
  onClose,
  onCloseAutoFocus,
  onDeleted,
}: {
  opportunity: AdminOpportunity | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
  /** After a successful delete, before the dialog closes (the focus then goes to the next row). */
  onDeleted?: () => void;
}) {
  const remove = useDeleteOpportunity();
  const impact = useDeletionImpact(opportunity?.id ?? null);
  const label = opportunity ? `#${opportunity.number} ${opportunity.title}` : '';
  return (
    <ConfirmDialog
      open={opportunity !== null}
      onClose={onClose}
      title="Delete Opportunity"
      description={<>Are you sure you want to delete {label}? This will permanently remove:</>}
      confirmLabel="Delete Opportunity"
      isPending={remove.isPending}
      isConfirmDisabled={!impact.data}
      onConfirm={() => {
        if (!opportunity) return;
        remove.mutate(opportunity, {
          onSuccess: () => {
            onDeleted?.();
            onClose();
          },
        });
      }}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {impact.data ? (
        <ul className="list-disc space-y-1 pl-6 text-sm" aria-label="What is removed">
          <li>The opportunity{impact.data.images > 0 ? ' and its image' : ''}</li>
          <li>{countOf(impact.data.reviews, 'review')} and their scores</li>
          <li>{countOf(impact.data.comments, 'comment')}</li>
        </ul>
      ) : impact.isError ? (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          {errorMessageOf(impact.error, 'Could not count what would be removed')}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground" role="status">
          Counting its reviews and comments...
        </p>
      )}
      <p className="text-sm font-semibold text-destructive dark:text-red-400">
        This action cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
