import { cn } from '@web/lib/cn';
import * as DialogPrimitive from 'radix-ui/dialog';
import type { ComponentProps } from 'react';
import { DialogPanel } from './dialog';

export const Sheet = DialogPrimitive.Root;
export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;

/** A drawer sliding in from the left edge (the mobile sidebar). */
export function SheetContent({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPanel
      className={cn(
        'fixed inset-y-0 left-0 z-50 flex h-full flex-col border-r shadow-lg outline-none data-[state=open]:animate-slide-in-left data-[state=closed]:animate-slide-out-left',
        className,
      )}
      {...props}
    />
  );
}
