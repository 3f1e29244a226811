import type { AdminReviewer } from '@shared/reviewer-admin-schemas';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { KeyRound, MoreHorizontal, RotateCcw, Trash2, UserCheck, UserX } from 'lucide-react';
import { useRef } from 'react';

export type ReviewerAction = 'set-password' | 'reset-password' | 'toggle-active' | 'delete';

/** The row's actions menu (SPEC.md section 2). */
export function ReviewerRowMenu({
  reviewer,
  onAction,
}: {
  reviewer: AdminReviewer;
  /** Also gets the menu's trigger, where the focus returns when a dialog closes. */
  onAction: (action: ReviewerAction, reviewer: AdminReviewer, trigger: HTMLElement | null) => void;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const select = (action: ReviewerAction) => () => onAction(action, reviewer, triggerRef.current);
  // Not modal, so that a dialog opened from an item gets the focus and pointer events.
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          ref={triggerRef}
          variant="ghost"
          size="icon"
          aria-label={`Actions for ${reviewer.name}`}
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
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
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
