import type { BallotResults } from '@shared/ballot-schemas';
import { RegionCard } from '@web/components/ui/region-card';
import { cn } from '@web/lib/cn';
import { useId } from 'react';

/** What a cell says to a screen reader: who wins the pair, and by how much. */
function cellLabel(row: string, column: string, votes: number, against: number): string {
  if (votes > against) return `${row} over ${column}: ${votes} to ${against}`;
  if (votes < against) return `${row} loses to ${column}: ${votes} to ${against}`;
  return `${row} ties with ${column}: ${votes} to ${against}`;
}

/**
 * The pairwise preferences d[row][column] as a table; the winner of each pair in bold. Many
 * finalists make it wider than a phone: it scrolls sideways inside its own focusable region.
 */
export function PairwiseMatrix({ results }: { results: BallotResults }) {
  const captionId = useId();
  const { candidates, d } = results;
  return (
    <RegionCard
      title="Pairwise preferences"
      description="Bold: the row's finalist beats the column's (more reviewers prefer it)."
    >
      <section
        aria-labelledby={captionId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard.
        tabIndex={0}
        className="max-w-full overflow-x-auto rounded-md border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        <table className="w-full border-collapse text-sm tabular-nums">
          <caption id={captionId} className="caption-top px-3 py-2 text-left text-muted-foreground">
            Each cell: reviewers who prefer the row's finalist to the column's
          </caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="px-3 py-2 text-left">
                <span className="sr-only">Finalist</span>
              </th>
              {candidates.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  title={column.title}
                  className="px-3 py-2 text-right"
                >
                  #{column.number}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {candidates.map((row, i) => (
              <tr key={row.id} className="border-b last:border-b-0">
                <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
                  #{row.number}
                  <span className="ml-1 hidden max-w-48 truncate align-bottom font-normal text-muted-foreground sm:inline-block">
                    {row.title}
                  </span>
                </th>
                {candidates.map((column, j) => {
                  if (i === j) {
                    return (
                      <td key={column.id} className="px-3 py-2 text-right text-muted-foreground">
                        <span aria-hidden="true">–</span>
                        <span className="sr-only">#{row.number} against itself</span>
                      </td>
                    );
                  }
                  const votes = d[i]?.[j] ?? 0;
                  const against = d[j]?.[i] ?? 0;
                  const wins = votes > against;
                  return (
                    <td
                      key={column.id}
                      data-wins={wins}
                      className={cn('px-3 py-2 text-right', wins && 'bg-primary/10 font-bold')}
                    >
                      <span aria-hidden="true">{votes}</span>
                      <span className="sr-only">
                        {cellLabel(`#${row.number}`, `#${column.number}`, votes, against)}
                      </span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </RegionCard>
  );
}
