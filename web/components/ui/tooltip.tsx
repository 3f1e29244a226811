import { cn } from '@web/lib/cn';
import * as TooltipPrimitive from 'radix-ui/tooltip';
import type { ComponentProps } from 'react';

export const TooltipProvider = TooltipPrimitive.Provider;

/**
 * A tooltip with its own provider (as shadcn/ui does), so the app root need not load the tooltip
 * code: /login has no tooltip and stays within its download budget.
 */
export function Tooltip({
  delayDuration = 200,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Root> & { delayDuration?: number }) {
  return (
    <TooltipPrimitive.Provider delayDuration={delayDuration}>
      <TooltipPrimitive.Root {...props} />
    </TooltipPrimitive.Provider>
  );
}
export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 4,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md data-[state=delayed-open]:animate-fade-in',
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}
