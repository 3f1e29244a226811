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
