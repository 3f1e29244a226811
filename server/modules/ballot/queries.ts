import { BALLOT_OPEN } from '@shared/ballot';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  assignments,
  ballots,
  conflicts,
  decisions,
  opportunities,
  reviews,
  settings,
  users,
} from '../../db/schema/index';
import { isAssignedModeSql } from '../settings/queries';

type Db = Pick<Database, 'select' | 'insert' | 'delete' | 'execute'>;

export type CandidateRow = { id: string; number: number; title: string; imageUrl: string | null };

/**
 * The finalists: opportunities whose decision in view (the draft where there is one, else the
 * released one, as the decisions module reads it) is 'shortlisted', by number.
 */
export async function listCandidates(db: Db): Promise<CandidateRow[]> {
  const result = await db.execute<CandidateRow>(sql`
    select o.id, o.number, o.title, o.image_url as "imageUrl"
      from (select distinct on (opportunity_id) opportunity_id, outcome
              from ${decisions}
             where state in ('draft', 'released')
             order by opportunity_id, (state = 'draft') desc) d
      join ${opportunities} o on o.id = d.opportunity_id
     where d.outcome = 'shortlisted'
     order by o.number`);
  return result.rows;
}

export type ElectorRow = { id: string; name: string };

/**
 * Whether an active reviewer may vote: every one in 'open' mode; in 'assigned' mode only those
 * assigned to at least one of the candidates.
 */
function isElectorSql(candidateIds: string[]) {
  const assignedToACandidate =
    candidateIds.length === 0
      ? sql`false`
      : sql`exists (select 1 from ${assignments}
              where ${assignments.reviewerId} = ${users.id}
                and ${inArray(assignments.opportunityId, candidateIds)})`;
  return and(
    eq(users.role, 'reviewer'),
    eq(users.isActive, true),
    sql`(not ${isAssignedModeSql} or ${assignedToACandidate})`,
  );
}

/** The electorate, by name. */
export async function listElectorate(db: Db, candidateIds: string[]): Promise<ElectorRow[]> {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(isElectorSql(candidateIds))
    .orderBy(asc(users.name), asc(users.id));
}

export async function isElector(
  db: Db,
  reviewerId: string,
  candidateIds: string[],
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, reviewerId), isElectorSql(candidateIds)));
  return row !== undefined;
}

/** The (reviewer, opportunity) conflicts among these reviewers and candidates. */
export async function listConflictPairs(
  db: Db,
  reviewerIds: string[],
  candidateIds: string[],
): Promise<Array<{ reviewerId: string; opportunityId: string }>> {
  if (reviewerIds.length === 0 || candidateIds.length === 0) return [];
  return db
    .select({ reviewerId: conflicts.reviewerId, opportunityId: conflicts.opportunityId })
    .from(conflicts)
    .where(
      and(
        inArray(conflicts.reviewerId, reviewerIds),
        inArray(conflicts.opportunityId, candidateIds),
      ),
    );
}

/** The reviewer's own composites ('3.4000') of these opportunities, by opportunity id. */
export async function ownComposites(
  db: Db,
  reviewerId: string,
  opportunityIds: string[],
): Promise<Map<string, string>> {
  if (opportunityIds.length === 0) return new Map();
  const rows = await db
    .select({ opportunityId: reviews.opportunityId, composite: reviews.composite })
    .from(reviews)
    .where(and(eq(reviews.reviewerId, reviewerId), inArray(reviews.opportunityId, opportunityIds)));
  return new Map(rows.map((row) => [row.opportunityId, row.composite]));
}

/** Which of these ids (well-formed uuids only) are opportunities. */
export async function existingOpportunityIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(inArray(opportunities.id, ids));
  return new Set(rows.map((row) => row.id));
}

export type BallotRow = typeof ballots.$inferSelect;

export async function findBallot(db: Db, reviewerId: string): Promise<BallotRow | undefined> {
  const [row] = await db.select().from(ballots).where(eq(ballots.reviewerId, reviewerId));
  return row;
}

export async function listBallotsOf(db: Db, reviewerIds: string[]): Promise<BallotRow[]> {
  if (reviewerIds.length === 0) return [];
  return db.select().from(ballots).where(inArray(ballots.reviewerId, reviewerIds));
}

/** Stores the reviewer's ballot, replacing the one they had. */
export async function saveBallotRow(db: Db, reviewerId: string, ranking: string[][]) {
  await db
    .insert(ballots)
    .values({ reviewerId, ranking })
    .onConflictDoUpdate({ target: ballots.reviewerId, set: { ranking, savedAt: sql`now()` } });
}

export async function deleteBallotRow(db: Db, reviewerId: string): Promise<void> {
  await db.delete(ballots).where(eq(ballots.reviewerId, reviewerId));
}

/** Whether voting is open now, read without a lock (GET calls). */
export async function readBallotOpen(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, BALLOT_OPEN));
  return row?.value === 'true';
}

/**
 * Whether voting is open, with the setting's row share-locked until the transaction ends: an
 * admin closing the ballot (an update of that row) waits for a save that read it open, and a save
 * that starts after the close reads it closed. No row means the default, closed; opening writes
 * the row, so a save cannot slip in before it either.
 */
export async function lockBallotOpen(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, BALLOT_OPEN))
    .for('share');
  return row?.value === 'true';
}

/**
 * Holds off changes of decisions (which take this key exclusively, decisions/queries.ts) while a
 * ballot is checked and saved, so the candidates it was checked against stand until it commits;
 * ballots themselves share the lock and do not queue behind one another.
 */
export async function shareDecisionsLock(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock_shared(hashtext('assay.decisions'))`);
}
