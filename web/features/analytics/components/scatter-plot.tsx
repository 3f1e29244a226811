import { type PointerEvent, useMemo } from 'react';
import { useActivePoint } from '../hooks/use-active-point';
import { useChartWidth } from '../hooks/use-chart-width';
import { linearScale } from '../lib/chart-geometry';
import { SCORE_DOMAIN, SCORE_TICKS } from '../lib/chart-theme';
import { BottomValueAxis, ChartGrid, type PlotArea, ValueAxis } from './chart-axes';
import { ChartSurface } from './chart-surface';
import { ChartTooltip, type ChartTooltipContent } from './chart-tooltip-box';

const MARGIN = { top: 8, right: 16, bottom: 24, left: 8 };
const Y_AXIS_WIDTH = 40;
const X_AXIS_HEIGHT = 30;
/** A point's radius: the area (64 px²) of the symbols the plots had before. */
export const POINT_RADIUS = Math.sqrt(64 / Math.PI);
/** How near (px) the pointer must come to a point for its tooltip. */
const HIT_RADIUS = 10;

/**
 * A scatter plot on two 0-5 axes, one dot per point (decision 0020). Hovering a dot, or moving
 * to it with the arrow keys once the plot has the focus (points in their given order), marks it
 * and shows its tooltip; only the mark and the tooltip redraw then.
 */
export function ScatterPlot({
  label,
  xLabel,
  yLabel,
  points,
  color,
  height,
  describe,
}: {
  label: string;
  xLabel: string;
  yLabel: string;
  points: ReadonlyArray<{ x: number; y: number }>;
  color: string;
  height: number;
  describe: (index: number) => ChartTooltipContent;
}) {
  const [boxRef, measured] = useChartWidth<HTMLDivElement>(320);
  const { active, point, keyboard } = useActivePoint(points.length);
  const width = measured ?? 0;

  const layout = useMemo(() => {
    const area: PlotArea = {
      left: MARGIN.left + Y_AXIS_WIDTH,
      right: width - MARGIN.right,
      top: MARGIN.top,
      bottom: height - MARGIN.bottom - X_AXIS_HEIGHT,
    };
    return {
      area,
      x: linearScale(SCORE_DOMAIN, [area.left, area.right]),
      y: linearScale(SCORE_DOMAIN, [area.bottom, area.top]),
    };
  }, [width, height]);

  const plot = useMemo(() => {
    if (width === 0) return null;
    const { area, x, y } = layout;
    return (
      <>
        <ChartGrid area={area} xs={SCORE_TICKS.map(x)} ys={SCORE_TICKS.map(y)} />
        <g fill={color}>
          {points.map((p, index) => (
            // Points may coincide; their order may not.
            <circle key={index} cx={x(p.x)} cy={y(p.y)} r={POINT_RADIUS} />
          ))}
        </g>
        <BottomValueAxis
          area={area}
          ticks={SCORE_TICKS}
          position={x}
          title={xLabel}
          titleY={height - 6}
        />
        <ValueAxis
          side="left"
          area={area}
          ticks={SCORE_TICKS}
          position={y}
          title={yLabel}
          titleX={MARGIN.left + 6}
        />
      </>
    );
  }, [layout, width, height, points, color, xLabel, yLabel]);

  const onPointerMove = (event: PointerEvent<SVGSVGElement> | null) => {
    if (!event) return point(null);
    const box = event.currentTarget.getBoundingClientRect();
    const px = event.clientX - box.left;
    const py = event.clientY - box.top;
    let nearest: number | null = null;
    let best = HIT_RADIUS ** 2;
    points.forEach((p, index) => {
      const distance = (layout.x(p.x) - px) ** 2 + (layout.y(p.y) - py) ** 2;
      if (distance <= best) {
        best = distance;
        nearest = index;
      }
    });
    point(nearest);
  };

  const activeIndex = active && active.index < points.length ? active.index : null;
  const activePoint = activeIndex !== null ? points[activeIndex]! : null;
  const { area } = layout;
  const ax = activePoint ? layout.x(activePoint.x) : 0;
  const ay = activePoint ? layout.y(activePoint.y) : 0;

  return (
    <div ref={boxRef} className="relative w-full">
      <ChartSurface
        label={label}
        kind="scatter"
        width={width}
        height={height}
        onPoint={onPointerMove}
        keyboard={keyboard}
      >
        {activePoint ? (
          <g stroke="var(--border)" strokeDasharray="3 3">
            <line x1={ax} x2={ax} y1={area.top} y2={area.bottom} />
            <line x1={area.left} x2={area.right} y1={ay} y2={ay} />
          </g>
        ) : null}
        {plot}
        {activePoint ? (
          <circle
            cx={ax}
            cy={ay}
            r={POINT_RADIUS + 2}
            fill={color}
            stroke="var(--card)"
            strokeWidth={2}
          />
        ) : null}
      </ChartSurface>
      <ChartTooltip
        content={activeIndex !== null ? describe(activeIndex) : null}
        x={ax}
        y={Math.max(0, ay - 24)}
        width={width}
      />
    </div>
  );
}
