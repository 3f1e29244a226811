import type { ReactNode } from 'react';

/** The box of a chart tooltip, in the popover colours of the current theme. */
export function ChartTooltipBox({ title, lines }: { title: ReactNode; lines: string[] }) {
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="mb-1 font-medium">{title}</p>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
