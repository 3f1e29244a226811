import { AXIS_STYLE } from '../lib/chart-theme';

/** An x-axis label slanted so that truncated names fit side by side, in the theme's colour. */
export function SlantedAxisTick(props: { x?: number; y?: number; payload?: { value: string } }) {
  const { x = 0, y = 0, payload } = props;
  return (
    <g transform={`translate(${x},${y})`}>
      <text
        x={0}
        y={0}
        dy={12}
        textAnchor="end"
        transform="rotate(-35)"
        fill="var(--muted-foreground)"
        fontSize={11}
      >
        {payload?.value}
      </text>
    </g>
  );
}

/**
 * Props of the x axis over the points' `name`s: every name shown (no ticks skipped), slanted, in
 * an axis `height` tall enough for the slanted names.
 */
export function nameAxisProps(height: number) {
  return {
    dataKey: 'name',
    interval: 0,
    height,
    ...AXIS_STYLE,
    tick: <SlantedAxisTick />,
  } as const;
}
