import type { ReactNode } from 'react';

type ChartTooltipBoxProps = { title: ReactNode; lines: string[] };

/** The box of a chart tooltip, in the popover colours of the current theme. */
export function ChartTooltipBox({ title, lines }: ChartTooltipBoxProps) {
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="mb-1 font-medium">{title}</p>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/**
 * A recharts Tooltip `content` that shows the box for the hovered data point (recharts hands the
 * point over as the first payload's `payload`), and nothing while no point is hovered.
 */
export function pointTooltip<Point>(describe: (point: Point) => ChartTooltipBoxProps) {
  return ({
    active,
    payload,
  }: {
    active?: boolean;
    payload?: ReadonlyArray<{ payload?: unknown }>;
  }) => {
    const point = payload?.[0]?.payload as Point | undefined;
    if (!active || !point) return null;
    return <ChartTooltipBox {...describe(point)} />;
  };
}
