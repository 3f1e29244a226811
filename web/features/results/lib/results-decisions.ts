import type { DecisionEntry } from '@shared/decision-schemas';
import { DECISION_OUTCOMES, OUTCOME_LABELS } from '@shared/decisions';

/** An opportunity's decisions: the draft and the released one in force, either may be missing. */
export type RowDecisions = { draft: DecisionEntry | null; released: DecisionEntry | null };

export function decisionsByOpportunity(
  entries: readonly DecisionEntry[],
): ReadonlyMap<string, RowDecisions> {
  const map = new Map<string, RowDecisions>();
  for (const entry of entries) {
    const row = map.get(entry.opportunityId) ?? { draft: null, released: null };
    if (entry.state === 'draft') row.draft = entry;
    else row.released = entry;
    map.set(entry.opportunityId, row);
  }
  return map;
}

export const OUTCOME_FILTER_OPTIONS = DECISION_OUTCOMES.map((value) => ({
  value,
  label: OUTCOME_LABELS[value],
}));

export const STATE_FILTER_OPTIONS = [
  { value: 'draft', label: 'Draft' },
  { value: 'released', label: 'Released' },
  { value: 'none', label: 'No decision' },
];

/**
 * Whether a row passes the filters ('' lets every row through). `state` 'draft' wants a draft,
 * 'released' one in force, 'none' neither; `outcome` must be that one's outcome (either's without
 * a state).
 */
export function matchesDecisionFilters(
  decisions: RowDecisions | undefined,
  outcome: string,
  state: string,
): boolean {
  const draft = decisions?.draft ?? null;
  const released = decisions?.released ?? null;
  if (state === 'none') return draft === null && released === null && !outcome;
  const candidates =
    state === 'draft' ? [draft] : state === 'released' ? [released] : [draft, released];
  const present = candidates.filter((entry) => entry !== null);
  if (state && present.length === 0) return false;
  return !outcome || present.some((entry) => entry.outcome === outcome);
}
