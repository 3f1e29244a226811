import { cn } from '@web/lib/cn';
import Search from 'lucide-react/icons/search';
import type { ComponentProps } from 'react';
import { Input } from './input';

/** A search box with its magnifier; `className` is for the box's wrapper (width, visibility). */
export function SearchInput({
  className,
  value,
  onValueChange,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <div className={cn('relative', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className="pl-9"
        {...props}
      />
    </div>
  );
}
