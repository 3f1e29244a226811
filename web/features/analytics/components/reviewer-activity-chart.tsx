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
import { formatScore2, type ReviewerActivityPoint } from '../lib/analytics-data';
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
import { ChartTooltipBox } from './chart-tooltip-box';
import { SlantedAxisTick } from './slanted-axis-tick';

/**
 * 'Reviewer Activity & Average Scores': review counts on the left axis, average composite on the
 * right axis (0-5), reviewer names cut to 15 characters.
 */
export function ReviewerActivityChart({ data }: { data: ReviewerActivityPoint[] }) {
  return (
    <ResponsiveContainer
      width="100%"
      height={CHART_HEIGHT + 40}
      initialDimension={INITIAL_DIMENSION}
    >
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 24 }}>
        <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="name"
          interval={0}
          height={70}
          tick={<SlantedAxisTick />}
          axisLine={AXIS_LINE}
          tickLine={AXIS_LINE}
        />
        <YAxis
          yAxisId="reviews"
          allowDecimals={false}
          tick={AXIS_TICK}
          axisLine={AXIS_LINE}
          tickLine={AXIS_LINE}
          width={40}
          label={{
            value: 'Reviews',
            angle: -90,
            position: 'insideLeft',
            fill: 'var(--muted-foreground)',
            fontSize: 12,
            style: { textAnchor: 'middle' },
          }}
        />
        <YAxis
          yAxisId="score"
          orientation="right"
          domain={SCORE_DOMAIN}
          ticks={SCORE_TICKS}
          tick={AXIS_TICK}
          axisLine={AXIS_LINE}
          tickLine={AXIS_LINE}
          width={40}
          label={{
            value: 'Avg Score',
            angle: 90,
            position: 'insideRight',
            fill: 'var(--muted-foreground)',
            fontSize: 12,
            style: { textAnchor: 'middle' },
          }}
        />
        <Tooltip
          cursor={{ fill: 'var(--muted)', opacity: 0.5 }}
          content={({ active, payload }) => {
            const point = payload?.[0]?.payload as ReviewerActivityPoint | undefined;
            if (!active || !point) return null;
            return (
              <ChartTooltipBox
                title={point.fullName}
                lines={[
                  `Reviews: ${point.reviewCount}`,
                  `Avg Score: ${point.avgComposite === null ? '-' : formatScore2(point.avgComposite)}`,
                ]}
              />
            );
          }}
        />
        <Legend
          verticalAlign="top"
          itemSorter={null}
          height={36}
          formatter={(value) => <span className="text-xs text-foreground">{value}</span>}
        />
        <Bar
          yAxisId="reviews"
          dataKey="reviewCount"
          name="Reviews"
          fill={SERIES_COLORS[0]}
          radius={[2, 2, 0, 0]}
          isAnimationActive={false}
        />
        <Bar
          yAxisId="score"
          dataKey="avgComposite"
          name="Avg Score"
          fill={SERIES_COLORS[1]}
          radius={[2, 2, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
