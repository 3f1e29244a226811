import { phoneCardsProps } from '@web/components/ui/table';
import { cn } from '@web/lib/cn';
import type { ReactNode } from 'react';

/**
 * A real table that scrolls sideways inside its card on a phone (never the page); the scroller is
 * focusable and named by the table's caption, so keyboard users can scroll it too.
 */
export function ScrollTable({
  caption,
  children,
  className,
  rowCount,
  phoneCards,
}: {
  caption: string;
  children: ReactNode;
  className?: string;
  /** aria-rowcount, for a table whose body draws only some of its rows (windowedRowCount). */
  rowCount?: number;
  /** On a phone each row is a card (phoneCardsProps in web/components/ui/table.tsx). */
  phoneCards?: boolean;
}) {
  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
      className="relative w-full overflow-x-auto rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table
        aria-rowcount={rowCount}
        {...phoneCardsProps(phoneCards)}
        className={cn('w-full text-sm', className)}
      >
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </section>
  );
}
