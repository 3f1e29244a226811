import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  ANALYTICS_CRITERIA,
  formatScore2,
  type OpportunityChartPoint,
} from '../lib/analytics-data';
import {
  AXIS_LINE,
  AXIS_TICK,
  CHART_HEIGHT,
  GRID_STROKE,
  INITIAL_DIMENSION,
  SCORE_DOMAIN,
  SCORE_TICKS,
  SERIES_COLORS,
} from '../lib/chart-theme';
import { ChartScroller } from './chart-scroller';
import { ChartTooltipBox } from './chart-tooltip-box';
import { SlantedAxisTick } from './slanted-axis-tick';

/** 'Score Breakdown by Criteria': the five criterion averages per opportunity, y axis 0-5. */
export function CriteriaBreakdownChart({ data }: { data: OpportunityChartPoint[] }) {
  return (
    <ChartScroller
      label="Breakdown chart (scrolls sideways)"
      minWidth={Math.max(320, data.length * 72)}
    >
      <ResponsiveContainer
        width="100%"
        height={CHART_HEIGHT + 40}
        initialDimension={INITIAL_DIMENSION}
      >
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 24 }}>
          <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="name"
            interval={0}
            height={90}
            tick={<SlantedAxisTick />}
            axisLine={AXIS_LINE}
            tickLine={AXIS_LINE}
          />
          <YAxis
            domain={SCORE_DOMAIN}
            ticks={SCORE_TICKS}
            tick={AXIS_TICK}
            axisLine={AXIS_LINE}
            tickLine={AXIS_LINE}
            width={32}
          />
          <Tooltip
            cursor={{ fill: 'var(--muted)', opacity: 0.5 }}
            content={({ active, payload }) => {
              const point = payload?.[0]?.payload as OpportunityChartPoint | undefined;
              if (!active || !point) return null;
              return (
                <ChartTooltipBox
                  title={point.label}
                  lines={ANALYTICS_CRITERIA.map(
                    ({ field, label }) => `${label}: ${formatScore2(point[field])}`,
                  )}
                />
              );
            }}
          />
          <Legend
            verticalAlign="top"
            align="left"
            itemSorter={null}
            height={36}
            formatter={(value) => <span className="text-xs text-foreground">{value}</span>}
          />
          {ANALYTICS_CRITERIA.map(({ field, label }, index) => (
            <Bar
              key={field}
              dataKey={field}
              name={label}
              fill={SERIES_COLORS[index]}
              radius={[2, 2, 0, 0]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartScroller>
  );
}
