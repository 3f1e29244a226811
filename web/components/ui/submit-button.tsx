import Loader2 from 'lucide-react/icons/loader-2';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';

export type PendingButtonProps = ButtonProps & {
  /** While true the button is disabled and a spinner takes the place of its icon. */
  isPending: boolean;
  icon?: ReactNode;
  /** What the button says while pending ('Signing in...'); its children otherwise. */
  pendingLabel?: ReactNode;
};

/** A button whose action runs on the server: disabled, with a spinner, until it answers. */
export function PendingButton({
  isPending,
  icon = null,
  pendingLabel,
  disabled,
  children,
  ...props
}: PendingButtonProps) {
  return (
    <Button disabled={isPending || disabled} {...props}>
      {isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : icon}
      {isPending && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
}

/** A form's submit button, pending while the form's mutation runs. */
export function SubmitButton(props: Omit<PendingButtonProps, 'type'>) {
  return <PendingButton type="submit" {...props} />;
}
