import type { AdminReviewer } from '@shared/reviewer-admin-schemas';
import { DropdownMenuItem, DropdownMenuSeparator } from '@web/components/ui/dropdown-menu';
import { RowActionsMenu } from '@web/components/ui/row-actions-menu';
import KeyRound from 'lucide-react/icons/key-round';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import Trash2 from 'lucide-react/icons/trash-2';
import UserCheck from 'lucide-react/icons/user-check';
import UserX from 'lucide-react/icons/user-x';
import { memo, useRef } from 'react';

export type ReviewerAction = 'set-password' | 'reset-password' | 'toggle-active' | 'delete';

/** The row's actions menu (SPEC.md section 2); memoised: a check of its row leaves it as it is. */
export const ReviewerRowMenu = memo(function ReviewerRowMenu({
  reviewer,
  onAction,
}: {
  reviewer: AdminReviewer;
  /** Also gets the menu's trigger, where the focus returns when a dialog closes. */
  onAction: (action: ReviewerAction, reviewer: AdminReviewer, trigger: HTMLElement | null) => void;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const select = (action: ReviewerAction) => () => onAction(action, reviewer, triggerRef.current);
  return (
    <RowActionsMenu label={`Actions for ${reviewer.name}`} triggerRef={triggerRef}>
      <DropdownMenuItem onSelect={select('set-password')}>
        <KeyRound aria-hidden="true" />
        Set Password
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={select('reset-password')}>
        <RotateCcw aria-hidden="true" />
        Reset Password
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={select('toggle-active')}>
        {reviewer.isActive ? <UserX aria-hidden="true" /> : <UserCheck aria-hidden="true" />}
        {reviewer.isActive ? 'Deactivate' : 'Activate'}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem variant="destructive" onSelect={select('delete')}>
        <Trash2 aria-hidden="true" />
        Delete Reviewer
      </DropdownMenuItem>
    </RowActionsMenu>
  );
});
