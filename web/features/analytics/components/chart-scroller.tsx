import type { ReactNode } from 'react';

/**
 * Lets a chart keep a readable width per item (up to 50 opportunities) by scrolling sideways
 * inside its card; focusable so that keyboard users can scroll it too.
 */
export function ChartScroller({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
      className="w-full overflow-x-auto rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <div style={{ minWidth }}>{children}</div>
    </section>
  );
}
