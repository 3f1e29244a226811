import { type PointerEvent, useEffect, useMemo, useRef } from 'react';
import { useActivePoint } from '../hooks/use-active-point';
import { useChartWidth } from '../hooks/use-chart-width';
import {
  categoryBands,
  groupedBars,
  linearScale,
  monotonePath,
  roundedTopBar,
} from '../lib/chart-geometry';
import { INITIAL_DIMENSION } from '../lib/chart-theme';
import { ChartGrid, NameAxis, type PlotArea, ValueAxis } from './chart-axes';
import { ChartLegend } from './chart-legend';
import { ChartSurface } from './chart-surface';
import { ChartTooltip, type ChartTooltipContent } from './chart-tooltip-box';

export type CategorySeries = {
  label: string;
  color: string;
  kind: 'bar' | 'line';
  /** Which value axis the series is measured on (the left one unless said). */
  axis?: 'left' | 'right';
  /** The series' value in each category; null draws nothing there. */
  values: ReadonlyArray<number | null>;
};

export type ValueAxisSpec = { ticks: readonly number[]; title?: string; width: number };

export type CategoryChartProps = {
  /** The chart's accessible name. */
  label: string;
  /** Marks the chart's SVG for tests and benchmarks (`data-chart`). */
  kind: string;
  /** The category names under the x axis, already cut to length. */
  names: readonly string[];
  series: readonly CategorySeries[];
  left: ValueAxisSpec;
  right?: ValueAxisSpec;
  height: number;
  /** Room under the plot for the slanted names. */
  nameAxisHeight: number;
  margin: { top: number; right: number; bottom: number; left: number };
  /** Dashed lines at the category centres too (the trend line's grid). */
  verticalGrid?: boolean;
  legend?: 'left' | 'center';
  /** The tooltip of one category. */
  describe: (index: number) => ChartTooltipContent;
};

/** Room the legend takes above the plot, out of the chart's height. */
const LEGEND_ROOM = 28;

/**
 * A chart of categories along the x axis (opportunities, reviewers) with bar series grouped side
 * by side and line series through the category centres, on one or two value axes (decision
 * 0020). Drawn as plain SVG at the measured width of its box. Hovering a category, or moving to
 * it with the arrow keys once the chart has the focus, shades it and shows its tooltip; only the
 * shade and the tooltip redraw then, never the bars.
 */
export function CategoryChart(props: CategoryChartProps) {
  const { names, series, left, right, height, margin, nameAxisHeight, legend } = props;
  const [boxRef, measured] = useChartWidth<HTMLDivElement>(INITIAL_DIMENSION.width);
  const svgRef = useRef<SVGSVGElement>(null);
  const { active, point, keyboard } = useActivePoint(names.length);
  const svgHeight = legend ? height - LEGEND_ROOM : height;
  const width = measured ?? 0;

  const layout = useMemo(() => {
    const area: PlotArea = {
      left: margin.left + left.width,
      right: width - margin.right - (right?.width ?? 0),
      top: margin.top,
      bottom: svgHeight - margin.bottom - nameAxisHeight,
    };
    const axisScale = (spec: ValueAxisSpec) =>
      linearScale([spec.ticks[0]!, spec.ticks.at(-1)!], [area.bottom, area.top]);
    return {
      area,
      bands: categoryBands(names.length, area.left, area.right),
      leftScale: axisScale(left),
      rightScale: right ? axisScale(right) : null,
    };
  }, [width, svgHeight, margin, nameAxisHeight, left, right, names.length]);

  // The drawing of the data: memoised, so that hovering redraws only the shade and the tooltip.
  const plot = useMemo(() => {
    if (width === 0) return null;
    const { area, bands, leftScale, rightScale } = layout;
    const scaleOf = (s: CategorySeries) =>
      s.axis === 'right' && rightScale ? rightScale : leftScale;
    const bars = series.filter((s) => s.kind === 'bar');
    const slots = groupedBars(bands.width, bars.length);
    return (
      <>
        <ChartGrid
          area={area}
          ys={left.ticks.map(leftScale)}
          xs={props.verticalGrid ? names.map((_, index) => bands.centre(index)) : []}
        />
        {bars.map((s, barIndex) => {
          const scale = scaleOf(s);
          const slot = slots[barIndex]!;
          return (
            <g key={s.label} fill={s.color} data-series={s.label}>
              {s.values.map((value, index) =>
                value === null ? null : (
                  <path
                    // One bar per category, in its place.
                    key={index}
                    d={roundedTopBar({
                      x: bands.start(index) + slot.offset,
                      width: slot.width,
                      top: scale(value),
                      baseline: area.bottom,
                    })}
                  />
                ),
              )}
            </g>
          );
        })}
        {series
          .filter((s) => s.kind === 'line')
          .map((s) => {
            const scale = scaleOf(s);
            const points = s.values.flatMap((value, index) =>
              value === null ? [] : [{ x: bands.centre(index), y: scale(value) }],
            );
            return (
              <g key={s.label} data-series={s.label}>
                <path d={monotonePath(points)} fill="none" stroke={s.color} strokeWidth={2} />
                <g fill={s.color}>
                  {points.map((p) => (
                    <circle key={p.x} cx={p.x} cy={p.y} r={4} />
                  ))}
                </g>
              </g>
            );
          })}
        <ValueAxis
          side="left"
          area={area}
          ticks={left.ticks}
          position={leftScale}
          title={left.title}
          titleX={margin.left + 6}
        />
        {right && rightScale ? (
          <ValueAxis
            side="right"
            area={area}
            ticks={right.ticks}
            position={rightScale}
            title={right.title}
            titleX={width - margin.right - 6}
          />
        ) : null}
        <NameAxis area={area} names={names} centre={bands.centre} />
      </>
    );
  }, [layout, width, series, names, left, right, margin, props.verticalGrid]);

  const activeIndex = active && active.index < names.length ? active.index : null;
  const { area, bands } = layout;
  const lines = series.filter((s) => s.kind === 'line');

  // A category reached with the keyboard is scrolled into view (the wide charts scroll sideways).
  useEffect(() => {
    if (active?.by !== 'keyboard') return;
    svgRef.current
      ?.querySelector('[data-active]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  const onPointerMove = (event: PointerEvent<SVGSVGElement> | null) => {
    if (!event) return point(null);
    const box = event.currentTarget.getBoundingClientRect();
    const y = event.clientY - box.top;
    point(y < area.top || y > area.bottom ? null : bands.indexAt(event.clientX - box.left));
  };

  return (
    <div ref={boxRef} className="relative w-full">
      {legend ? (
        <ChartLegend items={series.map(({ label, color }) => ({ label, color }))} align={legend} />
      ) : null}
      <ChartSurface
        svgRef={svgRef}
        label={props.label}
        kind={props.kind}
        width={width}
        height={svgHeight}
        onPoint={onPointerMove}
        keyboard={keyboard}
      >
        {activeIndex !== null ? (
          lines.length > 0 ? (
            <line
              data-active
              x1={bands.centre(activeIndex)}
              x2={bands.centre(activeIndex)}
              y1={area.top}
              y2={area.bottom}
              stroke="var(--border)"
            />
          ) : (
            <rect
              data-active
              x={bands.start(activeIndex)}
              width={bands.width}
              y={area.top}
              height={area.bottom - area.top}
              fill="var(--muted)"
              opacity={0.5}
            />
          )
        ) : null}
        {plot}
        {activeIndex !== null
          ? lines.map((s) => {
              const value = s.values[activeIndex];
              if (value === null || value === undefined) return null;
              const scale =
                s.axis === 'right' && layout.rightScale ? layout.rightScale : layout.leftScale;
              return (
                <circle
                  key={s.label}
                  cx={bands.centre(activeIndex)}
                  cy={scale(value)}
                  r={6}
                  fill={s.color}
                  stroke="var(--card)"
                  strokeWidth={2}
                />
              );
            })
          : null}
      </ChartSurface>
      <ChartTooltip
        content={activeIndex !== null ? props.describe(activeIndex) : null}
        x={activeIndex !== null ? bands.centre(activeIndex) : 0}
        y={(legend ? LEGEND_ROOM : 0) + area.top}
        width={width}
      />
    </div>
  );
}
