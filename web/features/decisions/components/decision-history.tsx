import type { DecisionRevision } from '@shared/decision-schemas';
import { type DecisionRevisionState, OUTCOME_LABELS } from '@shared/decisions';
import { Badge } from '@web/components/ui/badge';
import { formatDateTime } from '@web/lib/format-date';

const STATE_LABELS: Record<DecisionRevisionState, string> = {
  draft: 'Draft',
  released: 'In force',
  superseded: 'Superseded',
  discarded: 'Discarded',
};

/** Every revision of the decision, newest first, as the server sends them. */
export function DecisionHistory({ history }: { history: DecisionRevision[] }) {
  if (history.length === 0) {
    return <p className="text-sm text-muted-foreground">No revisions yet.</p>;
  }
  return (
    <ol aria-label="Decision history" className="space-y-3">
      {history.map((revision) => (
        <li key={revision.id} data-testid="history-item" className="rounded-md border p-3 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">Revision {revision.revision}</span>
            <span>{OUTCOME_LABELS[revision.outcome]}</span>
            <Badge variant={revision.state === 'released' ? 'default' : 'outline'}>
              {STATE_LABELS[revision.state]}
            </Badge>
          </p>
          <p className="text-muted-foreground">
            Set {formatDateTime(revision.decidedAt)}
            {revision.decidedBy ? ` by ${revision.decidedBy.name}` : ''}
            {revision.releasedAt
              ? `; released ${formatDateTime(revision.releasedAt)}${revision.releasedBy ? ` by ${revision.releasedBy.name}` : ''}`
              : ''}
            {revision.letterTo ? `; letter to ${revision.letterTo}` : ''}
            {revision.proposedFor ? `; proposed because #${revision.proposedFor} withdrew` : ''}
          </p>
          {revision.rationale ? (
            <p className="mt-1 whitespace-pre-wrap">{revision.rationale}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
