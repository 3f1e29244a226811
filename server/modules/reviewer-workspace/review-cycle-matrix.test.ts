import { CONFLICT_CLOSED_MESSAGE, type ReviewAssignmentMode } from '@shared/review-cycle-schemas';
import {
  type ReviewerOpportunityDetail,
  type ReviewerOpportunityListItem,
  reviewerOpportunityDetailSchema,
  reviewerOpportunityListItemSchema,
} from '@shared/reviewer-schemas';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conflicts, reviews } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createAssignment } from '../../test/factories/assignments';
import { createComment } from '../../test/factories/comments';
import { createConflict } from '../../test/factories/conflicts';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview, SAMPLE_SCORES } from '../../test/factories/reviews';
import { setSetting, setShowReviewerComments } from '../../test/factories/settings';
import { createUser } from '../../test/factories/users';
import { createViewerState } from '../../test/factories/viewer-states';
import { createSignedInUser, send } from '../../test/http';

// Issue 18: every mode x reviewer state (assigned or not, conflicted or not, reviewed or not) x
// reviewer call. The expectation of each cell is written from the rules of docs/review-cycle.md,
// not from the implementation: visible = 'open' mode or assigned; a conflict closes saves (409)
// and others' comments, and the cycle fields appear in 'assigned' mode or with a conflict.

const ctx = setupTestApp();

type State = { assigned: boolean; conflicted: boolean; reviewed: boolean };

const STATES: State[] = [false, true].flatMap((assigned) =>
  [false, true].flatMap((conflicted) =>
    [false, true].map((reviewed) => ({ assigned, conflicted, reviewed })),
  ),
);

const label = (mode: ReviewAssignmentMode, state: State) =>
  `${mode} mode, ${state.assigned ? 'assigned' : 'not assigned'}, ${
    state.conflicted ? 'conflicted' : 'no conflict'
  }, ${state.reviewed ? 'reviewed' : 'not reviewed'}`;

type Scenario = {
  cookie: string;
  reviewerId: string;
  opportunityId: string;
  otherCommentId: string;
};

/** A reviewer and an opportunity in the given state, with another reviewer's assigned comment. */
async function arrange(state: State): Promise<Scenario> {
  const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
  const opportunity = await createOpportunity(ctx.db);
  const other = await createUser(ctx.db);
  await createAssignment(ctx.db, { reviewerId: other.id, opportunityId: opportunity.id });
  const otherComment = await createComment(ctx.db, {
    opportunityId: opportunity.id,
    reviewerId: other.id,
  });
  if (state.assigned) {
    await createAssignment(ctx.db, { reviewerId: user.id, opportunityId: opportunity.id });
  }
  if (state.reviewed) {
    await createReview(ctx.db, { opportunityId: opportunity.id, reviewerId: user.id });
  }
  if (state.conflicted) {
    await createConflict(ctx.db, {
      opportunityId: opportunity.id,
      reviewerId: user.id,
      reason: 'My brother runs it',
    });
  }
  return {
    cookie,
    reviewerId: user.id,
    opportunityId: opportunity.id,
    otherCommentId: otherComment.id,
  };
}

const get = (url: string, cookie: string) => send(ctx.app, { method: 'GET', url, cookie });
const post = (url: string, cookie: string, payload: object) =>
  send(ctx.app, { method: 'POST', url, cookie, payload });

async function reviewRowsOf(scenario: Scenario) {
  return ctx.db
    .select()
    .from(reviews)
    .where(
      and(
        eq(reviews.reviewerId, scenario.reviewerId),
        eq(reviews.opportunityId, scenario.opportunityId),
      ),
    );
}

const NOT_FOUND = { message: 'Opportunity not found' };

describe.each(['open', 'assigned'] as const)('%s mode', (mode) => {
  beforeAll(async () => {
    await setSetting(ctx.db, 'review_assignment', mode);
    await setShowReviewerComments(ctx.db, 'true');
  });

  it.each(STATES)('every reviewer call: %o', async (state) => {
    const name = label(mode, state);
    const s = await arrange(state);
    const visible = mode === 'open' || state.assigned;
    const cycleFieldsShown = mode === 'assigned' || state.conflicted;

    // The list: only visible opportunities; `conflict` only while cycle control is in use.
    const listResponse = await get('/api/reviewer/opportunities', s.cookie);
    expect(listResponse.statusCode, name).toBe(200);
    const items = z.array(reviewerOpportunityListItemSchema).parse(listResponse.json());
    const item = items.find((i) => i.id === s.opportunityId) as ReviewerOpportunityListItem;
    if (!visible) {
      expect(item, name).toBeUndefined();
    } else {
      expect(item, name).toBeDefined();
      expect(item.reviewStatus, name).toBe(state.reviewed ? 'done' : 'not_started');
      if (cycleFieldsShown) expect(item.conflict, name).toBe(state.conflicted);
      else expect(item, name).not.toHaveProperty('conflict');
    }

    // The detail.
    const detail = await get(`/api/reviewer/opportunities/${s.opportunityId}`, s.cookie);
    if (!visible) {
      expect(detail.statusCode, name).toBe(404);
      expect(detail.json(), name).toEqual(NOT_FOUND);
    } else {
      expect(detail.statusCode, name).toBe(200);
      const body = reviewerOpportunityDetailSchema.parse(
        detail.json(),
      ) as ReviewerOpportunityDetail;
      expect(body.userReview === null, name).toBe(!state.reviewed);
      if (!cycleFieldsShown) {
        expect(detail.json(), name).not.toHaveProperty('conflict');
        expect(detail.json(), name).not.toHaveProperty('commentsVisibility');
      } else {
        expect(body.conflict, name).toEqual(
          state.conflicted
            ? { reason: 'My brother runs it', declaredAt: expect.any(String) }
            : null,
        );
        expect(body.commentsVisibility, name).toBe(state.conflicted ? 'conflict' : 'visible');
      }
      // The list item is the detail's spec fields (and the same reviewStatus).
      const { conflict: _a, commentsVisibility: _b, ...specDetail } = body;
      const { conflict: _c, ...specItem } = item;
      expect(specItem, name).toEqual(specDetail);
    }

    // Others' comments: hidden from a conflicted reviewer.
    const commentsResponse = await get(
      `/api/reviewer/opportunities/${s.opportunityId}/comments`,
      s.cookie,
    );
    if (!visible) {
      expect(commentsResponse.statusCode, name).toBe(404);
    } else {
      expect(commentsResponse.statusCode, name).toBe(200);
      const ids = commentsResponse.json().map((c: { id: string }) => c.id);
      expect(ids, name).toEqual(state.conflicted ? [] : [s.otherCommentId]);
    }

    // The caller's own review, and never anyone else's.
    const ownReviews = await get(
      `/api/reviewer/opportunities/${s.opportunityId}/reviews`,
      s.cookie,
    );
    if (!visible) expect(ownReviews.statusCode, name).toBe(404);
    else expect(ownReviews.json().length, name).toBe(state.reviewed ? 1 : 0);

    // Saves: 404 when not visible, 409 with the message when conflicted; nothing written then.
    const before = await reviewRowsOf(s);
    const savedReview = await post('/api/reviewer/reviews', s.cookie, {
      opportunityId: s.opportunityId,
      ...SAMPLE_SCORES,
      businessPotential: 5,
    });
    const savedComment = await post('/api/reviewer/comments', s.cookie, {
      opportunityId: s.opportunityId,
      challenges: 'Late',
    });
    for (const saved of [savedReview, savedComment]) {
      if (!visible) {
        expect(saved.statusCode, name).toBe(404);
        expect(saved.json(), name).toEqual(NOT_FOUND);
      } else if (state.conflicted) {
        expect(saved.statusCode, name).toBe(409);
        expect(saved.json(), name).toEqual({ message: CONFLICT_CLOSED_MESSAGE });
      } else {
        expect(saved.statusCode, name).toBe(200);
      }
    }
    const after = await reviewRowsOf(s);
    if (!visible || state.conflicted) expect(after, name).toEqual(before);
    else expect(after[0]!.businessPotential, name).toBe(5);
    const ownComments = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from comments where reviewer_id = ${s.reviewerId}`,
    );
    expect(ownComments.rows[0]!.n, name).toBe(visible && !state.conflicted ? 1 : 0);

    // Viewer state: a conflicted opportunity can still be reopened; an invisible one cannot.
    const remembered = await post('/api/reviewer/viewer-state', s.cookie, {
      lastOpportunityId: s.opportunityId,
    });
    expect(remembered.statusCode, name).toBe(visible ? 200 : 404);
    await createViewerState(ctx.db, {
      reviewerId: s.reviewerId,
      lastOpportunityId: s.opportunityId,
    }).catch(() => undefined);
    const viewerState = await get('/api/reviewer/viewer-state', s.cookie);
    expect(viewerState.json(), name).toEqual({
      lastOpportunityId: visible ? s.opportunityId : null,
    });

    // Declaring a conflict: only on what the reviewer can see; again is idempotent.
    const conflictsBefore = await ctx.db
      .select()
      .from(conflicts)
      .where(eq(conflicts.reviewerId, s.reviewerId));
    const declared = await post(
      `/api/reviewer/opportunities/${s.opportunityId}/conflict`,
      s.cookie,
      { reason: 'Another reason' },
    );
    const conflictsAfter = await ctx.db
      .select()
      .from(conflicts)
      .where(eq(conflicts.reviewerId, s.reviewerId));
    if (!visible) {
      expect(declared.statusCode, name).toBe(404);
      expect(conflictsAfter, name).toEqual(conflictsBefore);
    } else {
      expect(declared.statusCode, name).toBe(200);
      expect(declared.json().reason, name).toBe(
        state.conflicted ? 'My brother runs it' : 'Another reason',
      );
      expect(conflictsAfter, name).toHaveLength(1);
    }
  });
});
