import { GRID_STROKE } from '../lib/chart-theme';

/** Tick text, axis lines and tick marks of every chart, in the theme's colours. */
const TICK_TEXT = { fill: 'var(--muted-foreground)', fontSize: 12 } as const;
const AXIS_STROKE = 'var(--border)';
const TICK_SIZE = 6;
const DASH = '3 3';

export type PlotArea = { left: number; right: number; top: number; bottom: number };

/** The dashed lines behind the plot at the given x and y positions. */
export function ChartGrid({
  area,
  xs = [],
  ys,
}: {
  area: PlotArea;
  xs?: readonly number[];
  ys: readonly number[];
}) {
  return (
    <g stroke={GRID_STROKE} strokeDasharray={DASH}>
      {ys.map((y) => (
        <line key={`y${y}`} x1={area.left} x2={area.right} y1={y} y2={y} />
      ))}
      {xs.map((x) => (
        <line key={`x${x}`} x1={x} x2={x} y1={area.top} y2={area.bottom} />
      ))}
    </g>
  );
}

/**
 * A vertical value axis on the `side` of the plot: its line, a tick and label per value at
 * `position(value)`, and an optional title turned to read along it, centred on the plot.
 */
export function ValueAxis({
  side,
  area,
  ticks,
  position,
  title,
  titleX,
}: {
  side: 'left' | 'right';
  area: PlotArea;
  ticks: readonly number[];
  position: (value: number) => number;
  title?: string;
  /** Where the title's centre goes across the axis. */
  titleX?: number;
}) {
  const x = side === 'left' ? area.left : area.right;
  const out = side === 'left' ? -1 : 1;
  const middle = (area.top + area.bottom) / 2;
  return (
    <g data-axis={side}>
      <line x1={x} x2={x} y1={area.top} y2={area.bottom} stroke={AXIS_STROKE} />
      {ticks.map((tick) => {
        const y = position(tick);
        return (
          <g key={tick}>
            <line x1={x} x2={x + out * TICK_SIZE} y1={y} y2={y} stroke={AXIS_STROKE} />
            <text
              x={x + out * (TICK_SIZE + 2)}
              y={y}
              dy="0.355em"
              textAnchor={side === 'left' ? 'end' : 'start'}
              {...TICK_TEXT}
            >
              {tick}
            </text>
          </g>
        );
      })}
      {title && titleX !== undefined ? (
        <text
          x={titleX}
          y={middle}
          textAnchor="middle"
          transform={`rotate(${side === 'left' ? -90 : 90} ${titleX} ${middle})`}
          {...TICK_TEXT}
        >
          {title}
        </text>
      ) : null}
    </g>
  );
}

/**
 * The category axis under the plot: its line, a tick per category centre, and every name (none
 * skipped) slanted so that neighbouring names fit side by side.
 */
export function NameAxis({
  area,
  names,
  centre,
}: {
  area: PlotArea;
  names: readonly string[];
  centre: (index: number) => number;
}) {
  const y = area.bottom;
  return (
    <g data-axis="names">
      <line x1={area.left} x2={area.right} y1={y} y2={y} stroke={AXIS_STROKE} />
      {names.map((name, index) => {
        const x = centre(index);
        return (
          // Names may repeat; their place on the axis may not.
          <g key={index} transform={`translate(${x},${y})`}>
            <line y2={TICK_SIZE} stroke={AXIS_STROKE} />
            <text
              y={TICK_SIZE + 2}
              dy={12}
              textAnchor="end"
              transform="rotate(-35)"
              fill="var(--muted-foreground)"
              fontSize={11}
            >
              {name}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** A horizontal axis of values under the plot (the scatter plots' x axis), with its title. */
export function BottomValueAxis({
  area,
  ticks,
  position,
  title,
  titleY,
}: {
  area: PlotArea;
  ticks: readonly number[];
  position: (value: number) => number;
  title: string;
  titleY: number;
}) {
  const y = area.bottom;
  return (
    <g data-axis="bottom">
      <line x1={area.left} x2={area.right} y1={y} y2={y} stroke={AXIS_STROKE} />
      {ticks.map((tick) => {
        const x = position(tick);
        return (
          <g key={tick}>
            <line x1={x} x2={x} y1={y} y2={y + TICK_SIZE} stroke={AXIS_STROKE} />
            <text x={x} y={y + TICK_SIZE + 2} dy="0.71em" textAnchor="middle" {...TICK_TEXT}>
              {tick}
            </text>
          </g>
        );
      })}
      <text x={(area.left + area.right) / 2} y={titleY} textAnchor="middle" {...TICK_TEXT}>
        {title}
      </text>
    </g>
  );
}
