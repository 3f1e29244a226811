import { cn } from '@web/lib/cn';
import type { ComponentProps } from 'react';

/** A round badge with a user's initials (initialsOf from shared/text.ts). */
export function Avatar({
  initials,
  className,
  ...props
}: ComponentProps<'span'> & { initials: string }) {
  return (
    <span
      className={cn(
        'inline-flex size-8 shrink-0 select-none items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground',
        className,
      )}
      {...props}
    >
      {initials}
    </span>
  );
}
