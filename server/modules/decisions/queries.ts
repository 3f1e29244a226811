import type { DecisionEvidence } from '@shared/decision-schemas';
import type { DecisionOutcome } from '@shared/decisions';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { decisions, decisionWaitlist, opportunities, users } from '../../db/schema/index';

type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type DecisionRow = typeof decisions.$inferSelect;

/** A revision with what the screens show beside it: names of the people, the opportunity. */
export type DecisionView = DecisionRow & {
  decidedByName: string | null;
  releasedByName: string | null;
  number: number;
  title: string;
  ownerEmail: string | null;
  proposedForNumber: number | null;
};

export type DecidableOpportunity = Pick<
  typeof opportunities.$inferSelect,
  'id' | 'number' | 'title' | 'status' | 'ownerName' | 'ownerEmail'
>;

const opportunityColumns = {
  id: opportunities.id,
  number: opportunities.number,
  title: opportunities.title,
  status: opportunities.status,
  ownerName: opportunities.ownerName,
  ownerEmail: opportunities.ownerEmail,
};

export async function findDecidableOpportunity(
  db: Db,
  id: string,
): Promise<DecidableOpportunity | undefined> {
  const [row] = await db
    .select(opportunityColumns)
    .from(opportunities)
    .where(eq(opportunities.id, id))
    .limit(1);
  return row;
}

/**
 * Locks the opportunities (those that exist) in id order until the transaction ends: every change
 * to an opportunity's decisions goes through this, so two admins deciding at once queue.
 */
export async function lockDecidableOpportunities(
  db: Db,
  ids: string[],
): Promise<DecidableOpportunity[]> {
  if (ids.length === 0) return [];
  return db
    .select(opportunityColumns)
    .from(opportunities)
    .where(inArray(opportunities.id, ids))
    .orderBy(asc(opportunities.id))
    .for('update');
}

const decidedByUser = alias(users, 'decided_by_user');
const releasedByUser = alias(users, 'released_by_user');
const proposedForOpportunity = alias(opportunities, 'proposed_for_opportunity');

function selectViews(db: Db) {
  return db
    .select({
      row: decisions,
      decidedByName: decidedByUser.name,
      releasedByName: releasedByUser.name,
      number: opportunities.number,
      title: opportunities.title,
      ownerEmail: opportunities.ownerEmail,
      proposedForNumber: proposedForOpportunity.number,
    })
    .from(decisions)
    .innerJoin(opportunities, eq(opportunities.id, decisions.opportunityId))
    .leftJoin(decidedByUser, eq(decidedByUser.id, decisions.decidedBy))
    .leftJoin(releasedByUser, eq(releasedByUser.id, decisions.releasedBy))
    .leftJoin(proposedForOpportunity, eq(proposedForOpportunity.id, decisions.proposedFor));
}

type SelectedView = {
  row: DecisionRow;
  decidedByName: string | null;
  releasedByName: string | null;
  number: number;
  title: string;
  ownerEmail: string | null;
  proposedForNumber: number | null;
};
const toView = ({ row, ...rest }: SelectedView): DecisionView => ({ ...row, ...rest });

/** The decisions in force or proposed (draft, released), by number, released before draft. */
export async function listCurrentDecisions(
  db: Db,
  opportunityId?: string,
): Promise<DecisionView[]> {
  const current = inArray(decisions.state, ['draft', 'released']);
  const rows = await selectViews(db)
    .where(opportunityId ? and(current, eq(decisions.opportunityId, opportunityId)) : current)
    .orderBy(asc(opportunities.number), desc(decisions.revision));
  return rows.map(toView);
}

/** Every revision of an opportunity's decision, newest first. */
export async function listDecisionHistory(db: Db, opportunityId: string): Promise<DecisionView[]> {
  const rows = await selectViews(db)
    .where(eq(decisions.opportunityId, opportunityId))
    .orderBy(desc(decisions.revision));
  return rows.map(toView);
}

export async function findDraft(db: Db, opportunityId: string): Promise<DecisionRow | undefined> {
  const [row] = await db
    .select()
    .from(decisions)
    .where(and(eq(decisions.opportunityId, opportunityId), eq(decisions.state, 'draft')))
    .limit(1);
  return row;
}

/** Ends a draft (replaced by a new PUT or removed): kept in the history as 'discarded'. */
export async function discardDraft(db: Db, id: string): Promise<void> {
  await db
    .update(decisions)
    .set({ state: 'discarded', endedAt: sql`now()` })
    .where(and(eq(decisions.id, id), eq(decisions.state, 'draft')));
}

export async function insertDraft(
  db: Db,
  values: {
    opportunityId: string;
    outcome: DecisionOutcome;
    rationale: string;
    decidedBy: string | null;
    evidence: DecisionEvidence;
    proposedFor?: string | null;
  },
): Promise<DecisionRow> {
  const [row] = await db
    .insert(decisions)
    .values({
      ...values,
      revision: sql`(select coalesce(max(${decisions.revision}), 0) + 1 from ${decisions} where ${decisions.opportunityId} = ${values.opportunityId})`,
      state: 'draft',
    })
    .returning();
  return row!;
}

/** The drafts of these opportunities (all drafts when none are named), locked, by number. */
export async function lockDrafts(db: Db, opportunityIds?: string[]): Promise<DecisionRow[]> {
  const isDraft = eq(decisions.state, 'draft');
  return db
    .select()
    .from(decisions)
    .where(
      opportunityIds ? and(isDraft, inArray(decisions.opportunityId, opportunityIds)) : isDraft,
    )
    .orderBy(asc(decisions.opportunityId))
    .for('update');
}

/** The released decisions in force of these opportunities. */
export async function findReleased(db: Db, opportunityIds: string[]): Promise<DecisionRow[]> {
  if (opportunityIds.length === 0) return [];
  return db
    .select()
    .from(decisions)
    .where(and(eq(decisions.state, 'released'), inArray(decisions.opportunityId, opportunityIds)));
}

export async function supersedeReleased(db: Db, opportunityIds: string[]): Promise<void> {
  if (opportunityIds.length === 0) return;
  await db
    .update(decisions)
    .set({ state: 'superseded', endedAt: sql`now()` })
    .where(and(eq(decisions.state, 'released'), inArray(decisions.opportunityId, opportunityIds)));
}

export async function markReleased(
  db: Db,
  id: string,
  values: { releasedBy: string | null; letterTo: string | null },
): Promise<void> {
  await db
    .update(decisions)
    .set({ state: 'released', releasedAt: sql`now()`, ...values })
    .where(and(eq(decisions.id, id), eq(decisions.state, 'draft')));
}

// --- The waitlist ---------------------------------------------------------------------------

/**
 * The waitlist in order: opportunities whose outcome in view (the draft when there is one,
 * otherwise the released one) is 'waitlisted', by their stored position, then (not yet placed) by
 * when they were decided and by number.
 */
export async function readWaitlist(db: Db): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select d.opportunity_id as "id"
      from (select distinct on (opportunity_id) opportunity_id, outcome, decided_at
              from ${decisions}
             where state in ('draft', 'released')
             order by opportunity_id, (state = 'draft') desc) d
      join ${opportunities} o on o.id = d.opportunity_id
      left join ${decisionWaitlist} w on w.opportunity_id = d.opportunity_id
     where d.outcome = 'waitlisted'
     order by w.position nulls last, d.decided_at, o.number`);
  return result.rows.map((row) => row.id);
}

/** Stores the waitlist's order as positions 1..n (and forgets the rest). */
export async function writeWaitlist(db: Db, ids: string[]): Promise<void> {
  await db.delete(decisionWaitlist);
  if (ids.length === 0) return;
  await db
    .insert(decisionWaitlist)
    .values(ids.map((opportunityId, index) => ({ opportunityId, position: index + 1 })));
}

/** Serialises changes to the waitlist and releases until the transaction ends. */
export async function lockDecisions(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('assay.decisions'))`);
}
