import { EMPTY_MARK } from '@web/lib/empty-mark';
import { useMemo } from 'react';
import { formatScore2, type ReviewerActivityPoint } from '../lib/analytics-data';
import { countTicks } from '../lib/chart-geometry';
import { CHART_HEIGHT, SCORE_TICKS, SERIES_COLORS } from '../lib/chart-theme';
import { CategoryChart, type ValueAxisSpec } from './category-chart';

const MARGIN = { top: 8, right: 8, bottom: 8, left: 32 };
const SCORE_AXIS: ValueAxisSpec = { ticks: SCORE_TICKS, title: 'Avg Score', width: 40 };

/**
 * 'Reviewer Activity & Average Scores': review counts on the left axis, average composite on the
 * right axis (0-5), reviewer names cut to 15 characters.
 */
export function ReviewerActivityChart({ data }: { data: ReviewerActivityPoint[] }) {
  const { names, series, countAxis } = useMemo(
    () => ({
      names: data.map((point) => point.name),
      series: [
        {
          label: 'Reviews',
          color: SERIES_COLORS[0],
          kind: 'bar' as const,
          values: data.map((point) => point.reviewCount),
        },
        {
          label: 'Avg Score',
          color: SERIES_COLORS[1],
          kind: 'bar' as const,
          axis: 'right' as const,
          values: data.map((point) => point.avgComposite),
        },
      ],
      countAxis: {
        ticks: countTicks(Math.max(0, ...data.map((point) => point.reviewCount))),
        title: 'Reviews',
        width: 40,
      },
    }),
    [data],
  );
  return (
    <CategoryChart
      label="Reviewer Activity & Average Scores chart"
      kind="activity"
      names={names}
      series={series}
      left={countAxis}
      right={SCORE_AXIS}
      height={CHART_HEIGHT + 40}
      nameAxisHeight={70}
      margin={MARGIN}
      legend="center"
      describe={(index) => {
        const point = data[index]!;
        return {
          title: point.fullName,
          lines: [
            `Reviews: ${point.reviewCount}`,
            `Avg Score: ${point.avgComposite === null ? EMPTY_MARK : formatScore2(point.avgComposite)}`,
          ],
        };
      }}
    />
  );
}
