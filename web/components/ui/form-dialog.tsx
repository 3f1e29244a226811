import type { FormEventHandler, ReactNode } from 'react';
import { Button } from './button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './dialog';
import { FieldError } from './form-field';
import { SubmitButton } from './submit-button';

/** What FormDialog and ConfirmDialog both take: their caller opens them and closes them. */
export type DialogFrameProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * A dialog around one form: title, description and a DialogForm (or a component rendering one,
 * when the form's state must start afresh for each opening). Closing by Escape, the X or a click
 * outside calls `onClose`; `onCloseAutoFocus` says where the focus returns (by default the
 * element focused before it opened).
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  className,
  onCloseAutoFocus,
  children,
}: DialogFrameProps & { className?: string; children: ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className={className} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The form of a FormDialog: its fields, an error the server gave (if any), then Cancel and a
 * submit button that is pending while the form's mutation runs.
 */
export function DialogForm({
  onSubmit,
  onCancel,
  submitLabel,
  submitIcon,
  isPending,
  error,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  submitLabel: ReactNode;
  submitIcon?: ReactNode;
  isPending: boolean;
  error?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form noValidate className="grid gap-4" onSubmit={onSubmit}>
      {children}
      {error ? <FieldError>{error}</FieldError> : null}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton isPending={isPending} icon={submitIcon}>
          {submitLabel}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
