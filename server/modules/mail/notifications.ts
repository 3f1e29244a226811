import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { hasConflictSql, isInReviewerScopeSql } from '../review-cycle/scope';
import { isAssignedModeSql } from '../settings/queries';
import { absoluteLink, queueEmails } from './outbox';
import { assignmentEmail, newOpportunityEmail, reviewReminderEmail } from './templates';

type Db = Pick<Database, 'select' | 'insert' | 'execute'>;

/**
 * Queues one new_opportunity email per active reviewer the opportunity is for (call in the
 * publishing transaction): every one in 'open' mode, those assigned to it in 'assigned' mode
 * (issue 18), and never a reviewer with a conflict of interest with it.
 */
export async function queueNewOpportunityEmails(
  db: Db,
  opportunity: { id: string; number: number; title: string },
  publicUrl: string,
): Promise<number> {
  const result = await db.execute<{ id: string; name: string; email: string }>(sql`
    select u.id, u.name, u.email
      from users u
     where u.role = 'reviewer' and u.is_active
       and ${isInReviewerScopeSql(sql`u.id`, sql`${opportunity.id}::uuid`)}
       and not ${hasConflictSql(sql`u.id`, sql`${opportunity.id}::uuid`)}
     order by u.email`);
  const link = absoluteLink(publicUrl, `/reviewer/opportunities/${opportunity.id}`);
  return queueEmails(
    db,
    result.rows.map((reviewer) => ({
      recipientId: reviewer.id,
      recipientEmail: reviewer.email,
      type: 'new_opportunity' as const,
      content: newOpportunityEmail({
        name: reviewer.name,
        number: opportunity.number,
        title: opportunity.title,
        link,
      }),
    })),
  );
}

/**
 * The new-opportunity emails of a batch of assignments (issue 18; call in its transaction): in
 * 'assigned' mode, one email per active reviewer listing the published opportunities the batch
 * gave them. An opportunity assigned while unpublished is announced when it is first published;
 * in 'open' mode reviewers already heard of every opportunity when it was published.
 */
export async function queueAssignmentEmails(
  db: Db,
  pairs: ReadonlyArray<{ reviewerId: string; opportunityId: string }>,
  publicUrl: string,
): Promise<number> {
  if (pairs.length === 0) return 0;
  const reviewerIds = pairs.map((p) => p.reviewerId);
  const opportunityIds = pairs.map((p) => p.opportunityId);
  const result = await db.execute<{
    id: string;
    name: string;
    email: string;
    opportunities: Array<{ id: string; number: number; title: string }>;
  }>(sql`
    select u.id, u.name, u.email,
           json_agg(json_build_object('id', o.id, 'number', o.number, 'title', o.title)
                    order by o.number) as opportunities
      from unnest(${sql.param(reviewerIds)}::uuid[], ${sql.param(opportunityIds)}::uuid[]) as pair(reviewer_id, opportunity_id)
      join users u on u.id = pair.reviewer_id and u.role = 'reviewer' and u.is_active
      join opportunities o on o.id = pair.opportunity_id and o.status = 'published'
     where ${isAssignedModeSql}
       and not ${hasConflictSql(sql`u.id`, sql`o.id`)}
     group by u.id, u.name, u.email
     order by u.email`);
  return queueEmails(
    db,
    result.rows.map((reviewer) => ({
      recipientId: reviewer.id,
      recipientEmail: reviewer.email,
      type: 'new_opportunity' as const,
      content: assignmentEmail({
        name: reviewer.name,
        opportunities: reviewer.opportunities,
        link: absoluteLink(
          publicUrl,
          reviewer.opportunities.length === 1
            ? `/reviewer/opportunities/${reviewer.opportunities[0]!.id}`
            : '/reviewer/opportunities',
        ),
      }),
    })),
  );
}

/**
 * Queues one review_reminder per active reviewer who has published opportunities without a
 * review of theirs, saying how many remain. One statement finds them all. Issue 18: only the
 * opportunities in the reviewer's scope count ('assigned' mode: theirs), and none they declared a
 * conflict with.
 */
export async function queueReviewReminders(db: Db, publicUrl: string): Promise<number> {
  const result = await db.execute<{ id: string; name: string; email: string; remaining: number }>(
    sql`
    select u.id, u.name, u.email, count(o.id)::int as remaining
      from users u
      join opportunities o on o.status = 'published'
      left join reviews r on r.opportunity_id = o.id and r.reviewer_id = u.id
     where u.role = 'reviewer' and u.is_active and r.id is null
       and ${isInReviewerScopeSql(sql`u.id`, sql`o.id`)}
       and not ${hasConflictSql(sql`u.id`, sql`o.id`)}
     group by u.id, u.name, u.email
     order by u.email`,
  );
  const link = absoluteLink(publicUrl, '/reviewer/opportunities');
  return queueEmails(
    db,
    result.rows.map((reviewer) => ({
      recipientId: reviewer.id,
      recipientEmail: reviewer.email,
      type: 'review_reminder' as const,
      content: reviewReminderEmail({ name: reviewer.name, remaining: reviewer.remaining, link }),
    })),
  );
}
