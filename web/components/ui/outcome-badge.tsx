import { type DecisionOutcome, type DecisionState, OUTCOME_LABELS } from '@shared/decisions';
import { cn } from '@web/lib/cn';
import { Badge, type BadgeVariant } from './badge';

const OUTCOME_VARIANTS: Record<DecisionOutcome, BadgeVariant> = {
  shortlisted: 'default',
  accepted: 'success',
  waitlisted: 'secondary',
  declined: 'destructive',
  withdrawn: 'outline',
};

/**
 * An outcome as a badge: solid while released (in force), dashed and marked '(draft)' while only
 * proposed, so the two never read alike.
 */
export function OutcomeBadge({
  outcome,
  state = 'released',
  className,
}: {
  outcome: DecisionOutcome;
  state?: DecisionState;
  className?: string;
}) {
  if (state === 'draft') {
    return (
      <Badge
        variant="outline"
        data-state="draft"
        className={cn('border-dashed border-foreground/50', className)}
      >
        {OUTCOME_LABELS[outcome]} (draft)
      </Badge>
    );
  }
  return (
    <Badge variant={OUTCOME_VARIANTS[outcome]} data-state="released" className={className}>
      {OUTCOME_LABELS[outcome]}
    </Badge>
  );
}
