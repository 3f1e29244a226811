import type { DecisionEntry, DecisionPanel, DecisionsList } from '@shared/decision-schemas';
import type { DecisionOutcome } from '@shared/decisions';
import type { Results } from '@shared/results-schemas';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { evidenceFrom } from './evidence';
import { OPPORTUNITY_NOT_FOUND } from './letters';
import { acceptedCountOf, type EntryContext, presentEntry, presentRevision } from './presenter';
import {
  type DecidableOpportunity,
  discardDraft,
  findDecidableOpportunity,
  findDraft,
  insertDraft,
  listCurrentDecisions,
  listDecisionHistory,
  lockDecidableOpportunities,
  lockDecisions,
  readWaitlist,
  writeWaitlist,
} from './queries';

type Db = Parameters<typeof listCurrentDecisions>[0];
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The decision calls read Results through the admin scope's shared reader. */
export type ReadResults = () => Promise<Results>;

export const UNDECIDABLE_MESSAGE = (numbers: number[]) =>
  `Only published or archived opportunities can be decided: ${numbers.map((n) => `#${n}`).join(', ')} ${numbers.length === 1 ? 'is a draft' : 'are drafts'}`;
export const NO_DRAFT_TO_REMOVE = 'This opportunity has no draft decision to remove';
export const WAITLIST_MISMATCH =
  'The order must list each waitlisted opportunity exactly once, and nothing else';

async function entryContext(
  db: Db,
  results: Results,
): Promise<EntryContext & { views: Awaited<ReturnType<typeof listCurrentDecisions>> }> {
  const [views, waitlist] = await Promise.all([listCurrentDecisions(db), readWaitlist(db)]);
  return { views, results, waitlist, acceptedCount: acceptedCountOf(views) };
}

const NO_DECISIONS: DecisionsList = { decisions: [], waitlist: [], acceptedCount: 0 };

/**
 * Every decision in force or proposed. Results (today's intervals and figures, for the flags and
 * what moved) are read only when a decision exists: a panel that has decided nothing pays one
 * indexed probe, not the read of every review.
 */
export async function listDecisions(db: Db, readResults: ReadResults): Promise<DecisionsList> {
  const views = await listCurrentDecisions(db);
  if (views.length === 0) return NO_DECISIONS;
  const [results, waitlist] = await Promise.all([readResults(), readWaitlist(db)]);
  const context = { views, results, waitlist, acceptedCount: acceptedCountOf(views) };
  return {
    decisions: views.map((view) => presentEntry(view, context)),
    waitlist,
    acceptedCount: context.acceptedCount,
  };
}

export async function decisionPanel(
  db: Db,
  params: { opportunityId: string; results: Results },
): Promise<DecisionPanel> {
  const { opportunityId, results } = params;
  const opportunity = await findDecidableOpportunity(db, opportunityId);
  if (!opportunity) throw notFound(OPPORTUNITY_NOT_FOUND);
  const [context, history] = await Promise.all([
    entryContext(db, results),
    listDecisionHistory(db, opportunityId),
  ]);
  const mine = context.views.filter((view) => view.opportunityId === opportunityId);
  const entry = (state: 'draft' | 'released') => {
    const view = mine.find((candidate) => candidate.state === state);
    return view ? presentEntry(view, context) : null;
  };
  return {
    opportunity,
    draft: entry('draft'),
    released: entry('released'),
    history: history.map(presentRevision),
    evidenceNow: evidenceFrom(results, opportunityId),
  };
}

/** Locks the opportunities; 404 naming the missing, 409 naming those still in draft status. */
async function decidableOrRefuse(tx: Transaction, ids: string[]): Promise<DecidableOpportunity[]> {
  const found = await lockDecidableOpportunities(tx, ids);
  const missing = ids.filter((id) => !found.some((row) => row.id === id));
  if (missing.length > 0) {
    throw notFound(
      ids.length === 1 ? OPPORTUNITY_NOT_FOUND : `Opportunities not found: ${missing.join(', ')}`,
    );
  }
  const drafts = found.filter((row) => row.status === 'draft');
  if (drafts.length > 0)
    throw conflict(UNDECIDABLE_MESSAGE(drafts.map((row) => row.number).sort((a, b) => a - b)));
  return found;
}

/** The waitlist's stored order, brought in line with the outcomes in view (new ones last). */
export async function settleWaitlist(tx: Transaction): Promise<void> {
  await writeWaitlist(tx, await readWaitlist(tx));
}

/**
 * Sets (or replaces) the draft of each opportunity, all or nothing: a draft it replaces is kept as
 * 'discarded'; a released decision stays in force until the new draft is released. The evidence
 * is each opportunity's row of Results as it stands now.
 */
export async function setDrafts(
  db: Database,
  params: { ids: string[]; outcome: DecisionOutcome; rationale: string; readResults: ReadResults },
  actor: AuditActor,
): Promise<DecisionEntry[]> {
  const results = await params.readResults();
  await db.transaction(async (tx) => {
    await lockDecisions(tx);
    await decidableOrRefuse(tx, params.ids);
    for (const opportunityId of params.ids) {
      const previous = await findDraft(tx, opportunityId);
      if (previous) await discardDraft(tx, previous.id);
      const row = await insertDraft(tx, {
        opportunityId,
        outcome: params.outcome,
        rationale: params.rationale,
        decidedBy: actor.userId,
        evidence: evidenceFrom(results, opportunityId),
      });
      await recordAudit(tx, actor, {
        action: 'decision.set',
        entityType: 'opportunity',
        entityId: opportunityId,
        changes: {
          before: previous ? { outcome: previous.outcome, rationale: previous.rationale } : null,
          after: { outcome: row.outcome, rationale: row.rationale, revision: row.revision },
        },
      });
    }
    await settleWaitlist(tx);
  });
  const list = await listDecisions(db, async () => results);
  return params.ids.map(
    (id) => list.decisions.find((entry) => entry.opportunityId === id && entry.state === 'draft')!,
  );
}

/** Removes an opportunity's draft (kept in the history as 'discarded'); 404 when none. */
export async function removeDraft(
  db: Database,
  opportunityId: string,
  actor: AuditActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockDecisions(tx);
    if (!(await findDecidableOpportunity(tx, opportunityId))) throw notFound(OPPORTUNITY_NOT_FOUND);
    const draft = await findDraft(tx, opportunityId);
    if (!draft) throw notFound(NO_DRAFT_TO_REMOVE);
    await discardDraft(tx, draft.id);
    await recordAudit(tx, actor, {
      action: 'decision.remove',
      entityType: 'opportunity',
      entityId: opportunityId,
      changes: {
        before: { outcome: draft.outcome, rationale: draft.rationale, revision: draft.revision },
      },
    });
    await settleWaitlist(tx);
  });
}

/** PATCH /decisions/waitlist: the new order must name exactly the waitlisted opportunities. */
export async function reorderWaitlist(
  db: Database,
  ids: string[],
  actor: AuditActor,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockDecisions(tx);
    const before = await readWaitlist(tx);
    const same = ids.length === before.length && ids.every((id) => before.includes(id));
    if (!same) throw badRequest(WAITLIST_MISMATCH);
    await writeWaitlist(tx, ids);
    await recordAudit(tx, actor, {
      action: 'decision.waitlist.reorder',
      entityType: 'decision',
      entityId: null,
      changes: { before: { order: before }, after: { order: ids } },
    });
    return ids;
  });
}
