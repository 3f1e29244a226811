import type { ReviewClock } from '@shared/review-clock-schemas';
import type {
  ReviewerComment,
  ReviewerOpportunity,
  UserComment,
  UserReview,
} from '@shared/reviewer-schemas';
import { compositeOf, toNumericText } from '@shared/scoring';
import type { FakeDiscussionServer } from './fake-discussion-server';
import {
  dateHeader,
  type FakeRequest,
  type FakeResponse,
  reviewerUser,
  stubSession,
} from './fake-server';

let counter = 0;

/** A published opportunity as GET /api/reviewer/opportunities answers it. */
export function makeOpportunity(
  fields: Partial<ReviewerOpportunity> & { number: number },
): ReviewerOpportunity {
  counter += 1;
  return {
    id: `10000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    title: `Opportunity ${fields.number}`,
    description: '',
    imageUrl: null,
    tags: [],
    reviewStatus: 'not_started',
    userReview: null,
    userComment: null,
    ...fields,
  };
}

type Options = {
  opportunities: ReviewerOpportunity[];
  lastOpportunityId?: string | null;
  otherComments?: Record<string, ReviewerComment[]>;
  /**
   * GET /api/reviewer/review-clock (issue 34); by default open with no deadline, the spec's
   * behaviour. Read at each request, so a test can change it between calls.
   */
  clock?: () => ReviewClock & { now?: string };
  /** GET /api/reviewer/scope's review_assignment mode (issue 38); 'open' by default. */
  mode?: 'open' | 'assigned';
  /**
   * The discussion calls (issue 36; web/test/fake-discussion-server.ts). Without it they answer
   * 404, as they did before the discussions existed.
   */
  discussion?: FakeDiscussionServer;
  /** Runs before the fake answers; return a response to override it (a failure, a delay). */
  intercept?: (
    request: FakeRequest,
  ) => FakeResponse | undefined | Promise<FakeResponse | undefined>;
};

const BASE = '/api/reviewer/opportunities';

/**
 * A signed-in reviewer and a stateful reviewer API: saves change what later GETs answer, like the
 * real server (CONTRACT.md "Reviews and comments").
 */
export function stubReviewerServer(options: Options) {
  const opportunities = options.opportunities.map((o) => ({ ...o }));
  let lastOpportunityId = options.lastOpportunityId ?? null;
  const find = (id: string) => opportunities.find((o) => o.id === id);
  const savedAt = () => {
    const now = new Date().toISOString();
    return { submittedAt: now, updatedAt: now };
  };

  const requests = stubSession(reviewerUser, async (request) => {
    const overridden = await options.intercept?.(request);
    if (overridden) return overridden;
    const discussed = options.discussion?.handle(request);
    if (discussed) return discussed;
    const { method, url } = request;
    const body = request.body as Record<string, unknown>;
    if (method === 'GET' && url === BASE) return { status: 200, body: opportunities };
    if (method === 'GET' && url === '/api/reviewer/scope') {
      return { status: 200, body: { mode: options.mode ?? 'open' } };
    }
    if (method === 'GET' && url === '/api/reviewer/review-clock') {
      const { now, ...clock } = options.clock?.() ?? {
        phase: 'open',
        deadline: null,
        closedAt: null,
      };
      // The server's time travels in the Date header, as every HTTP answer carries it.
      return { status: 200, body: clock, headers: dateHeader(now ?? new Date().toISOString()) };
    }
    const match = /^\/api\/reviewer\/opportunities\/([^/]+)(?:\/(comments|reviews))?$/.exec(url);
    if (method === 'GET' && match) {
      const opportunity = find(match[1]!);
      if (!opportunity) return { status: 404, body: { message: 'Opportunity not found' } };
      if (match[2] === 'comments')
        return { status: 200, body: options.otherComments?.[opportunity.id] ?? [] };
      if (match[2] === 'reviews') return { status: 200, body: [] };
      return { status: 200, body: opportunity };
    }
    if (url === '/api/reviewer/viewer-state') {
      if (method === 'POST') lastOpportunityId = body.lastOpportunityId as string;
      return { status: 200, body: { lastOpportunityId } };
    }
    if (method === 'POST' && url === '/api/reviewer/reviews') {
      const opportunity = find(body.opportunityId as string);
      if (!opportunity) return { status: 404, body: { message: 'Opportunity not found' } };
      const { opportunityId: _, ...scores } = body as Record<string, number>;
      const review: UserReview = {
        strategicAlignment: scores.strategicAlignment!,
        sustainability: scores.sustainability!,
        technologyReadiness: scores.technologyReadiness!,
        marketPotential: scores.marketPotential!,
        businessPotential: scores.businessPotential!,
        composite: toNumericText(compositeOf(scores as never)),
      };
      opportunity.userReview = review;
      opportunity.reviewStatus = 'done';
      return {
        status: 200,
        body: { id: opportunity.id, opportunityId: opportunity.id, ...review, ...savedAt() },
      };
    }
    if (method === 'POST' && url === '/api/reviewer/comments') {
      const opportunity = find(body.opportunityId as string);
      if (!opportunity) return { status: 404, body: { message: 'Opportunity not found' } };
      const comment: UserComment = {
        howToBiggerBetter: (body.howToBiggerBetter as string) ?? null,
        challenges: (body.challenges as string) ?? null,
        howToGetGoing: (body.howToGetGoing as string) ?? null,
        otherComments: (body.otherComments as string) ?? null,
      };
      opportunity.userComment = comment;
      if (opportunity.reviewStatus === 'not_started') opportunity.reviewStatus = 'in_progress';
      return {
        status: 200,
        body: { id: opportunity.id, opportunityId: opportunity.id, ...comment, ...savedAt() },
      };
    }
    return undefined;
  });

  return {
    requests,
    opportunities,
    /** The requests to `url` by `method`, in order. */
    calls: (method: string, url: string) =>
      requests.filter((r) => r.method === method && r.url === url),
  };
}
