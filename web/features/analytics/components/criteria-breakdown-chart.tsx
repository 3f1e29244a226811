import { memo, useMemo } from 'react';
import {
  ANALYTICS_CRITERIA,
  formatScore2,
  type OpportunityChartPoint,
} from '../lib/analytics-data';
import { CHART_HEIGHT, SCORE_TICKS, SERIES_COLORS } from '../lib/chart-theme';
import { CategoryChart, type ValueAxisSpec } from './category-chart';
import { ChartScroller } from './chart-scroller';

// The left margin leaves room for the first name, which slants to the left of its bars.
const MARGIN = { top: 8, right: 16, bottom: 8, left: 40 };
const SCORE_AXIS: ValueAxisSpec = { ticks: SCORE_TICKS, width: 32 };

/** 'Score Breakdown by Criteria': the five criterion averages per opportunity, y axis 0-5. */
function CriteriaBreakdownChartView({ data }: { data: OpportunityChartPoint[] }) {
  const series = useMemo(
    () =>
      ANALYTICS_CRITERIA.map(({ field, label }, index) => ({
        label,
        color: SERIES_COLORS[index]!,
        kind: 'bar' as const,
        values: data.map((point) => point[field]),
      })),
    [data],
  );
  const names = useMemo(() => data.map((point) => point.name), [data]);
  return (
    <ChartScroller
      label="Breakdown chart (scrolls sideways)"
      minWidth={Math.max(320, data.length * 72)}
    >
      <CategoryChart
        label="Score Breakdown by Criteria chart"
        kind="breakdown"
        names={names}
        series={series}
        left={SCORE_AXIS}
        height={CHART_HEIGHT + 40}
        nameAxisHeight={90}
        margin={MARGIN}
        legend="left"
        describe={(index) => ({
          title: data[index]!.label,
          lines: ANALYTICS_CRITERIA.map(
            ({ field, label }) => `${label}: ${formatScore2(data[index]![field])}`,
          ),
        })}
      />
    </ChartScroller>
  );
}

/** Memoised: the analytics view re-renders as each of its calls answers; this redraws only for new data. */
export const CriteriaBreakdownChart = memo(CriteriaBreakdownChartView);
