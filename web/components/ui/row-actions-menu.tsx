import MoreHorizontal from 'lucide-react/icons/more-horizontal';
import type { ReactNode, Ref } from 'react';
import { Button } from './button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from './dropdown-menu';

/**
 * A table row's actions: an icon button named `label` opening `children` (menu items) aligned to
 * its end. `triggerRef` lets an item hand the trigger to a dialog, where the focus returns when it
 * closes.
 */
export function RowActionsMenu({
  label,
  triggerRef,
  children,
}: {
  label: string;
  triggerRef: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  // Not modal, so that a dialog opened from an item gets the focus and pointer events.
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button ref={triggerRef} variant="ghost" size="icon" aria-label={label}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}
