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
