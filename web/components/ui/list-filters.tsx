import { cn } from '@web/lib/cn';
import type { ReactNode } from 'react';
import { Label } from './label';
import { NativeSelect } from './native-select';

/** The value of a filter's first option, which lets every row through. */
export const ALL = '';

/** A labelled drop-down that narrows a list: its first option ('All Statuses') shows every row. */
export function SelectFilter({
  id,
  label,
  allLabel,
  options,
  value,
  onValueChange,
  className,
}: {
  id: string;
  label: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onValueChange: (value: string) => void;
  /** The select's width, when not w-40. */
  className?: string;
}) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className={cn('w-40', className)}>
        <NativeSelect id={id} value={value} onChange={(event) => onValueChange(event.target.value)}>
          <option value={ALL}>{allLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

/**
 * A list's search box and filters in one wrapping row, and how many rows are shown, said politely
 * to screen readers (a status) as a search or filter changes it. While the list loads the count
 * is blank: the row is there already, so the list does not move down when it arrives.
 */
export function ListFilters({
  shown,
  total,
  isLoading = false,
  children,
}: {
  shown: number;
  total: number;
  isLoading?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      {children}
      <p role="status" className="ml-auto text-sm text-muted-foreground">
        {isLoading ? '\u00a0' : shown === total ? `${total} shown` : `${shown} of ${total} shown`}
      </p>
    </div>
  );
}
