import type { AdminOpportunity, OpportunityStatus } from '@shared/opportunity-schemas';

/** Splits the comma-separated tags field: items trimmed, empty ones dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** The number suggested for a new opportunity: the highest existing number plus 1, or 1. */
export function nextOpportunityNumber(opportunities: readonly { number: number }[]): number {
  return opportunities.reduce((highest, o) => Math.max(highest, o.number), 0) + 1;
}

/** The distinct batches, sorted, for the filter. */
export function batchesOf(opportunities: readonly AdminOpportunity[]): string[] {
  const batches = new Set<string>();
  for (const o of opportunities) if (o.batch) batches.add(o.batch);
  return [...batches].sort((a, b) => a.localeCompare(b));
}

export const STATUS_LABELS: Record<OpportunityStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};
/** The statuses in the order the form offers them (without loading the status schema). */
export const STATUS_OPTIONS = Object.keys(STATUS_LABELS) as OpportunityStatus[];

type OwnerFields = { ownerName?: string | null; ownerEmail?: string | null };

/**
 * The form's values without an owner field that is empty and was empty before (issue 35): an
 * opportunity without an owner is sent as before; one whose owner is cleared sends null.
 */
export function withoutUnsetOwner<T extends OwnerFields>(
  values: T,
  editing: OwnerFields | null,
): T {
  const next = { ...values };
  if (next.ownerName === null && !editing?.ownerName) delete next.ownerName;
  if (next.ownerEmail === null && !editing?.ownerEmail) delete next.ownerEmail;
  return next;
}
