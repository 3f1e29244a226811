import type { ReactNode } from 'react';

export type ChartTooltipContent = { title: ReactNode; lines: string[] };

/** The box of a chart tooltip, in the popover colours of the current theme. */
export function ChartTooltipBox({ title, lines }: ChartTooltipContent) {
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="mb-1 font-medium">{title}</p>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/** How far a tooltip keeps from the point it describes, and the width it is assumed to need. */
const TOOLTIP_OFFSET = 12;
const TOOLTIP_ROOM = 280;

/**
 * The tooltip of a chart's active point, placed beside `x` (to its left when there is no room on
 * the right of the `width` wide chart) at `y`. Always in the DOM and polite-live, so that a screen
 * reader reads each point the arrow keys move to; empty while no point is active.
 */
export function ChartTooltip({
  content,
  x,
  y,
  width,
}: {
  content: ChartTooltipContent | null;
  x: number;
  y: number;
  width: number;
}) {
  const toLeft = x + TOOLTIP_OFFSET + TOOLTIP_ROOM > width && x > width / 2;
  return (
    <div
      aria-live="polite"
      className="pointer-events-none absolute z-10 w-max max-w-[280px]"
      style={
        toLeft
          ? { right: width - x + TOOLTIP_OFFSET, top: y }
          : { left: x + TOOLTIP_OFFSET, top: y }
      }
    >
      {content ? <ChartTooltipBox {...content} /> : null}
    </div>
  );
}
