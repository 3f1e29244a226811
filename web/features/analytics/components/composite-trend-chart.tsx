import { memo } from 'react';
import { formatScore2, type OpportunityChartPoint } from '../lib/analytics-data';
import { CHART_HEIGHT, COMPOSITE_COLOR, SCORE_TICKS } from '../lib/chart-theme';
import { CategoryChart, type ValueAxisSpec } from './category-chart';
import { ChartScroller } from './chart-scroller';

// The left margin leaves room for the first name, which slants to the left of its point.
const MARGIN = { top: 8, right: 24, bottom: 8, left: 56 };
const SCORE_AXIS: ValueAxisSpec = { ticks: SCORE_TICKS, width: 32 };

/** 'Composite Score Trend': the average composite of each reviewed opportunity, y axis 0-5. */
function CompositeTrendChartView({ data }: { data: OpportunityChartPoint[] }) {
  return (
    <ChartScroller
      label="Trend chart (scrolls sideways)"
      minWidth={Math.max(320, data.length * 48)}
    >
      <CategoryChart
        label="Composite Score Trend chart"
        kind="trend"
        names={data.map((point) => point.name)}
        series={[
          {
            label: 'Composite',
            color: COMPOSITE_COLOR,
            kind: 'line',
            values: data.map((point) => point.composite),
          },
        ]}
        left={SCORE_AXIS}
        height={CHART_HEIGHT}
        nameAxisHeight={90}
        margin={MARGIN}
        verticalGrid
        describe={(index) => ({
          title: data[index]!.label,
          lines: [`Composite: ${formatScore2(data[index]!.composite)}`],
        })}
      />
    </ChartScroller>
  );
}

/** Memoised: the analytics view re-renders as each of its calls answers; this redraws only for new data. */
export const CompositeTrendChart = memo(CompositeTrendChartView);
