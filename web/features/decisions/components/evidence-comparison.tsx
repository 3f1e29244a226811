import type { DecisionEvidence, DecisionPanel } from '@shared/decision-schemas';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { cn } from '@web/lib/cn';
import { EVIDENCE_LABELS, EVIDENCE_ORDER, formatEvidence } from '../lib/decision-rows';

type Column = { label: string; evidence: DecisionEvidence };

/**
 * The evidence each decision was set on (the draft's, the released one's) beside today's: a
 * figure that differs from today is highlighted and said to have changed.
 */
export function EvidenceComparison({ panel }: { panel: DecisionPanel }) {
  const then: Column[] = [];
  if (panel.draft) then.push({ label: 'At the draft', evidence: panel.draft.evidence });
  if (panel.released) then.push({ label: 'At the release', evidence: panel.released.evidence });
  if (then.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        A decision keeps the figures it was set on; today's are below.
      </p>
    );
  }
  return (
    <Table aria-label="Evidence then and now">
      <TableHeader>
        <TableRow>
          <TableHead>Figure</TableHead>
          {then.map((column) => (
            <TableHead key={column.label}>{column.label}</TableHead>
          ))}
          <TableHead>Now</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {EVIDENCE_ORDER.map((key) => {
          const now = formatEvidence(panel.evidenceNow, key);
          return (
            <TableRow key={key} data-testid="evidence-row">
              <th scope="row" className="px-3 py-2.5 text-left font-medium">
                {EVIDENCE_LABELS[key]}
              </th>
              {then.map((column) => {
                const value = formatEvidence(column.evidence, key);
                const isChanged = value !== now;
                return (
                  <TableCell
                    key={column.label}
                    data-changed={isChanged || undefined}
                    className={cn(
                      'tabular-nums',
                      isChanged &&
                        'bg-amber-100 font-semibold text-amber-900 dark:bg-amber-950/50 dark:text-amber-200',
                    )}
                  >
                    {value}
                    {isChanged ? <span className="sr-only"> (changed since)</span> : null}
                  </TableCell>
                );
              })}
              <TableCell className="tabular-nums">{now}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Today's figures alone, when no decision holds a snapshot yet. */
export function EvidenceNow({ evidence }: { evidence: DecisionEvidence }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {EVIDENCE_ORDER.map((key) => (
        <div key={key} className="contents">
          <dt className="text-muted-foreground">{EVIDENCE_LABELS[key]}</dt>
          <dd className="tabular-nums">{formatEvidence(evidence, key)}</dd>
        </div>
      ))}
    </dl>
  );
}
