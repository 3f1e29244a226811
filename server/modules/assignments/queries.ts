import type { AssignmentPair } from '@shared/review-cycle-schemas';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ConflictRow } from '../conflicts/queries';

// Statements on `assignments` (issue 18). Pairs travel as two parallel uuid arrays (unnest), so a
// request of 20,000 pairs is one statement with two parameters.

type Db = Pick<Database, 'execute'>;

const uuidArray = (values: readonly string[]) => sql`${sql.param(values)}::uuid[]`;
const pairsTable = (pairs: readonly AssignmentPair[]) =>
  sql`unnest(${uuidArray(pairs.map((p) => p.reviewerId))}, ${uuidArray(
    pairs.map((p) => p.opportunityId),
  )}) as pair(reviewer_id, opportunity_id)`;

/** Which of the ids are reviewer accounts (role reviewer, active or not), and which opportunities exist. */
export async function findKnownIds(
  db: Db,
  ids: { reviewerIds: string[]; opportunityIds: string[] },
): Promise<{ reviewerIds: Set<string>; opportunityIds: Set<string> }> {
  const result = await db.execute<{ kind: 'reviewer' | 'opportunity'; id: string }>(sql`
    select 'reviewer' as kind, id::text from users
     where id = any(${uuidArray(ids.reviewerIds)}) and role = 'reviewer'
    union all
    select 'opportunity' as kind, id::text from opportunities
     where id = any(${uuidArray(ids.opportunityIds)})`);
  const of = (kind: string) =>
    new Set(result.rows.filter((row) => row.kind === kind).map((row) => row.id));
  return { reviewerIds: of('reviewer'), opportunityIds: of('opportunity') };
}

export type PairWithNames = AssignmentPair & { reviewerName: string; opportunityNumber: number };

/** The pairs that have a conflict of interest, with names for the message. */
export async function findConflictedPairs(
  db: Db,
  pairs: readonly AssignmentPair[],
): Promise<PairWithNames[]> {
  if (pairs.length === 0) return [];
  const result = await db.execute<PairWithNames>(sql`
    select c.reviewer_id as "reviewerId", c.opportunity_id as "opportunityId",
           u.name as "reviewerName", o.number as "opportunityNumber"
      from ${pairsTable(pairs)}
      join conflicts c on c.reviewer_id = pair.reviewer_id and c.opportunity_id = pair.opportunity_id
      join users u on u.id = c.reviewer_id
      join opportunities o on o.id = c.opportunity_id
     order by o.number, u.name, u.id`);
  return result.rows;
}

/** Inserts the pairs that are not assigned yet; answers those it inserted. */
export async function insertAssignments(
  db: Db,
  pairs: readonly AssignmentPair[],
  createdBy: string | null,
): Promise<AssignmentPair[]> {
  if (pairs.length === 0) return [];
  const result = await db.execute<AssignmentPair>(sql`
    insert into assignments (reviewer_id, opportunity_id, created_by)
    select pair.reviewer_id, pair.opportunity_id, ${createdBy}::uuid from ${pairsTable(pairs)}
    on conflict do nothing
    returning reviewer_id as "reviewerId", opportunity_id as "opportunityId"`);
  return result.rows;
}

export type AssignedPairWork = AssignmentPair & { hasReview: boolean; hasComment: boolean };

/** Of the pairs, those assigned, with whether the reviewer saved a review or a comment for it. */
export async function findAssignedWithWork(
  db: Db,
  pairs: readonly AssignmentPair[],
): Promise<AssignedPairWork[]> {
  if (pairs.length === 0) return [];
  const result = await db.execute<AssignedPairWork>(sql`
    select a.reviewer_id as "reviewerId", a.opportunity_id as "opportunityId",
           exists (select 1 from reviews r
                    where r.reviewer_id = a.reviewer_id and r.opportunity_id = a.opportunity_id)
             as "hasReview",
           exists (select 1 from comments c
                    where c.reviewer_id = a.reviewer_id and c.opportunity_id = a.opportunity_id)
             as "hasComment"
      from ${pairsTable(pairs)}
      join assignments a on a.reviewer_id = pair.reviewer_id and a.opportunity_id = pair.opportunity_id
      for update of a`);
  return result.rows;
}

export async function deleteAssignments(db: Db, pairs: readonly AssignmentPair[]): Promise<number> {
  if (pairs.length === 0) return 0;
  const result = await db.execute(sql`
    delete from assignments a using ${pairsTable(pairs)}
     where a.reviewer_id = pair.reviewer_id and a.opportunity_id = pair.opportunity_id`);
  return result.rowCount ?? 0;
}

/** Reviewer accounts by lower-cased email (the import's lookup). */
export async function findReviewersByEmail(
  db: Db,
  emails: readonly string[],
): Promise<Map<string, { id: string; name: string }>> {
  if (emails.length === 0) return new Map();
  const result = await db.execute<{ email: string; id: string; name: string }>(sql`
    select lower(email) as email, id, name from users
     where lower(email) = any(${sql.param([...new Set(emails)])}::text[]) and role = 'reviewer'`);
  return new Map(result.rows.map((row) => [row.email, { id: row.id, name: row.name }]));
}

export async function findOpportunitiesByNumber(
  db: Db,
  numbers: readonly number[],
): Promise<Map<number, { id: string }>> {
  if (numbers.length === 0) return new Map();
  const result = await db.execute<{ number: number; id: string }>(sql`
    select number, id from opportunities where number = any(${sql.param([...new Set(numbers)])}::int[])`);
  return new Map(result.rows.map((row) => [row.number, { id: row.id }]));
}

/**
 * Everything auto-assign plans from, in one statement: active reviewers with their load (their
 * assignments without a conflict, on any opportunity), the published opportunities (of the batch)
 * with every reviewer assigned to each, and the conflicts on those opportunities.
 */
export async function readAutoAssignInput(
  db: Db,
  options: { batch?: string | undefined },
): Promise<{
  reviewers: Array<{ id: string; load: number }>;
  opportunities: Array<{ id: string; number: number; assigned: string[] }>;
  conflicts: Array<Pick<ConflictRow, 'reviewerId' | 'opportunityId'>>;
}> {
  const batch = options.batch ?? null;
  const result = await db.execute<{ input: string }>(sql`
    with target as (
      select o.id, o.number from opportunities o
       where o.status = 'published' and (${batch}::text is null or o.batch = ${batch}::text)
    )
    select json_build_object(
      'reviewers', coalesce((
        select json_agg(json_build_object('id', u.id, 'load', (
                 select count(*)::int from assignments a
                  where a.reviewer_id = u.id
                    and not exists (select 1 from conflicts c
                                     where c.reviewer_id = a.reviewer_id
                                       and c.opportunity_id = a.opportunity_id)))
               order by u.id)
          from users u where u.role = 'reviewer' and u.is_active), '[]'::json),
      'opportunities', coalesce((
        select json_agg(json_build_object('id', t.id, 'number', t.number, 'assigned', coalesce((
                 select json_agg(a.reviewer_id order by a.reviewer_id)
                   from assignments a where a.opportunity_id = t.id), '[]'::json))
               order by t.number)
          from target t), '[]'::json),
      'conflicts', coalesce((
        select json_agg(json_build_object('reviewerId', c.reviewer_id, 'opportunityId', c.opportunity_id)
               order by c.reviewer_id, c.opportunity_id)
          from conflicts c join target t on t.id = c.opportunity_id), '[]'::json)
    )::text as input`);
  return JSON.parse(result.rows[0]!.input);
}
