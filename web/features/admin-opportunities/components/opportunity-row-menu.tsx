import type { AdminOpportunity, OpportunityStatus } from '@shared/opportunity-schemas';
import { DropdownMenuItem, DropdownMenuSeparator } from '@web/components/ui/dropdown-menu';
import { RowActionsMenu } from '@web/components/ui/row-actions-menu';
import Archive from 'lucide-react/icons/archive';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import { memo, useRef } from 'react';

/**
 * Edit, then the status moves SPEC.md section 4 offers for the row's current status, then Delete
 * (which frees a place under the limit; archived opportunities still count). Memoised: a check
 * of its row leaves it as it is.
 */
export const OpportunityRowMenu = memo(function OpportunityRowMenu({
  opportunity,
  onEdit,
  onChangeStatus,
  onDelete,
}: {
  opportunity: AdminOpportunity;
  /** Also gets the menu's trigger, where the focus returns when the dialog closes. */
  onEdit: (opportunity: AdminOpportunity, trigger: HTMLElement | null) => void;
  onChangeStatus: (opportunity: AdminOpportunity, status: OpportunityStatus) => void;
  /** Gets the trigger too, like onEdit. */
  onDelete: (opportunity: AdminOpportunity, trigger: HTMLElement | null) => void;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const isPublished = opportunity.status === 'published';
  return (
    <RowActionsMenu label={`Actions for #${opportunity.number}`} triggerRef={triggerRef}>
      <DropdownMenuItem onSelect={() => onEdit(opportunity, triggerRef.current)}>
        <Pencil aria-hidden="true" />
        Edit
      </DropdownMenuItem>
      {isPublished ? (
        <DropdownMenuItem onSelect={() => onChangeStatus(opportunity, 'draft')}>
          <EyeOff aria-hidden="true" />
          Unpublish
        </DropdownMenuItem>
      ) : (
        <DropdownMenuItem onSelect={() => onChangeStatus(opportunity, 'published')}>
          <Eye aria-hidden="true" />
          Publish
        </DropdownMenuItem>
      )}
      <DropdownMenuItem onSelect={() => onChangeStatus(opportunity, 'archived')}>
        <Archive aria-hidden="true" />
        Archive
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem
        variant="destructive"
        onSelect={() => onDelete(opportunity, triggerRef.current)}
      >
        <Trash2 aria-hidden="true" />
        Delete
      </DropdownMenuItem>
    </RowActionsMenu>
  );
});
