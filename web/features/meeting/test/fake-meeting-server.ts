import { MEETING_NOT_ACTIVE_MESSAGE } from '@shared/discussion';
import type { AdminMeeting, MeetingView } from '@shared/discussion-schemas';
import {
  adminUser,
  type FakeRequest,
  type FakeResponse,
  reviewerUser,
  stubSession,
} from '@web/test/fake-server';
import { agendaItemOf, type Opportunity, resultsOf } from './meeting-fixtures';

export const NOTHING_TO_DISCUSS = 'There is nothing on the agenda to discuss';

/**
 * A signed-in admin, Results over `published`, and the admin meeting calls as the contract
 * (shared/discussion-schemas.ts, issue 36) has them behave: PUT keeps "now" on the same opportunity, start
 * takes the suggested queue when the agenda is empty (409 when that is empty too), moving needs a
 * running meeting (409). `intercept` answers first (a failure); `hold` delays an answer.
 */
export function stubAdminMeetingServer({
  published,
  suggested = published.filter((item) => item.reasons.length > 0).map((item) => item.id),
  agenda = [],
  active = false,
  currentIndex = 0,
  intercept,
  hold,
}: {
  published: Opportunity[];
  suggested?: string[];
  agenda?: string[];
  active?: boolean;
  currentIndex?: number;
  intercept?: (request: FakeRequest) => FakeResponse | undefined;
  /** Holds the answer to a request until the promise it returns settles (a slow server). */
  hold?: (request: FakeRequest) => Promise<void> | undefined;
}) {
  const byId = new Map(published.map((item) => [item.id, item]));
  const state = { active, version: 1, currentIndex, agenda: [...agenda], suggested };
  const present = (): AdminMeeting => ({
    active: state.active,
    version: state.version,
    currentIndex: state.currentIndex,
    agenda: state.agenda.map((id) => agendaItemOf(byId.get(id)!)),
    suggested: state.suggested,
  });
  const changed = (): FakeResponse => {
    state.version += 1;
    return { status: 200, body: present() };
  };
  const refuse = (status: number, message: string): FakeResponse => ({
    status,
    body: { message },
  });

  const requests = stubSession(adminUser, async (request) => {
    await hold?.(request);
    const overridden = intercept?.(request);
    if (overridden) return overridden;
    const { method, url } = request;
    const body = request.body as Record<string, unknown>;
    if (method === 'GET' && url === '/api/admin/results') {
      return { status: 200, body: resultsOf(published) };
    }
    if (method === 'GET' && url === '/api/admin/meeting') return { status: 200, body: present() };
    if (method === 'PUT' && url === '/api/admin/meeting') {
      const ids = body.agenda as string[];
      if (ids.some((id) => !byId.has(id))) return refuse(400, 'Unknown opportunity');
      const nowId = state.agenda[state.currentIndex];
      state.agenda = [...ids];
      state.currentIndex = Math.max(0, nowId ? ids.indexOf(nowId) : 0);
      return changed();
    }
    if (method === 'POST' && url === '/api/admin/meeting/start') {
      if (state.agenda.length === 0) state.agenda = [...state.suggested];
      if (state.agenda.length === 0) return refuse(409, NOTHING_TO_DISCUSS);
      state.active = true;
      state.currentIndex = 0;
      return changed();
    }
    if (method === 'POST' && url === '/api/admin/meeting/current') {
      if (!state.active) return refuse(409, MEETING_NOT_ACTIVE_MESSAGE);
      const index = body.index as number;
      if (index >= state.agenda.length) return refuse(400, 'No item at that position');
      state.currentIndex = index;
      return changed();
    }
    if (method === 'POST' && url === '/api/admin/meeting/end') {
      state.active = false;
      return changed();
    }
    return undefined;
  });

  return {
    requests,
    state,
    /** The bodies of the requests to `url` by `method`, in order. */
    bodies: (method: string, url: string) =>
      requests.filter((r) => r.method === method && r.url === url).map((r) => r.body),
  };
}

/**
 * A signed-in reviewer whose GET /api/meeting answers `view()` at each request (a test changes
 * what it returns between calls); `extra` answers the other calls (the opportunity list).
 */
export function stubReviewerMeetingServer(
  view: () => MeetingView | FakeResponse,
  extra?: (request: FakeRequest) => FakeResponse | undefined,
) {
  const requests = stubSession(reviewerUser, (request) => {
    if (request.method === 'GET' && request.url === '/api/meeting') {
      const answer = view();
      return 'status' in answer ? answer : { status: 200, body: answer };
    }
    return extra?.(request);
  });
  return {
    requests,
    /** How many times the meeting view was asked for. */
    viewReads: () => requests.filter((r) => r.method === 'GET' && r.url === '/api/meeting').length,
  };
}
