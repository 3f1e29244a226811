import type { ReviewClock } from '@shared/review-clock-schemas';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeOpportunity, stubReviewerServer } from '@web/test/fake-reviewer-server';
import { reviewerUser } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEPT_CHANGES_MESSAGE } from './components/review-clock-notice';
import {
  COMMENTS,
  clickScores,
  REVIEWS,
  radio,
  saveStatus,
  scores,
  submitButton,
  toastRegion,
} from './detail-page-fixtures';
import { draftStorageKey } from './lib/draft-storage';

const CLOCK = '/api/reviewer/review-clock';
const DEADLINE = '2026-12-15T17:00:00+01:00';
const CLOSED_MESSAGE = 'Reviewing closed on 15 December 2026, 16:00 UTC';

/** The clock's body, and the server's time of its answer (the Date header). */
type Clock = ReviewClock & { now?: string };
const open: Clock = { phase: 'open', deadline: null, closedAt: null };
const closed: Clock = {
  phase: 'closed',
  deadline: DEADLINE,
  closedAt: '2026-12-15T16:00:00.000Z',
  now: '2026-12-16T09:00:00.000Z',
};

// The reviewer's own time zone: the page writes the deadline in it, with its offset.
const originalTimeZone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'Europe/Paris';
});
afterEach(() => {
  process.env.TZ = originalTimeZone;
});

const fullDraft = {
  scores: {
    strategicAlignment: 4,
    sustainability: 3,
    technologyReadiness: 5,
    marketPotential: 2,
    businessPotential: 4,
  },
  comments: {
    howToBiggerBetter: 'Kept while closed',
    challenges: '',
    howToGetGoing: '',
    otherComments: '',
  },
};

/** One opportunity and a clock the test can change between requests. */
function arrange(initial: Clock, extra: Partial<Parameters<typeof stubReviewerServer>[0]> = {}) {
  const opportunity = makeOpportunity({ number: 3, title: 'Tidal kites' });
  const state = { clock: initial };
  const server = stubReviewerServer({
    opportunities: [opportunity],
    lastOpportunityId: null,
    clock: () => state.clock,
    ...extra,
  });
  return { opportunity, server, state };
}

async function openDetail(id: string, title: string) {
  sessionStorage.setItem('hasAutoRedirected', 'true');
  const app = renderApp(`/reviewer/opportunities/${id}`);
  await screen.findByRole('heading', { level: 1, name: title });
  return app;
}

const closedBanner = () => screen.findByRole('status', { name: /^Reviewing closed on / });

describe('the review clock on the reviewer list', () => {
  it('shows nothing new with no deadline and reviewing open', async () => {
    const { server } = arrange(open);
    renderApp('/reviewer/opportunities');
    await screen.findByText('Tidal kites');
    await waitFor(() => expect(server.calls('GET', CLOCK)).toHaveLength(1));
    expect(screen.queryByText(/Reviewing clos/)).toBeNull();
    expect(screen.queryByTestId('review-deadline-notice')).toBeNull();
  });

  it("says when reviewing closes in the reviewer's time zone and the time left by the server's clock", async () => {
    // The device's clock is a year wrong; the countdown runs from the server's `now`.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-12-01T00:00:00Z') });
    arrange({
      phase: 'open',
      deadline: DEADLINE,
      closedAt: null,
      now: '2026-12-13T11:30:00.000Z', // 2 days 4 hours 30 minutes before 16:00 UTC
    });
    renderApp('/reviewer/opportunities');
    const notice = await screen.findByTestId('review-deadline-notice');
    expect(notice).toHaveTextContent(
      'Reviewing closes on Dec 15, 2026, 17:00 (UTC+01:00) · 2 days 4 hours left',
    );
    expect(screen.queryByRole('status', { name: /^Reviewing closed/ })).toBeNull();
  });

  it('shows a banner once reviewing is closed', async () => {
    arrange(closed);
    renderApp('/reviewer/opportunities');
    const banner = await closedBanner();
    expect(banner).toHaveAccessibleName('Reviewing closed on Dec 15, 2026, 17:00 (UTC+01:00)');
    expect(banner).toHaveTextContent('Scores and comments can no longer be changed.');
    expect(screen.queryByTestId('review-deadline-notice')).toBeNull();
  });

  it('asks for the clock again just after the deadline passes, and then shows the banner', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    const deadline = new Date(Date.now() + 30_000);
    const { server, state } = arrange({
      phase: 'open',
      deadline: deadline.toISOString().replace('Z', '+00:00'),
      closedAt: null,
    });
    renderApp('/reviewer/opportunities');
    await screen.findByTestId('review-deadline-notice');
    expect(server.calls('GET', CLOCK)).toHaveLength(1);
    state.clock = {
      phase: 'closed',
      deadline: state.clock.deadline,
      closedAt: deadline.toISOString(),
    };
    await act(() => vi.advanceTimersByTimeAsync(32_000));
    expect(await closedBanner()).toBeInTheDocument();
    // The deadline's timer, not the minute's poll, asked again.
    expect(server.calls('GET', CLOCK)).toHaveLength(2);
  });
});

describe('the review form while reviewing is closed', () => {
  it('is read-only with the draft kept, unsent, and says so', async () => {
    const { opportunity, server } = arrange(closed);
    const key = draftStorageKey({ userId: reviewerUser.id, opportunityId: opportunity.id });
    localStorage.setItem(key, JSON.stringify({ ...fullDraft, savedAt: '2026-12-15T15:00:00Z' }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await openDetail(opportunity.id, opportunity.title);

    const banner = await closedBanner();
    expect(banner).toHaveTextContent(KEPT_CHANGES_MESSAGE);
    expect(radio('Technology Readiness', 5)).toBeDisabled();
    expect(radio('Technology Readiness', 5)).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByLabelText('How to make this bigger and better?')).toBeDisabled();
    expect(screen.getByLabelText('How to make this bigger and better?')).toHaveValue(
      'Kept while closed',
    );
    expect(screen.queryByRole('button', { name: /Submit Review|Update Review/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'I have a conflict of interest' })).toBeNull();

    // Well past the auto-save delay: nothing is sent and the draft stays in this browser.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    vi.useRealTimers();
    expect(server.calls('POST', REVIEWS)).toEqual([]);
    expect(JSON.parse(localStorage.getItem(key)!).comments.howToBiggerBetter).toBe(
      'Kept while closed',
    );
  });

  it('does not claim kept changes when nothing unsaved is held', async () => {
    const { opportunity } = arrange(closed);
    await openDetail(opportunity.id, opportunity.title);
    const banner = await closedBanner();
    expect(banner).not.toHaveTextContent(KEPT_CHANGES_MESSAGE);
    expect(radio('Strategic Alignment', 3)).toBeDisabled();
  });

  it('saves the kept draft once the clock says open again (asked on window focus)', async () => {
    const { opportunity, server, state } = arrange(closed);
    const key = draftStorageKey({ userId: reviewerUser.id, opportunityId: opportunity.id });
    localStorage.setItem(key, JSON.stringify({ ...fullDraft, savedAt: '2026-12-15T15:00:00Z' }));
    await openDetail(opportunity.id, opportunity.title);
    await closedBanner();
    expect(server.calls('GET', CLOCK)).toHaveLength(1);

    state.clock = open; // an administrator reopened reviewing
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(radio('Strategic Alignment', 4)).toBeEnabled());
    expect(screen.queryByRole('status', { name: /^Reviewing closed/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'I have a conflict of interest' })).toBeVisible();

    // The normal auto-save sends what was kept.
    await waitFor(() => expect(server.calls('POST', COMMENTS)).toHaveLength(1), {
      timeout: 6000,
    });
    expect(server.calls('POST', REVIEWS)[0]!.body).toEqual({
      opportunityId: opportunity.id,
      ...fullDraft.scores,
    });
    expect(server.calls('POST', COMMENTS)[0]!.body).toMatchObject({
      howToBiggerBetter: 'Kept while closed',
    });
    await waitFor(() => expect(localStorage.getItem(key)).toBeNull());
    expect(saveStatus()).toHaveTextContent('All changes saved');
  });

  it('keeps the input of a save refused because reviewing closed, and shows the banner', async () => {
    const { opportunity, server, state } = arrange(open, {
      intercept: (request) => {
        if (request.method !== 'POST' || request.url !== REVIEWS) return undefined;
        // An administrator closed reviewing while the reviewer was writing.
        state.clock = closed;
        return {
          status: 409,
          body: { message: CLOSED_MESSAGE, closedAt: '2026-12-15T16:00:00.000Z' },
        };
      },
    });
    await openDetail(opportunity.id, opportunity.title);
    await waitFor(() => expect(server.calls('GET', CLOCK)).toHaveLength(1));
    clickScores(scores);
    fireEvent.change(screen.getByLabelText('What are the challenges you see?'), {
      target: { value: 'Written as it closed' },
    });
    fireEvent.click(submitButton());

    const banner = await closedBanner();
    expect(banner).toHaveTextContent(KEPT_CHANGES_MESSAGE);
    expect(server.calls('GET', CLOCK)).toHaveLength(2);
    expect(within(toastRegion()).getByText(CLOSED_MESSAGE)).toBeInTheDocument();
    expect(saveStatus()).toHaveTextContent(`Not saved: ${CLOSED_MESSAGE}`);
    // Nothing is lost: on screen, read-only, and in the local draft.
    expect(screen.getByLabelText('What are the challenges you see?')).toHaveValue(
      'Written as it closed',
    );
    expect(screen.getByLabelText('What are the challenges you see?')).toBeDisabled();
    expect(radio('Technology Readiness', 5)).toHaveAttribute('aria-checked', 'true');
    const key = draftStorageKey({ userId: reviewerUser.id, opportunityId: opportunity.id });
    expect(JSON.parse(localStorage.getItem(key)!).comments.challenges).toBe('Written as it closed');
    expect(server.calls('POST', COMMENTS)).toEqual([]);
  });

  it('learns that reviewing closed from a conflict declaration refused with 409', async () => {
    const { opportunity, server, state } = arrange(open, {
      intercept: (request) => {
        if (request.method !== 'POST' || !request.url.endsWith('/conflict')) return undefined;
        state.clock = closed;
        return {
          status: 409,
          body: { message: CLOSED_MESSAGE, closedAt: '2026-12-15T16:00:00.000Z' },
        };
      },
    });
    await openDetail(opportunity.id, opportunity.title);
    await waitFor(() => expect(server.calls('GET', CLOCK)).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'I have a conflict of interest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Declare a Conflict of Interest' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Declare Conflict' }));
    expect(await closedBanner()).toBeInTheDocument();
    expect(within(toastRegion()).getByText(CLOSED_MESSAGE)).toBeInTheDocument();
    expect(server.calls('GET', CLOCK)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'I have a conflict of interest' })).toBeNull();
  });
});
