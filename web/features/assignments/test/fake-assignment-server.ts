import type {
  AssignmentBoard,
  AssignmentPair,
  AutoAssignPlan,
  Conflict,
  ReviewAssignmentMode,
} from '@shared/review-cycle-schemas';
import { adminUser, type FakeRequest, type FakeResponse, stubSession } from '@web/test/fake-server';
import { pairKey } from '../lib/board-view';

type Reviewer = { id: string; name: string; email: string; displayName?: string | null };
type Opportunity = {
  id: string;
  number: number;
  title: string;
  batch?: string | null;
  status?: 'draft' | 'published' | 'archived';
};

const uuid = (prefix: number, n: number) =>
  `${prefix}0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeReviewers(count: number, names?: string[]): Reviewer[] {
  return Array.from({ length: count }, (_, i) => {
    const name = names?.[i] ?? `Reviewer ${String(i + 1).padStart(3, '0')}`;
    return {
      id: uuid(2, i + 1),
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    };
  });
}

export function makeOpportunities(count: number, batchOf?: (i: number) => string | null) {
  return Array.from(
    { length: count },
    (_, i): Opportunity => ({
      id: uuid(3, i + 1),
      number: i + 1,
      title: `Opportunity ${i + 1}`,
      batch: batchOf?.(i) ?? null,
    }),
  );
}

type Options = {
  reviewers: Reviewer[];
  opportunities: Opportunity[];
  assignments?: Array<AssignmentPair & { hasReview?: boolean; hasComment?: boolean }>;
  conflicts?: Array<AssignmentPair & Partial<Conflict>>;
  mode?: ReviewAssignmentMode;
  /** What POST /auto answers (preview and apply); the request is in the log. */
  autoAssign?: (body: Record<string, unknown>) => FakeResponse;
  importCsv?: (csv: string) => FakeResponse;
  intercept?: (request: FakeRequest) => FakeResponse | undefined;
};

/**
 * A signed-in admin and a stateful assignments API as the contract in
 * shared/review-cycle-schemas.ts describes it: adds and removals change what the board answers,
 * a conflicted pair is refused (409), removing saved work needs confirmReviewed (409 with
 * `reviewed`), conflicts are listed with names and withdrawn by id.
 */
export function stubAssignmentServer(options: Options) {
  let mode: ReviewAssignmentMode = options.mode ?? 'open';
  const assignments = new Map<
    string,
    AssignmentPair & { hasReview: boolean; hasComment: boolean }
  >();
  for (const a of options.assignments ?? []) {
    assignments.set(pairKey(a.reviewerId, a.opportunityId), {
      reviewerId: a.reviewerId,
      opportunityId: a.opportunityId,
      hasReview: a.hasReview ?? false,
      hasComment: a.hasComment ?? false,
    });
  }
  let conflictCounter = 0;
  const conflicts: Conflict[] = (options.conflicts ?? []).map((c) => {
    conflictCounter += 1;
    return {
      id: uuid(4, conflictCounter),
      reason: null,
      declaredBy: 'reviewer',
      createdAt: '2026-03-01T10:00:00.000Z',
      ...c,
    };
  });
  const isConflicted = (pair: AssignmentPair) =>
    conflicts.some(
      (c) => c.reviewerId === pair.reviewerId && c.opportunityId === pair.opportunityId,
    );

  function board(): AssignmentBoard {
    const list = [...assignments.values()];
    return {
      mode,
      batches: [
        ...new Set(options.opportunities.map((o) => o.batch).filter((b): b is string => !!b)),
      ],
      reviewers: options.reviewers.map((r) => ({
        id: r.id,
        name: r.name,
        displayName: r.displayName ?? null,
        email: r.email,
        assigned: list.filter((a) => a.reviewerId === r.id).length,
        reviewed: list.filter((a) => a.reviewerId === r.id && a.hasReview).length,
      })),
      opportunities: options.opportunities.map((o) => ({
        id: o.id,
        number: o.number,
        title: o.title,
        status: o.status ?? 'published',
        batch: o.batch ?? null,
        assigned: list.filter((a) => a.opportunityId === o.id).length,
        reviewed: list.filter((a) => a.opportunityId === o.id && a.hasReview).length,
      })),
      assignments: list.map(({ reviewerId, opportunityId, hasReview }) => ({
        reviewerId,
        opportunityId,
        hasReview,
      })),
      conflicts: [...conflicts],
    };
  }

  const requests = stubSession(adminUser, (request) => {
    const overridden = options.intercept?.(request);
    if (overridden) return overridden;
    const { method, url } = request;
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (method === 'GET' && url === '/api/admin/assignments') return { status: 200, body: board() };
    if (method === 'GET' && url === '/api/admin/settings/review_assignment') {
      return { status: 200, body: { key: 'review_assignment', value: mode } };
    }
    if (method === 'POST' && url === '/api/admin/settings' && body.key === 'review_assignment') {
      mode = body.value as ReviewAssignmentMode;
      return { status: 200, body: { key: 'review_assignment', value: mode } };
    }
    if (method === 'POST' && url === '/api/admin/assignments') {
      const pairs = body.pairs as AssignmentPair[];
      if (pairs.some(isConflicted)) {
        return { status: 409, body: { message: 'A conflict of interest forbids this assignment' } };
      }
      let added = 0;
      for (const pair of pairs) {
        const key = pairKey(pair.reviewerId, pair.opportunityId);
        if (assignments.has(key)) continue;
        assignments.set(key, { ...pair, hasReview: false, hasComment: false });
        added += 1;
      }
      return { status: 200, body: { added, alreadyAssigned: pairs.length - added } };
    }
    if (method === 'POST' && url === '/api/admin/assignments/remove') {
      const pairs = body.pairs as AssignmentPair[];
      const found = pairs
        .map((p) => assignments.get(pairKey(p.reviewerId, p.opportunityId)))
        .filter((a) => a !== undefined);
      const reviewed = found.filter((a) => a.hasReview || a.hasComment).length;
      if (reviewed > 0 && body.confirmReviewed !== true) {
        return {
          status: 409,
          body: {
            message: 'Some of these reviewers already reviewed: confirm to remove',
            reviewed,
          },
        };
      }
      for (const a of found) assignments.delete(pairKey(a.reviewerId, a.opportunityId));
      return {
        status: 200,
        body: { removed: found.length, reviewsExcluded: found.filter((a) => a.hasReview).length },
      };
    }
    if (method === 'POST' && url === '/api/admin/assignments/auto') {
      const answer = options.autoAssign?.(body) ?? { status: 500, body: { message: 'no plan' } };
      if (answer.status === 200 && body.apply === true) {
        for (const pair of (answer.body as AutoAssignPlan).added) {
          assignments.set(pairKey(pair.reviewerId, pair.opportunityId), {
            ...pair,
            hasReview: false,
            hasComment: false,
          });
        }
      }
      return answer;
    }
    if (method === 'POST' && url === '/api/admin/assignments/import') {
      return (
        options.importCsv?.(body.csv as string) ?? { status: 500, body: { message: 'no import' } }
      );
    }
    if (method === 'GET' && url === '/api/admin/conflicts') {
      return {
        status: 200,
        body: conflicts.map((c) => {
          const reviewer = options.reviewers.find((r) => r.id === c.reviewerId)!;
          const opportunity = options.opportunities.find((o) => o.id === c.opportunityId)!;
          return {
            ...c,
            reviewer: { name: reviewer.name, email: reviewer.email },
            opportunity: { number: opportunity.number, title: opportunity.title },
          };
        }),
      };
    }
    if (method === 'POST' && url === '/api/admin/conflicts') {
      conflictCounter += 1;
      const conflict: Conflict = {
        id: uuid(4, conflictCounter),
        reviewerId: body.reviewerId as string,
        opportunityId: body.opportunityId as string,
        reason: (body.reason as string | null) ?? null,
        declaredBy: 'admin',
        createdAt: '2026-03-02T10:00:00.000Z',
      };
      conflicts.unshift(conflict);
      return { status: 201, body: conflict };
    }
    const withdraw = /^\/api\/admin\/conflicts\/(.+)$/.exec(url);
    if (method === 'DELETE' && withdraw) {
      const at = conflicts.findIndex((c) => c.id === withdraw[1]);
      if (at === -1) return { status: 404, body: { message: 'Conflict not found' } };
      const [removed] = conflicts.splice(at, 1);
      return { status: 200, body: removed };
    }
    return undefined;
  });

  return {
    requests,
    calls: (method: string, url: string) =>
      requests.filter((r) => r.method === method && r.url === url),
    isAssigned: (reviewerId: string, opportunityId: string) =>
      assignments.has(pairKey(reviewerId, opportunityId)),
    conflicts,
    mode: () => mode,
  };
}
