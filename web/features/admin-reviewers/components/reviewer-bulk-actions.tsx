import { type BulkAction, BulkActionBar } from '@web/components/ui/bulk-action-bar';
import type { RowSelection } from '@web/lib/use-row-selection';
import UserCheck from 'lucide-react/icons/user-check';
import UserX from 'lucide-react/icons/user-x';
import { useBulkSetReviewersActive } from '../api/reviewer-queries';

type ActiveAction = 'activate' | 'deactivate';

const actions: BulkAction<ActiveAction>[] = [
  { key: 'activate', label: 'Activate', icon: UserCheck },
  { key: 'deactivate', label: 'Deactivate', icon: UserX },
];

/**
 * Activate or Deactivate every checked reviewer in one call. The checks are cleared once it
 * succeeds; after a refusal they stay, so the admin can uncheck the row it names and retry.
 */
export function ReviewerBulkActions({ selection }: { selection: RowSelection }) {
  const bulk = useBulkSetReviewersActive();
  const running = bulk.variables?.isActive ? 'activate' : 'deactivate';
  return (
    <BulkActionBar
      count={selection.selectedIds.length}
      label="Bulk actions on reviewers"
      actions={actions}
      pendingAction={bulk.isPending ? running : undefined}
      onAction={(action) =>
        bulk.mutate(
          { ids: selection.selectedIds, isActive: action === 'activate' },
          { onSuccess: selection.clear },
        )
      }
      onClear={selection.clear}
    />
  );
}
