import { ADMIN_LABEL } from '@shared/discussion';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { opportunities, reviews, users } from '../../db/schema/index';
import { HttpError } from '../../http/errors';
import { hasConflictSql, isInReviewerScopeSql } from '../review-cycle/scope';
import { reviewerLabel } from '../reviewer-workspace/comments-visibility';
import { REVIEWER_VISIBLE_STATUS } from '../reviewer-workspace/policy';
import { commentsAfterOwnReviewSql } from '../settings/queries';
import { mayReadThreadSql } from './access';
import type { ThreadPerson } from './people';
import { seesNames, type Viewer } from './presenter';

type Db = Pick<Database, 'execute'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a person may read the thread, and the parts of the rule, to say why not. */
type Reach = {
  id: string;
  shownName: string;
  role: 'admin' | 'reviewer';
  isActive: boolean;
  mayRead: boolean;
  isPublished: boolean;
  isInScope: boolean;
  hasConflict: boolean;
  needsOwnReview: boolean;
};

async function reachOf(db: Db, opportunityId: string, userIds: string[]): Promise<Reach[]> {
  if (userIds.length === 0) return [];
  const result = await db.execute<Reach>(sql`
    select u.id,
           coalesce(nullif(btrim(u.display_name), ''), u.name) as "shownName",
           u.role,
           u.is_active as "isActive",
           ${mayReadThreadSql(sql`u.id`, sql`o.id`)} as "mayRead",
           o.status = ${REVIEWER_VISIBLE_STATUS} as "isPublished",
           ${isInReviewerScopeSql(sql`u.id`, sql`o.id`)} as "isInScope",
           ${hasConflictSql(sql`u.id`, sql`o.id`)} as "hasConflict",
           (${commentsAfterOwnReviewSql} and not exists (
              select 1 from ${reviews} r where r.reviewer_id = u.id and r.opportunity_id = o.id))
             as "needsOwnReview"
      from ${users} u join ${opportunities} o on o.id = ${opportunityId}
     where u.id in ${userIds}`);
  return result.rows;
}

/** Why someone may not read the thread, in the words of the rule (for those who may see names). */
function whyNot(reach: Reach): string {
  const name = reach.shownName;
  if (!reach.isActive) return `${name} is not an active user`;
  if (reach.role === 'reviewer') {
    if (!reach.isPublished)
      return `${name} cannot read this thread: the opportunity is not published`;
    if (reach.hasConflict) return `${name} has a conflict with this opportunity`;
    if (!reach.isInScope) return `${name} is not assigned this opportunity`;
    if (reach.needsOwnReview)
      return `${name} has not completed their review of this opportunity yet`;
  }
  return `${name} cannot read this thread`;
}

const LABEL = /^(Admin|Reviewer [A-Z]+)$/;

/**
 * A handle that names no one. It is repeated to whoever knows names; a reviewer with names hidden
 * sees it again only when it has the form of a label, so that no refusal carries a name or an id.
 */
function unknownHandleMessage(handle: string, viewer: Viewer): string {
  return seesNames(viewer) || LABEL.test(handle)
    ? `No one can be mentioned as "${handle}"`
    : 'A mention names no one who can be mentioned here';
}

/** The user ids a handle stands for as the viewer knows people; none when it names no one. */
function idsOfHandle(handle: string, viewer: Viewer, people: readonly ThreadPerson[]): string[] {
  if (seesNames(viewer)) return UUID.test(handle) ? [handle.toLowerCase()] : [];
  if (handle === ADMIN_LABEL) {
    return people.filter((p) => p.role === 'admin' && p.isActive).map((p) => p.id);
  }
  const reviewer = people.find(
    (p) => p.role === 'reviewer' && p.labelIndex !== null && reviewerLabel(p.labelIndex) === handle,
  );
  return reviewer ? [reviewer.id] : [];
}

/**
 * The user ids of a post's mentions, all or nothing: every handle must name someone who may
 * read the thread now, or the post is refused with 400 naming each one and why. A reviewer with
 * names hidden learns no more than the label they wrote. Mentioning oneself is dropped.
 */
export async function resolveMentions(
  db: Db,
  params: {
    opportunityId: string;
    viewer: Viewer;
    handles: readonly string[];
    people: readonly ThreadPerson[];
  },
): Promise<string[]> {
  const { viewer } = params;
  const named = params.handles.map((handle) => {
    const named = idsOfHandle(handle, viewer, params.people);
    const ids = named.filter((id) => id !== viewer.userId);
    return { handle, ids, isSelf: named.length > 0 && ids.length === 0 };
  });
  const ids = [...new Set(named.flatMap((entry) => entry.ids))];
  const reach = new Map((await reachOf(db, params.opportunityId, ids)).map((r) => [r.id, r]));
  const issues: Array<{ path: string; message: string }> = [];
  named.forEach(({ handle, ids: handleIds, isSelf }, index) => {
    if (isSelf) return;
    const path = `mentions.${index}`;
    if (handleIds.length === 0 || handleIds.some((id) => !reach.has(id))) {
      issues.push({ path, message: unknownHandleMessage(handle, viewer) });
      return;
    }
    const refused = handleIds.map((id) => reach.get(id)!).find((r) => !r.mayRead);
    if (!refused) return;
    issues.push({
      path,
      message: seesNames(viewer) ? whyNot(refused) : `${handle} cannot read this thread`,
    });
  });
  if (issues.length > 0) {
    throw new HttpError(400, issues.map((issue) => issue.message).join('; '), issues);
  }
  return ids;
}
