import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './alert-dialog';
import type { DialogFrameProps } from './form-dialog';
import { PendingButton } from './submit-button';

/**
 * The confirmation of a destructive action: Cancel (focused first) and the action, pending while
 * it runs. `children` stand between the description and the buttons. The caller closes the
 * dialog when the action has succeeded; a failure keeps it open.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
  isPending,
  isConfirmDisabled = false,
  confirmVariant = 'destructive',
  onCloseAutoFocus,
  children,
}: DialogFrameProps & {
  confirmLabel: ReactNode;
  onConfirm: () => void;
  isPending: boolean;
  /** Holds the action back until the dialog can say what it does (counts still loading). */
  isConfirmDisabled?: boolean;
  /** 'default' for an action that takes nothing away (reopening what was closed). */
  confirmVariant?: 'destructive' | 'default';
  children?: ReactNode;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <PendingButton
            variant={confirmVariant}
            isPending={isPending}
            disabled={isConfirmDisabled}
            onClick={onConfirm}
          >
            {confirmLabel}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
