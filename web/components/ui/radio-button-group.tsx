import { cn } from '@web/lib/cn';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

/**
 * A row of buttons that behaves as a radio group (Radix): one tab stop, arrow keys move and
 * select, Space selects; each button is a `radio` with `aria-checked`.
 */
export function RadioButtonGroup({
  className,
  ...props
}: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return (
    <RadioGroupPrimitive.Root
      orientation="horizontal"
      className={cn('flex flex-wrap gap-2', className)}
      {...props}
    />
  );
}

export function RadioButtonItem({
  className,
  ...props
}: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      className={cn(
        'inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-md border border-input bg-background text-sm font-semibold shadow-xs transition-colors outline-none',
        'hover:bg-accent hover:text-accent-foreground',
        'focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-offset-1 focus-visible:ring-offset-background',
        'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
        'disabled:pointer-events-none disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
