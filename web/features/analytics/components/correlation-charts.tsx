import { RenderWhenVisible } from '@web/components/ui/render-when-visible';
import { memo } from 'react';
import {
  CartesianGrid,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { type CorrelationPlot, formatScore2, type ScatterPoint } from '../lib/analytics-data';
import {
  AXIS_TICK,
  GRID_STYLE,
  RESIZE_DEBOUNCE_MS,
  SCORE_AXIS,
  SERIES_COLORS,
  sideAxisLabel,
} from '../lib/chart-theme';
import { pointTooltip } from './chart-tooltip-box';

const PLOT_HEIGHT = 260;

/** One correlation scatter plot, both axes 0-5, one point per reviewed opportunity. */
function CorrelationScatter({ plot, color }: { plot: CorrelationPlot; color: string }) {
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium">{plot.title}</figcaption>
      <ResponsiveContainer
        debounce={RESIZE_DEBOUNCE_MS}
        width="100%"
        height={PLOT_HEIGHT}
        initialDimension={{ width: 320, height: PLOT_HEIGHT }}
      >
        <ScatterChart margin={{ top: 8, right: 16, bottom: 24, left: 8 }}>
          <CartesianGrid {...GRID_STYLE} />
          <XAxis
            type="number"
            dataKey="x"
            name={plot.xLabel}
            {...SCORE_AXIS}
            label={{ value: plot.xLabel, position: 'insideBottom', offset: -12, ...AXIS_TICK }}
          />
          <YAxis
            type="number"
            dataKey="y"
            name={plot.yLabel}
            {...SCORE_AXIS}
            width={40}
            label={sideAxisLabel(plot.yLabel, 'left')}
          />
          <Tooltip
            cursor={{ strokeDasharray: '3 3', stroke: 'var(--border)' }}
            content={pointTooltip((point: ScatterPoint) => ({
              title: `#${point.number} ${point.title}`,
              lines: [
                `${plot.xLabel}: ${formatScore2(point.x)}`,
                `${plot.yLabel}: ${formatScore2(point.y)}`,
              ],
            }))}
          />
          <Scatter data={plot.points} fill={color} isAnimationActive={false} />
        </ScatterChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** 'Criteria Correlation Analysis': the four scatter plots of SPEC.md, two per row when wide. */
function CorrelationChartsView({ plots }: { plots: CorrelationPlot[] }) {
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      {plots.map((plot, index) => (
        // Each plot on its own turn: four charts at once would be one long task.
        <RenderWhenVisible
          key={plot.id}
          placeholder={
            <figure className="space-y-2">
              <figcaption className="text-sm font-medium">{plot.title}</figcaption>
              <div className="rounded-md bg-muted/40" style={{ height: PLOT_HEIGHT }} />
            </figure>
          }
        >
          <CorrelationScatter plot={plot} color={SERIES_COLORS[index % SERIES_COLORS.length]!} />
        </RenderWhenVisible>
      ))}
    </div>
  );
}

/** Memoised: the analytics view re-renders as each of its calls answers; this redraws only for new data. */
export const CorrelationCharts = memo(CorrelationChartsView);
