import { memo } from 'react';
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
  BAR_CURSOR,
  BAR_STYLE,
  CHART_HEIGHT,
  GRID_STYLE,
  INITIAL_DIMENSION,
  RESIZE_DEBOUNCE_MS,
  SCORE_AXIS,
  SERIES_COLORS,
} from '../lib/chart-theme';
import { CHART_LEGEND } from './chart-legend';
import { ChartScroller } from './chart-scroller';
import { pointTooltip } from './chart-tooltip-box';
import { nameAxisProps } from './slanted-axis-tick';

/** 'Score Breakdown by Criteria': the five criterion averages per opportunity, y axis 0-5. */
function CriteriaBreakdownChartView({ data }: { data: OpportunityChartPoint[] }) {
  return (
    <ChartScroller
      label="Breakdown chart (scrolls sideways)"
      minWidth={Math.max(320, data.length * 72)}
    >
      <ResponsiveContainer
        debounce={RESIZE_DEBOUNCE_MS}
        width="100%"
        height={CHART_HEIGHT + 40}
        initialDimension={INITIAL_DIMENSION}
      >
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 24 }}>
          <CartesianGrid {...GRID_STYLE} vertical={false} />
          <XAxis {...nameAxisProps(90)} />
          <YAxis {...SCORE_AXIS} width={32} />
          <Tooltip
            cursor={BAR_CURSOR}
            content={pointTooltip((point: OpportunityChartPoint) => ({
              title: point.label,
              lines: ANALYTICS_CRITERIA.map(
                ({ field, label }) => `${label}: ${formatScore2(point[field])}`,
              ),
            }))}
          />
          <Legend {...CHART_LEGEND} align="left" />
          {ANALYTICS_CRITERIA.map(({ field, label }, index) => (
            <Bar
              key={field}
              dataKey={field}
              name={label}
              fill={SERIES_COLORS[index]}
              {...BAR_STYLE}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartScroller>
  );
}

/** Memoised: the analytics view re-renders as each of its calls answers; this redraws only for new data. */
export const CriteriaBreakdownChart = memo(CriteriaBreakdownChartView);
