import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { memo, useId, useState } from 'react';
import {
  clampTopN,
  DEFAULT_TOP_N,
  formatRankInterval,
  type RankedRow,
  type RankingBasis,
  topBandSentence,
} from '../lib/results-data';

/** Rank positions labelled under the chart: 1, every 5th (every 10th past 30) and the last. */
function ticksFor(count: number): number[] {
  const step = count > 30 ? 10 : 5;
  const ticks = [1];
  for (let rank = step; rank < count; rank += step) ticks.push(rank);
  if (count > 1 && ticks.at(-1)! < count) {
    // A last tick too close to the previous one would overlap its label.
    if (count - ticks.at(-1)! < step / 2 && ticks.length > 1) ticks.pop();
    ticks.push(count);
  }
  return ticks;
}

/** Left edge (in % of the track) of rank position `rank`'s cell, of `count` cells. */
const cellStart = (rank: number, count: number) => ((rank - 1) / count) * 100;

/** The heights of the tick row (h-5) and of each bar's row (h-6), for the skipped bars' place. */
const HEADER_PX = 20;
const ROW_PX = 24;

const ROW =
  'grid grid-cols-[6.5rem_minmax(0,1fr)] items-center gap-x-2 sm:grid-cols-[15rem_minmax(0,1fr)]';

/**
 * One horizontal bar per ranked opportunity: the bar spans its rank interval, the dot marks its
 * rank, and the top-N band (N adjustable) is shaded. Plain HTML, so it reads at 50 rows and at
 * 390 px; for assistive technology it is one image named by its content and described by the
 * sentence above it (the ranking table holds every number).
 */
export const RankIntervalChart = memo(function RankIntervalChart({
  rows,
  basis,
  intervalLevel,
}: {
  rows: RankedRow[];
  basis: RankingBasis;
  intervalLevel: number;
}) {
  const ranked = rows.filter(
    (row): row is RankedRow & { rank: number; interval: NonNullable<RankedRow['interval']> } =>
      row.rank !== null && row.interval !== null,
  );
  const count = ranked.length;
  const [draft, setDraft] = useState(() => String(clampTopN(DEFAULT_TOP_N, count)));
  const topN = clampTopN(Number.parseInt(draft, 10), count);
  const inputId = useId();
  const summaryId = useId();
  const bandWidth = (topN / count) * 100;
  const percent = Math.round(intervalLevel * 100);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={inputId}>Shade the top</Label>
        {/* The field's own classes make it full width: the wrapper sets its size. */}
        <div className="w-20">
          <Input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={1}
            max={count}
            step={1}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={() => setDraft(String(topN))}
          />
        </div>
        <span className="text-sm text-muted-foreground">places</span>
      </div>
      <p id={summaryId} className="text-sm" aria-live="polite">
        {topBandSentence(ranked, topN)}
      </p>
      {/* Off screen, the bars are skipped (content-visibility); their height holds the place. */}
      <div
        role="img"
        aria-label={`Rank intervals of ${count} opportunities ranked by ${basis} composite, with the top ${topN} shaded`}
        aria-describedby={summaryId}
        className="text-xs [content-visibility:auto]"
        style={{ containIntrinsicSize: `auto ${HEADER_PX + count * ROW_PX}px` }}
      >
        <div className={ROW}>
          <span className="text-muted-foreground">Opportunity</span>
          <div className="relative h-5 text-muted-foreground">
            {ticksFor(count).map((tick) => (
              <span
                key={tick}
                className="absolute -translate-x-1/2 tabular-nums"
                style={{ left: `${cellStart(tick, count) + 50 / count}%` }}
              >
                {tick}
              </span>
            ))}
          </div>
        </div>
        {ranked.map((row) => {
          // Kept on the track should an interval ever reach past the ranked count.
          const low = Math.max(1, row.interval.low);
          const high = Math.min(count, row.interval.high);
          return (
            <div key={row.opportunity.id} className={ROW} data-testid="interval-row">
              <span className="truncate" title={row.opportunity.title}>
                <span className="text-muted-foreground">#{row.opportunity.number}</span>{' '}
                {row.opportunity.title}
              </span>
              <div className="relative h-6">
                <div
                  className="absolute inset-y-0 left-0 border-r border-primary/60 bg-primary/10"
                  style={{ width: `${bandWidth}%` }}
                />
                <div
                  className="absolute top-1/2 h-2 -translate-y-1/2 rounded-full bg-primary/45"
                  style={{
                    left: `${cellStart(low, count)}%`,
                    width: `${((high - low + 1) / count) * 100}%`,
                  }}
                  title={formatRankInterval(row.rank, row.interval)}
                />
                <div
                  className="absolute top-1/2 size-3 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-background bg-primary"
                  style={{ left: `${cellStart(row.rank, count) + 50 / count}%` }}
                />
              </div>
            </div>
          );
        })}
      </div>
      <ul
        className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground"
        aria-label="Legend"
      >
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-4 border-r border-primary/60 bg-primary/10"
          />
          Top {topN}
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-2 w-6 rounded-full bg-primary/45" />
          {percent}% rank interval
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-full bg-primary" />
          Rank
        </li>
      </ul>
    </div>
  );
});
