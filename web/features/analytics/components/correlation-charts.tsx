import { RenderWhenVisible } from '@web/components/ui/render-when-visible';
import { memo } from 'react';
import { type CorrelationPlot, formatScore2 } from '../lib/analytics-data';
import { SERIES_COLORS } from '../lib/chart-theme';
import { ScatterPlot } from './scatter-plot';

const PLOT_HEIGHT = 260;

/** One correlation scatter plot, both axes 0-5, one point per reviewed opportunity. */
function CorrelationScatter({ plot, color }: { plot: CorrelationPlot; color: string }) {
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium">{plot.title}</figcaption>
      <ScatterPlot
        label={`${plot.title} chart`}
        xLabel={plot.xLabel}
        yLabel={plot.yLabel}
        points={plot.points}
        color={color}
        height={PLOT_HEIGHT}
        describe={(index) => {
          const point = plot.points[index]!;
          return {
            title: `#${point.number} ${point.title}`,
            lines: [
              `${plot.xLabel}: ${formatScore2(point.x)}`,
              `${plot.yLabel}: ${formatScore2(point.y)}`,
            ],
          };
        }}
      />
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
