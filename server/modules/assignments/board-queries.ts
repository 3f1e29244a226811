import type { AssignmentBoard } from '@shared/review-cycle-schemas';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * The assignment board (GET /api/admin/assignments) in one statement, so its counts and its
 * lists come from one snapshot. Rows are the active reviewer accounts (one when `reviewerId` is
 * given), columns every opportunity (of the batch when given). Counts leave out pairs with a
 * conflict of interest (such an assignment is listed, but nobody will review it):
 * - a reviewer's `assigned` / `reviewed`: their assignments on the listed opportunities, and of
 *   those the ones with a saved review;
 * - an opportunity's `assigned` / `reviewed`: its assignments to active reviewers (all of them,
 *   whatever the reviewer filter), and of those the ones reviewed.
 * `assignments` and `conflicts` are those between the listed reviewers and opportunities.
 */
export async function readAssignmentBoard(
  db: Pick<Database, 'execute'>,
  filter: { batch?: string | undefined; reviewerId?: string | undefined },
): Promise<Omit<AssignmentBoard, 'mode'>> {
  const batch = filter.batch ?? null;
  const reviewerId = filter.reviewerId ?? null;
  const result = await db.execute<{ board: string }>(sql`
    with
    active as (
      select u.id, u.name, u.display_name, u.email from users u
       where u.role = 'reviewer' and u.is_active
    ),
    listed_reviewers as (
      select * from active where ${reviewerId}::uuid is null or id = ${reviewerId}::uuid
    ),
    listed_opportunities as (
      select o.id, o.number, o.title, o.status, o.batch from opportunities o
       where ${batch}::text is null or o.batch = ${batch}::text
    ),
    counted as (
      select a.reviewer_id, a.opportunity_id,
             exists (select 1 from reviews r
                      where r.reviewer_id = a.reviewer_id and r.opportunity_id = a.opportunity_id)
               as has_review,
             exists (select 1 from conflicts c
                      where c.reviewer_id = a.reviewer_id and c.opportunity_id = a.opportunity_id)
               as has_conflict
        from assignments a
        join active on active.id = a.reviewer_id
        join listed_opportunities lo on lo.id = a.opportunity_id
    )
    select json_build_object(
      'batches', coalesce((
        select json_agg(b.batch order by b.batch)
          from (select distinct batch from opportunities where batch is not null) b), '[]'::json),
      'reviewers', coalesce((
        select json_agg(json_build_object(
                 'id', r.id, 'name', r.name, 'displayName', r.display_name, 'email', r.email,
                 'assigned', (select count(*) from counted c
                               where c.reviewer_id = r.id and not c.has_conflict),
                 'reviewed', (select count(*) from counted c
                               where c.reviewer_id = r.id and not c.has_conflict and c.has_review))
               order by r.name, r.id)
          from listed_reviewers r), '[]'::json),
      'opportunities', coalesce((
        select json_agg(json_build_object(
                 'id', o.id, 'number', o.number, 'title', o.title, 'status', o.status,
                 'batch', o.batch,
                 'assigned', (select count(*) from counted c
                               where c.opportunity_id = o.id and not c.has_conflict),
                 'reviewed', (select count(*) from counted c
                               where c.opportunity_id = o.id and not c.has_conflict and c.has_review))
               order by o.number)
          from listed_opportunities o), '[]'::json),
      'assignments', coalesce((
        select json_agg(json_build_object(
                 'reviewerId', c.reviewer_id, 'opportunityId', c.opportunity_id,
                 'hasReview', c.has_review)
               order by c.opportunity_id, c.reviewer_id)
          from counted c join listed_reviewers r on r.id = c.reviewer_id), '[]'::json),
      'conflicts', coalesce((
        select json_agg(json_build_object(
                 'id', cf.id, 'reviewerId', cf.reviewer_id, 'opportunityId', cf.opportunity_id,
                 'reason', cf.reason, 'declaredBy', cf.declared_by,
                 'createdAt', to_char(cf.created_at at time zone 'UTC',
                                      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
               order by cf.created_at, cf.id)
          from conflicts cf
          join listed_reviewers r on r.id = cf.reviewer_id
          join listed_opportunities o on o.id = cf.opportunity_id), '[]'::json)
    )::text as board`);
  return JSON.parse(result.rows[0]!.board);
}
