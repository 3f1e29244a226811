import { cn } from '@web/lib/cn';
import { useScrollsSideways } from '@web/lib/use-scrolls-sideways';
import type { ComponentProps, ReactNode } from 'react';
import { Skeleton } from './skeleton';

/**
 * Issue 38: the attribute that turns a wide table's body rows into compact cards on a phone
 * (`table[data-phone-cards]` in web/styles.css), for a table whose figures would otherwise sit
 * past the screen's edge. Each cell then takes its width on a 12-column grid from its
 * `max-sm:col-span-*` class (all 12 without one) and shows its column's name from `data-label`;
 * the header's plain labels are left to assistive technology, its controls (sort buttons, 'select
 * all') stay in view as a bar above the cards. Wider screens see the table as it is.
 */
export function phoneCardsProps(phoneCards: boolean | undefined) {
  return { 'data-phone-cards': phoneCards ? '' : undefined };
}

/**
 * A data table that scrolls sideways inside its card on narrow screens instead of squeezing its
 * columns or widening the page. While it does, its scroller is a named, focusable region, so that
 * keyboard users can scroll it too (a table of plain text has nothing else to focus). With
 * `phoneCards`, a phone shows its rows as cards instead (phoneCardsProps).
 */
export function Table({
  className,
  phoneCards,
  ...props
}: ComponentProps<'table'> & { phoneCards?: boolean }) {
  const [scrollerRef, scrollsSideways] = useScrollsSideways<HTMLDivElement>();
  const scrollRegion = scrollsSideways
    ? {
        role: 'region',
        'aria-label': `${props['aria-label'] ?? 'Table'} (scrolls sideways)`,
        tabIndex: 0,
      }
    : {};
  return (
    <div
      ref={scrollerRef}
      className="relative w-full overflow-x-auto rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
      {...scrollRegion}
    >
      <table
        className={cn('w-full caption-bottom text-sm', className)}
        {...phoneCardsProps(phoneCards)}
        {...props}
      />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

/**
 * A row, shaded on hover and when selected. The shade changes at once, with no colour transition:
 * each transition's run, start and end events pass through React's root listener, so 'select
 * all' on 50 rows dispatched 150 of them (issue 17), and the sticky actions cell (data-table),
 * which never faded, now changes with its row.
 */
export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={cn('border-b hover:bg-muted/50 data-[state=selected]:bg-muted', className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'h-10 whitespace-nowrap px-3 text-left align-middle font-medium text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2.5 align-middle', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />;
}

/**
 * An admin list's table: named by `label`, one header row of `columns` and a right-aligned
 * Actions column for each row's buttons or menu; `children` are the body rows (or the skeleton
 * rows while the list loads, so both states share one header). `phoneCards`: see Table.
 */
export function ActionsTable({
  label,
  columns,
  children,
  phoneCards,
}: {
  label: string;
  columns: readonly string[];
  children: ReactNode;
  phoneCards?: boolean;
}) {
  return (
    <Table aria-label={label} phoneCards={phoneCards}>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column}>{column}</TableHead>
          ))}
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}

/**
 * A table's loading state: `rows` rows of one bar per column, `widths` in quarter rems (Tailwind
 * steps), so the loaded table does not jump. Each row carries `data-testid={testId}`.
 */
export function TableSkeletonRows({
  rows,
  widths,
  testId,
}: {
  rows: number;
  widths: readonly number[];
  testId: string;
}) {
  return Array.from({ length: rows }, (_, row) => (
    <TableRow key={row} data-testid={testId}>
      {widths.map((width, cell) => (
        <TableCell key={cell}>
          <Skeleton className="h-4" style={{ width: `${width * 4}px` }} />
        </TableCell>
      ))}
    </TableRow>
  ));
}
