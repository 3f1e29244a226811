import {
  type DecisionEntry,
  type DecisionEvidence,
  type DecisionRevision,
  decisionEvidenceSchema,
} from '@shared/decision-schemas';
import type { Results } from '@shared/results-schemas';
import { changedSince, decisionFlagsOf, evidenceFrom } from './evidence';
import type { DecisionView } from './queries';

const actor = (id: string | null, name: string | null) =>
  id && name !== null ? { id, name } : null;

/** The stored snapshot, read back through its schema (a jsonb value the app wrote). */
export const storedEvidence = (value: unknown): DecisionEvidence =>
  decisionEvidenceSchema.parse(value);

export function presentRevision(view: DecisionView): DecisionRevision {
  return {
    id: view.id,
    opportunityId: view.opportunityId,
    revision: view.revision,
    outcome: view.outcome,
    rationale: view.rationale,
    state: view.state,
    decidedBy: actor(view.decidedBy, view.decidedByName),
    decidedAt: view.decidedAt.toISOString(),
    releasedBy: actor(view.releasedBy, view.releasedByName),
    releasedAt: view.releasedAt?.toISOString() ?? null,
    evidence: storedEvidence(view.evidence),
    letterTo: view.letterTo,
    proposedFor: view.proposedForNumber,
  };
}

/** What the entries of one list share: today's results, A, and the waitlist's order. */
export type EntryContext = { results: Results; acceptedCount: number; waitlist: string[] };

export function presentEntry(view: DecisionView, context: EntryContext): DecisionEntry {
  const revision = presentRevision(view);
  const now = evidenceFrom(context.results, view.opportunityId);
  const position = context.waitlist.indexOf(view.opportunityId);
  return {
    ...revision,
    state: view.state === 'draft' ? 'draft' : 'released',
    number: view.number,
    title: view.title,
    ownerEmail: view.ownerEmail,
    waitlistPosition: view.outcome === 'waitlisted' && position >= 0 ? position + 1 : null,
    flags: decisionFlagsOf(view.outcome, now.calibratedRankInterval, context.acceptedCount),
    changedSince: changedSince(revision.evidence, now),
  };
}

/** The outcome in view of each opportunity: its draft when there is one, else the released one. */
export function outcomesInView(views: DecisionView[]): Map<string, DecisionView> {
  const inView = new Map<string, DecisionView>();
  for (const view of views) {
    const seen = inView.get(view.opportunityId);
    if (!seen || view.state === 'draft') inView.set(view.opportunityId, view);
  }
  return inView;
}

export function acceptedCountOf(views: DecisionView[]): number {
  return [...outcomesInView(views).values()].filter((view) => view.outcome === 'accepted').length;
}
