import { cn } from '@web/lib/cn';
import type { ComponentProps } from 'react';
import { fieldClasses } from './input';

/**
 * The browser's own <select>, styled like the inputs: keyboard and screen-reader support come
 * for free and it works inside forms without a hidden input.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClasses, 'h-9 py-1 pr-8', className)} {...props} />;
}
