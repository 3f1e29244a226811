import type { DecisionOutcome } from '@shared/decisions';
import type { ReviewStatus } from '@shared/reviewer-schemas';
import { Badge, type BadgeVariant } from '@web/components/ui/badge';
import { OutcomeBadge } from '@web/components/ui/outcome-badge';

const STATUS: Record<ReviewStatus, { label: string; variant: BadgeVariant }> = {
  not_started: { label: 'Not Started', variant: 'secondary' },
  in_progress: { label: 'In Progress', variant: 'default' },
  done: { label: 'Done', variant: 'success' },
};

export function reviewStatusLabel(status: ReviewStatus): string {
  return STATUS[status].label;
}

export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  const { label, variant } = STATUS[status];
  return (
    <Badge variant={variant} data-status={status}>
      {label}
    </Badge>
  );
}

/** In place of the status once the reviewer declared a conflict of interest (issue 18). */
export function ConflictBadge() {
  return (
    <Badge variant="destructive" data-status="conflict">
      Conflict
    </Badge>
  );
}

/**
 * The released decision's outcome, beside the status, when the admin shows decisions to reviewers
 * (issue 35); nothing without one.
 */
export function DecisionOutcomeBadge({ outcome }: { outcome: DecisionOutcome | null | undefined }) {
  if (!outcome) return null;
  return (
    <span data-testid="decision-outcome" className="inline-flex">
      <span className="sr-only">Decision: </span>
      <OutcomeBadge outcome={outcome} />
    </span>
  );
}
