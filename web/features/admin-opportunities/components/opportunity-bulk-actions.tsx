import type { OpportunityStatus } from '@shared/opportunity-schemas';
import { type BulkAction, BulkActionBar } from '@web/components/ui/bulk-action-bar';
import type { RowSelection } from '@web/lib/use-row-selection';
import Archive from 'lucide-react/icons/archive';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { useBulkChangeOpportunityStatus } from '../api/opportunity-queries';

const actions: BulkAction<OpportunityStatus>[] = [
  { key: 'published', label: 'Publish', icon: Eye },
  { key: 'draft', label: 'Unpublish', icon: EyeOff },
  { key: 'archived', label: 'Archive', icon: Archive },
];

/**
 * Publish, Unpublish or Archive every checked row in one call. The checks are cleared once it
 * succeeds; after a refusal they stay, so the admin can uncheck the row it names and retry.
 */
export function OpportunityBulkActions({ selection }: { selection: RowSelection }) {
  const bulk = useBulkChangeOpportunityStatus();
  return (
    <BulkActionBar
      count={selection.selectedIds.length}
      label="Bulk actions on opportunities"
      actions={actions}
      pendingAction={bulk.isPending ? bulk.variables?.status : undefined}
      onAction={(status) =>
        bulk.mutate({ ids: selection.selectedIds, status }, { onSuccess: selection.clear })
      }
      onClear={selection.clear}
    />
  );
}
