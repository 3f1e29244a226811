import { cn } from '@web/lib/cn';
import * as LabelPrimitive from 'radix-ui/label';
import type { ComponentProps } from 'react';

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      className={cn('text-sm font-medium leading-none select-none', className)}
      {...props}
    />
  );
}
