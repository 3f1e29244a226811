import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { comments, discussionPosts, users } from '../../db/schema/index';
import { mayReadThreadSql } from './access';

type Db = Pick<Database, 'execute'>;

/** Someone a thread names: an author, a mentioned person, a reader, or a commenter. */
export type ThreadPerson = {
  id: string;
  /** The display name when set, else the name (what the screens show). */
  shownName: string;
  role: 'admin' | 'reviewer';
  isActive: boolean;
  /** May read (and post on) the thread now (mayReadThreadSql). */
  mayRead: boolean;
  /**
   * A reviewer's place in the thread's labels ('Reviewer A' is 0), null for admins. A reviewer
   * with a comment on the opportunity has exactly the index of their comment's label (the
   * comments' order: submitted_at, id, as listOtherReviewersComments numbers them); the other
   * posters come next in the order of their first post; then reviewers the thread names or who
   * may read it without having written anything, in the order their accounts were made.
   */
  labelIndex: number | null;
};

/**
 * Everyone a thread's answers and digests may name, with the one label rule, in one statement:
 * the thread read, a post's answer, the mention check and the digest all take their labels from
 * here, so a reviewer is the same "Reviewer B" wherever they appear to someone with names hidden.
 */
export async function listThreadPeople(db: Db, opportunityId: string): Promise<ThreadPerson[]> {
  const result = await db.execute<ThreadPerson>(sql`
    with commented as (
      select ${comments.reviewerId} as user_id,
             (row_number() over (order by ${comments.submittedAt}, ${comments.id}) - 1)::int as idx
        from ${comments} where ${comments.opportunityId} = ${opportunityId}
    ),
    posted as (
      select ${discussionPosts.authorId} as user_id, min(${discussionPosts.seq}) as first_seq
        from ${discussionPosts} where ${discussionPosts.opportunityId} = ${opportunityId}
       group by ${discussionPosts.authorId}
    ),
    mentioned as (
      select distinct unnest(${discussionPosts.mentions}) as user_id
        from ${discussionPosts} where ${discussionPosts.opportunityId} = ${opportunityId}
    ),
    reviewers as (
      select u.id, u.created_at, c.idx as comment_idx, p.first_seq,
             ${mayReadThreadSql(sql`u.id`, sql`${opportunityId}::uuid`)} as may_read
        from ${users} u
        left join commented c on c.user_id = u.id
        left join posted p on p.user_id = u.id
       where u.role = 'reviewer'
    ),
    labelled as (
      select r.id,
             case
               when r.comment_idx is not null then r.comment_idx
               when r.first_seq is not null then (select count(*) from commented)::int
                 + (row_number() over (partition by r.comment_idx is null and r.first_seq is not null
                                       order by r.first_seq) - 1)::int
               else (select count(*) from commented)::int
                 + (select count(*) from posted p join reviewers x on x.id = p.user_id
                     where x.comment_idx is null)::int
                 + (row_number() over (partition by r.comment_idx is null and r.first_seq is null
                                       order by r.created_at, r.id) - 1)::int
             end as label_index,
             r.may_read
        from reviewers r
       where r.comment_idx is not null or r.first_seq is not null or r.may_read
          or r.id in (select user_id from mentioned)
    )
    select u.id,
           coalesce(nullif(btrim(u.display_name), ''), u.name) as "shownName",
           u.role,
           u.is_active as "isActive",
           coalesce(l.may_read, ${mayReadThreadSql(sql`u.id`, sql`${opportunityId}::uuid`)}) as "mayRead",
           l.label_index as "labelIndex"
      from ${users} u
      left join labelled l on l.id = u.id
     where l.id is not null
        or (u.role = 'admin' and (u.is_active
            or u.id in (select user_id from posted) or u.id in (select user_id from mentioned)))`);
  return result.rows;
}
