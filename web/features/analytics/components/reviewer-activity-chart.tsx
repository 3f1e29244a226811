import { EMPTY_MARK } from '@web/lib/empty-mark';
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
  AXIS_STYLE,
  BAR_CURSOR,
  BAR_STYLE,
  CHART_HEIGHT,
  GRID_STYLE,
  INITIAL_DIMENSION,
  RESIZE_DEBOUNCE_MS,
  SCORE_AXIS,
  SERIES_COLORS,
  sideAxisLabel,
} from '../lib/chart-theme';
import { CHART_LEGEND } from './chart-legend';
import { pointTooltip } from './chart-tooltip-box';
import { nameAxisProps } from './slanted-axis-tick';

/**
 * 'Reviewer Activity & Average Scores': review counts on the left axis, average composite on the
 * right axis (0-5), reviewer names cut to 15 characters.
 */
export function ReviewerActivityChart({ data }: { data: ReviewerActivityPoint[] }) {
  return (
    <ResponsiveContainer
      debounce={RESIZE_DEBOUNCE_MS}
      width="100%"
      height={CHART_HEIGHT + 40}
      initialDimension={INITIAL_DIMENSION}
    >
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 24 }}>
        <CartesianGrid {...GRID_STYLE} vertical={false} />
        <XAxis {...nameAxisProps(70)} />
        <YAxis
          yAxisId="reviews"
          allowDecimals={false}
          {...AXIS_STYLE}
          width={40}
          label={sideAxisLabel('Reviews', 'left')}
        />
        <YAxis
          yAxisId="score"
          orientation="right"
          {...SCORE_AXIS}
          width={40}
          label={sideAxisLabel('Avg Score', 'right')}
        />
        <Tooltip
          cursor={BAR_CURSOR}
          content={pointTooltip((point: ReviewerActivityPoint) => ({
            title: point.fullName,
            lines: [
              `Reviews: ${point.reviewCount}`,
              `Avg Score: ${point.avgComposite === null ? EMPTY_MARK : formatScore2(point.avgComposite)}`,
            ],
          }))}
        />
        <Legend {...CHART_LEGEND} />
        <Bar
          yAxisId="reviews"
          dataKey="reviewCount"
          name="Reviews"
          fill={SERIES_COLORS[0]}
          {...BAR_STYLE}
        />
        <Bar
          yAxisId="score"
          dataKey="avgComposite"
          name="Avg Score"
          fill={SERIES_COLORS[1]}
          {...BAR_STYLE}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
