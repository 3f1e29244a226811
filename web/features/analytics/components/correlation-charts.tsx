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
  AXIS_LINE,
  AXIS_TICK,
  GRID_STROKE,
  SCORE_DOMAIN,
  SCORE_TICKS,
  SERIES_COLORS,
} from '../lib/chart-theme';
import { ChartTooltipBox } from './chart-tooltip-box';

const PLOT_HEIGHT = 260;

/** One correlation scatter plot, both axes 0-5, one point per reviewed opportunity. */
function CorrelationScatter({ plot, color }: { plot: CorrelationPlot; color: string }) {
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium">{plot.title}</figcaption>
      <ResponsiveContainer
        width="100%"
        height={PLOT_HEIGHT}
        initialDimension={{ width: 320, height: PLOT_HEIGHT }}
      >
        <ScatterChart margin={{ top: 8, right: 16, bottom: 24, left: 8 }}>
          <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="x"
            name={plot.xLabel}
            domain={SCORE_DOMAIN}
            ticks={SCORE_TICKS}
            tick={AXIS_TICK}
            axisLine={AXIS_LINE}
            tickLine={AXIS_LINE}
            label={{
              value: plot.xLabel,
              position: 'insideBottom',
              offset: -12,
              fill: 'var(--muted-foreground)',
              fontSize: 12,
            }}
          />
          <YAxis
            type="number"
            dataKey="y"
            name={plot.yLabel}
            domain={SCORE_DOMAIN}
            ticks={SCORE_TICKS}
            tick={AXIS_TICK}
            axisLine={AXIS_LINE}
            tickLine={AXIS_LINE}
            width={40}
            label={{
              value: plot.yLabel,
              angle: -90,
              position: 'insideLeft',
              fill: 'var(--muted-foreground)',
              fontSize: 12,
              style: { textAnchor: 'middle' },
            }}
          />
          <Tooltip
            cursor={{ strokeDasharray: '3 3', stroke: 'var(--border)' }}
            content={({ active, payload }) => {
              const point = payload?.[0]?.payload as ScatterPoint | undefined;
              if (!active || !point) return null;
              return (
                <ChartTooltipBox
                  title={`#${point.number} ${point.title}`}
                  lines={[
                    `${plot.xLabel}: ${formatScore2(point.x)}`,
                    `${plot.yLabel}: ${formatScore2(point.y)}`,
                  ]}
                />
              );
            }}
          />
          <Scatter data={plot.points} fill={color} isAnimationActive={false} />
        </ScatterChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** 'Criteria Correlation Analysis': the four scatter plots of SPEC.md, two per row when wide. */
export function CorrelationCharts({ plots }: { plots: CorrelationPlot[] }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {plots.map((plot, index) => (
        <CorrelationScatter
          key={plot.id}
          plot={plot}
          color={SERIES_COLORS[index % SERIES_COLORS.length]!}
        />
      ))}
    </div>
  );
}
