import { cn } from '@web/lib/cn';
import { type ComponentProps, useEffect, useRef } from 'react';

/**
 * The browser's own checkbox (keyboard, screen readers and the 'mixed' state for free), in the
 * theme's colour. `indeterminate` shows that some, not all, of a group are checked.
 */
export function Checkbox({
  indeterminate = false,
  onCheckedChange,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'onChange'> & {
  indeterminate?: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={cn('size-4 shrink-0 cursor-pointer accent-primary', className)}
      onChange={(event) => onCheckedChange(event.target.checked)}
      {...props}
    />
  );
}
