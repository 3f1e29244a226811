import type { AssignmentBoard, AutoAssignPlan } from '@shared/review-cycle-schemas';
import { countOf } from '@web/lib/count-of';
import { useMemo } from 'react';
import { opportunityLabel } from '../lib/board-view';
import { summarisePlan } from '../lib/plan-summary';

/**
 * What a preview would do: how many assignments it adds, how even the load comes out, how many
 * opportunities reach k, then what it could not place and why, and the figures per reviewer and
 * per opportunity (only those the plan changes), in scrolling tables.
 */
export function AutoAssignPreview({
  plan,
  perOpportunity,
  board,
}: {
  plan: AutoAssignPlan;
  perOpportunity: number;
  board: AssignmentBoard;
}) {
  const summary = useMemo(
    () => summarisePlan(plan, board, perOpportunity),
    [plan, board, perOpportunity],
  );
  return (
    <section aria-label="Preview" className="space-y-3 rounded-lg border p-4 text-sm">
      <h3 className="font-semibold">Preview</h3>
      <ul className="list-disc space-y-1 pl-5" aria-label="Summary">
        <li>
          {plan.added.length === 0
            ? 'Adds no assignment'
            : `Adds ${countOf(plan.added.length, 'assignment')}`}
        </li>
        {summary.loads ? (
          <li>
            Load per reviewer after applying: {summary.loads.min} to {summary.loads.max}{' '}
            opportunities
          </li>
        ) : null}
        <li>
          {summary.covered} of {countOf(summary.coverage.length, 'opportunity', 'opportunities')}{' '}
          reach {perOpportunity} {perOpportunity === 1 ? 'reviewer' : 'reviewers'}
        </li>
      </ul>
      {summary.unplaced.length > 0 ? (
        <div className="space-y-1" role="alert">
          <h4 className="font-semibold text-destructive dark:text-red-400">Could not place</h4>
          <ul className="max-h-40 space-y-1 overflow-y-auto" aria-label="Could not place">
            {summary.unplaced.map((item) => (
              <li key={item.opportunityId}>
                <span className="font-medium">{item.label}</span>:{' '}
                {countOf(item.missing, 'reviewer')} missing. {item.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <ChangeTable label="Load per reviewer" nameHeader="Reviewer" rows={summary.changedLoads} />
        <ChangeTable
          label="Coverage per opportunity"
          nameHeader="Opportunity"
          rows={summary.changedCoverage.map((row) => ({
            ...row,
            name: opportunityLabel(row),
          }))}
        />
      </div>
    </section>
  );
}

function ChangeTable({
  label,
  nameHeader,
  rows,
}: {
  label: string;
  nameHeader: string;
  rows: ReadonlyArray<{ id: string; name: string; before: number; after: number }>;
}) {
  return (
    <div className="space-y-1">
      <h4 className="font-medium">
        {label} ({rows.length === 0 ? 'no change' : `${rows.length} changed`})
      </h4>
      {rows.length > 0 ? (
        <section
          className="max-h-48 overflow-y-auto rounded-md border outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={label}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
        >
          <table className="w-full table-fixed text-sm">
            <thead className="sticky top-0 bg-card">
              <tr className="border-b">
                <th scope="col" className="px-2 py-1 text-left font-medium">
                  {nameHeader}
                </th>
                <th scope="col" className="w-16 px-2 py-1 text-right font-medium">
                  Before
                </th>
                <th scope="col" className="w-14 px-2 py-1 text-right font-medium">
                  After
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b last:border-0">
                  <th
                    scope="row"
                    title={row.name}
                    className="truncate px-2 py-1 text-left font-normal"
                  >
                    {row.name}
                  </th>
                  <td className="px-2 py-1 text-right tabular-nums">{row.before}</td>
                  <td className="px-2 py-1 text-right font-medium tabular-nums">{row.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </div>
  );
}
