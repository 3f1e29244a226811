import { memo } from 'react';
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatScore2, type OpportunityChartPoint } from '../lib/analytics-data';
import {
  CHART_HEIGHT,
  COMPOSITE_COLOR,
  GRID_STYLE,
  INITIAL_DIMENSION,
  RESIZE_DEBOUNCE_MS,
  SCORE_AXIS,
} from '../lib/chart-theme';
import { ChartScroller } from './chart-scroller';
import { pointTooltip } from './chart-tooltip-box';
import { nameAxisProps } from './slanted-axis-tick';

/** 'Composite Score Trend': the average composite of each reviewed opportunity, y axis 0-5. */
function CompositeTrendChartView({ data }: { data: OpportunityChartPoint[] }) {
  return (
    <ChartScroller
      label="Trend chart (scrolls sideways)"
      minWidth={Math.max(320, data.length * 48)}
    >
      <ResponsiveContainer
        debounce={RESIZE_DEBOUNCE_MS}
        width="100%"
        height={CHART_HEIGHT}
        initialDimension={INITIAL_DIMENSION}
      >
        <LineChart data={data} margin={{ top: 8, right: 24, bottom: 8, left: 24 }}>
          <CartesianGrid {...GRID_STYLE} />
          <XAxis {...nameAxisProps(90)} padding={{ left: 48, right: 24 }} />
          <YAxis {...SCORE_AXIS} width={32} />
          <Tooltip
            cursor={{ stroke: 'var(--border)' }}
            content={pointTooltip((point: OpportunityChartPoint) => ({
              title: point.label,
              lines: [`Composite: ${formatScore2(point.composite)}`],
            }))}
          />
          <Line
            type="monotone"
            dataKey="composite"
            name="Composite"
            stroke={COMPOSITE_COLOR}
            strokeWidth={2}
            dot={{ r: 4, fill: COMPOSITE_COLOR }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartScroller>
  );
}

/** Memoised: the analytics view re-renders as each of its calls answers; this redraws only for new data. */
export const CompositeTrendChart = memo(CompositeTrendChartView);
