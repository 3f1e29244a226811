import { DECISION_FLAG_LABELS } from '@shared/decisions';
import { Badge } from '@web/components/ui/badge';
import { EmptyValue } from '@web/components/ui/empty-value';
import { OutcomeBadge } from '@web/components/ui/outcome-badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { memo } from 'react';
import { Link } from 'wouter';
import { type DecisionRow, EVIDENCE_LABELS } from '../lib/decision-rows';

function ChangedSince({ row }: { row: DecisionRow }) {
  const changed = row.inView.changedSince;
  if (changed.length === 0) return <EmptyValue label="Unchanged" />;
  return (
    <Badge
      variant="outline"
      className="border-amber-500 text-amber-700 max-sm:whitespace-normal dark:text-amber-300"
      title={changed.map((key) => EVIDENCE_LABELS[key]).join(', ')}
    >
      Changed since: {changed.map((key) => EVIDENCE_LABELS[key]).join(', ')}
    </Badge>
  );
}

const DecisionTableRow = memo(function DecisionTableRow({ row }: { row: DecisionRow }) {
  const flags = row.inView.flags;
  return (
    <TableRow data-testid="decision-row">
      <TableCell className="text-muted-foreground max-sm:col-span-2">#{row.number}</TableCell>
      <th scope="row" className="min-w-44 px-3 py-2.5 text-left font-normal max-sm:col-span-10">
        <Link
          href={`/admin/results/decisions/${row.opportunityId}`}
          className="font-medium underline-offset-4 hover:underline"
        >
          {row.title}
        </Link>
        {row.draft?.proposedFor ? (
          <p className="text-xs text-muted-foreground">
            Proposed because #{row.draft.proposedFor} withdrew
          </p>
        ) : null}
      </th>
      <TableCell data-label="In force" className="max-sm:col-span-6">
        {row.released ? (
          <OutcomeBadge outcome={row.released.outcome} />
        ) : (
          <EmptyValue label="None released" />
        )}
      </TableCell>
      <TableCell data-label="Draft" className="max-sm:col-span-6">
        {row.draft ? (
          <OutcomeBadge outcome={row.draft.outcome} state="draft" />
        ) : (
          <EmptyValue label="No draft" />
        )}
      </TableCell>
      <TableCell data-label="Flags" className="min-w-40 max-sm:col-span-6">
        {flags.length === 0 ? (
          <EmptyValue label="None" />
        ) : (
          <ul className="flex flex-wrap gap-1">
            {flags.map((flag) => (
              <li key={flag}>
                <Badge variant="outline" className="border-destructive/60 max-sm:whitespace-normal">
                  {DECISION_FLAG_LABELS[flag]}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </TableCell>
      <TableCell data-label="Evidence" className="min-w-40 max-sm:col-span-6">
        <ChangedSince row={row} />
      </TableCell>
      <TableCell data-label="Letter to" className="max-w-56 truncate max-sm:wrap-anywhere">
        {row.ownerEmail ?? <EmptyValue label="No owner email" />}
      </TableCell>
    </TableRow>
  );
});

/**
 * One row per opportunity with a decision: in force, draft, flags, what moved, the letter's
 * address; on a phone, a card each (issue 38).
 */
export function DecisionsTable({ rows }: { rows: DecisionRow[] }) {
  return (
    <Table aria-label="Decisions" phoneCards>
      <TableHeader>
        <TableRow>
          <TableHead>#</TableHead>
          <TableHead>Opportunity</TableHead>
          <TableHead>In force</TableHead>
          <TableHead>Draft</TableHead>
          <TableHead>Flags</TableHead>
          <TableHead>Evidence</TableHead>
          <TableHead>Letter to</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <DecisionTableRow key={row.opportunityId} row={row} />
        ))}
      </TableBody>
    </Table>
  );
}
