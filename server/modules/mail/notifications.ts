import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { absoluteLink, queueEmails } from './outbox';
import { newOpportunityEmail, reviewReminderEmail } from './templates';

type Db = Pick<Database, 'select' | 'insert' | 'execute'>;

/** Queues one new_opportunity email per active reviewer (call in the publishing transaction). */
export async function queueNewOpportunityEmails(
  db: Db,
  opportunity: { id: string; number: number; title: string },
  publicUrl: string,
): Promise<number> {
  const reviewers = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'reviewer'), eq(users.isActive, true)))
    .orderBy(asc(users.email));
  const link = absoluteLink(publicUrl, `/reviewer/opportunities/${opportunity.id}`);
  return queueEmails(
    db,
    reviewers.map((reviewer) => ({
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
 * Queues one review_reminder per active reviewer who has published opportunities without a
 * review of theirs, saying how many remain. One statement finds them all.
 */
export async function queueReviewReminders(db: Db, publicUrl: string): Promise<number> {
  const result = await db.execute<{ id: string; name: string; email: string; remaining: number }>(
    sql`
    select u.id, u.name, u.email, count(o.id)::int as remaining
      from users u
      join opportunities o on o.status = 'published'
      left join reviews r on r.opportunity_id = o.id and r.reviewer_id = u.id
     where u.role = 'reviewer' and u.is_active and r.id is null
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
