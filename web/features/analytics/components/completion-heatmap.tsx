import type { HeatmapRow } from '@shared/analytics-schemas';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { cn } from '@web/lib/cn';
import {
  HEATMAP_LEGEND,
  heatmapBandOf,
  heatmapCellText,
  heatmapCellTooltip,
  heatmapColumns,
} from '../lib/heatmap-bands';

/** The colour key under the heatmap: 1-2, 2-3, 3-4, 4-5, Not reviewed. */
export function HeatmapLegend() {
  return (
    <ul aria-label="Legend" className="flex flex-wrap items-center gap-4 text-xs">
      {HEATMAP_LEGEND.map((band) => (
        <li key={band.id} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            data-band={band.id}
            className={cn('size-4 rounded border', band.className)}
          />
          {band.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Review Completion Heatmap': a row per reviewer, a column per opportunity ('#number'); a cell
 * shows the composite to 1 decimal in its band's colour, or '-' when not reviewed.
 */
export function CompletionHeatmap({ rows }: { rows: HeatmapRow[] }) {
  const columns = heatmapColumns(rows);
  return (
    <div className="space-y-4">
      <section
        aria-label="Heatmap table"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        className="relative w-full overflow-x-auto rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <table className="border-separate border-spacing-1 text-xs">
          <thead>
            <tr>
              <th scope="col" className="sticky left-0 bg-card px-2 text-left font-medium">
                Reviewer
              </th>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className="min-w-11 px-1 text-center font-medium text-muted-foreground"
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.reviewerId}>
                <th
                  scope="row"
                  className="sticky left-0 max-w-40 truncate bg-card px-2 text-left font-medium"
                  title={row.reviewerName}
                >
                  {row.reviewerName}
                </th>
                {row.opportunities.map((cell) => {
                  const band = heatmapBandOf(cell.composite);
                  return (
                    <td key={cell.opportunityId} className="p-0">
                      <Tooltip>
                        <TooltipTrigger asChild>
                          <div
                            data-testid="heatmap-cell"
                            data-band={band.id}
                            className={cn(
                              'flex h-8 min-w-11 items-center justify-center rounded font-medium tabular-nums',
                              band.className,
                            )}
                          >
                            {heatmapCellText(cell.composite)}
                          </div>
                        </TooltipTrigger>
                        <TooltipContent>{heatmapCellTooltip(cell.composite)}</TooltipContent>
                      </Tooltip>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <HeatmapLegend />
    </div>
  );
}
