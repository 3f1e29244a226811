import { CONFLICT_CLOSED_MESSAGE } from '@shared/review-cycle-schemas';
import type { ReviewerComment, ReviewerOpportunityDetail } from '@shared/reviewer-schemas';
import { COMMENTS_AFTER_OWN_REVIEW_MESSAGE } from '@shared/settings';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeOpportunity, stubReviewerServer } from '@web/test/fake-reviewer-server';
import type { FakeRequest, FakeResponse } from '@web/test/fake-server';
import { reviewerUser } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it, vi } from 'vitest';
import {
  clickScores,
  REVIEWS,
  radio,
  saveStatus,
  scores,
  submitButton,
  toastRegion,
} from './detail-page-fixtures';
import { draftStorageKey } from './lib/draft-storage';

type Detail = ReviewerOpportunityDetail;

const otherComment: ReviewerComment = {
  id: '50000000-0000-4000-8000-000000000001',
  submittedAt: '2026-02-01T10:00:00.000Z',
  reviewer: { name: 'Reviewer A', displayName: null },
  howToBiggerBetter: 'Partner with ports',
  challenges: 'Permits',
  howToGetGoing: null,
  otherComments: null,
} as ReviewerComment;

/**
 * The reviewer API with issue 18's fields: declaring a conflict sets the detail's `conflict` and
 * the list's flag; with `afterOwnReview`, comments show once all five scores are saved.
 */
function stubCycleServer(
  opportunity: Detail,
  options: {
    afterOwnReview?: boolean;
    intercept?: (r: FakeRequest) => FakeResponse | undefined;
  } = {},
) {
  const conflictUrl = `/api/reviewer/opportunities/${opportunity.id}/conflict`;
  const server = stubReviewerServer({
    opportunities: [opportunity],
    otherComments: { [opportunity.id]: [otherComment] },
    intercept: (request) => {
      const overridden = options.intercept?.(request);
      if (overridden) return overridden;
      const stored = server.opportunities[0] as Detail;
      if (request.method === 'POST' && request.url === conflictUrl) {
        const reason = (request.body as { reason: string | null }).reason;
        stored.conflict = { reason, declaredAt: '2026-03-05T09:00:00.000Z' };
        stored.commentsVisibility = 'conflict';
        return { status: 200, body: stored.conflict };
      }
      if (request.method === 'GET' && request.url === '/api/reviewer/opportunities') {
        return {
          status: 200,
          body: server.opportunities.map((o) => {
            const { conflict, commentsVisibility: _, ...item } = o as Detail;
            return conflict ? { ...item, conflict: true } : item;
          }),
        };
      }
      if (
        options.afterOwnReview &&
        request.method === 'GET' &&
        request.url === `/api/reviewer/opportunities/${opportunity.id}` &&
        !stored.conflict
      ) {
        stored.commentsVisibility = stored.userReview ? 'visible' : 'after_own_review';
      }
      return undefined;
    },
  });
  return server;
}

async function openDetail(opportunity: Detail) {
  sessionStorage.setItem('hasAutoRedirected', 'true');
  renderApp(`/reviewer/opportunities/${opportunity.id}`);
  await screen.findByRole('heading', { level: 1, name: opportunity.title });
}

const commentsUrl = (opportunity: Detail) =>
  `/api/reviewer/opportunities/${opportunity.id}/comments`;

describe('declaring a conflict of interest', () => {
  it('says what follows, then closes the form, hides comments and shows a banner', async () => {
    const opportunity = makeOpportunity({ number: 4, title: 'Tidal kites' }) as Detail;
    opportunity.commentsVisibility = 'visible';
    const server = stubCycleServer(opportunity);
    await openDetail(opportunity);
    expect(await screen.findByText('Partner with ports')).toBeInTheDocument();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'I have a conflict of interest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Declare a Conflict of Interest' });
    expect(dialog).toHaveTextContent('scoring and commenting on this opportunity close;');
    expect(dialog).toHaveTextContent("other reviewers' comments on it are hidden from you;");
    expect(dialog).toHaveTextContent(
      'any review or comment you saved here is kept, but no longer counts in the results;',
    );
    expect(dialog).toHaveTextContent('only an administrator can withdraw the declaration.');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason (optional)' }),
      'My sister',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Declare Conflict' }));

    const banner = await screen.findByRole('region', {
      name: 'Conflict of interest declared on Mar 5, 2026',
    });
    expect(banner).toHaveTextContent('Reason: My sister');
    expect(banner).toHaveTextContent('Only an administrator can withdraw the declaration.');
    expect(server.calls('POST', `/api/reviewer/opportunities/${opportunity.id}/conflict`)).toEqual([
      {
        method: 'POST',
        url: `/api/reviewer/opportunities/${opportunity.id}/conflict`,
        body: { reason: 'My sister' },
      },
    ]);
    expect(within(toastRegion()).getByText('Conflict Declared')).toBeInTheDocument();
    // Read-only: no score can change, no comment typed, nothing to submit or declare again.
    expect(radio('Strategic Alignment', 3)).toBeDisabled();
    expect(screen.getByLabelText('What are the challenges you see?')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Submit Review|Update Review/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'I have a conflict of interest' })).toBeNull();
    expect(screen.queryByText('Partner with ports')).toBeNull();
    expect(screen.getAllByText('Conflict').length).toBeGreaterThan(0);
  });

  it('shows "Conflict" in the list instead of the review status', async () => {
    const conflicted = makeOpportunity({ number: 1, title: 'Seaweed farms' }) as Detail;
    conflicted.conflict = { reason: null, declaredAt: '2026-03-05T09:00:00.000Z' };
    const open = makeOpportunity({ number: 2, title: 'Wave power' }) as Detail;
    stubReviewerServer({
      opportunities: [conflicted, open],
      lastOpportunityId: null,
      intercept: (request) =>
        request.method === 'GET' && request.url === '/api/reviewer/opportunities'
          ? {
              status: 200,
              body: [{ ...conflicted, conflict: true }, open],
            }
          : undefined,
    });
    renderApp('/reviewer/opportunities');
    const cards = await screen.findAllByTestId('opportunity-card');
    expect(within(cards[0]!).getByText('Conflict')).toHaveAttribute('data-status', 'conflict');
    expect(within(cards[0]!).queryByText('Not Started')).toBeNull();
    expect(within(cards[1]!).getByText('Not Started')).toBeInTheDocument();
  });

  it('keeps a draft untouched and unsent on a conflicted opportunity', async () => {
    const opportunity = makeOpportunity({ number: 5, title: 'Kelp mats' }) as Detail;
    opportunity.conflict = { reason: null, declaredAt: '2026-03-05T09:00:00.000Z' };
    opportunity.commentsVisibility = 'conflict';
    const key = draftStorageKey({ userId: reviewerUser.id, opportunityId: opportunity.id });
    const draft = {
      scores: {
        strategicAlignment: 4,
        sustainability: 4,
        technologyReadiness: 4,
        marketPotential: 4,
        businessPotential: 4,
      },
      comments: {
        howToBiggerBetter: 'Draft text',
        challenges: '',
        howToGetGoing: '',
        otherComments: '',
      },
      savedAt: '2026-03-05T08:00:00.000Z',
    };
    localStorage.setItem(key, JSON.stringify(draft));
    const server = stubCycleServer(opportunity);
    // Faked from the start (an auto-save would be timed as the page mounts), running on by itself
    // so that the page can load.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await openDetail(opportunity);
    expect(screen.getByLabelText('How to make this bigger and better?')).toHaveValue('Draft text');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    vi.useRealTimers();
    expect(server.calls('POST', REVIEWS)).toEqual([]);
    expect(server.calls('GET', commentsUrl(opportunity))).toEqual([]);
    expect(JSON.parse(localStorage.getItem(key)!).comments.howToBiggerBetter).toBe('Draft text');
  });

  it("shows the server's 409 on a save, keeps the input, and turns read-only", async () => {
    const opportunity = makeOpportunity({ number: 6, title: 'Solar sails' }) as Detail;
    let server: ReturnType<typeof stubCycleServer>;
    server = stubCycleServer(opportunity, {
      // An administrator recorded the conflict while the page was open.
      intercept: (request) => {
        if (request.method !== 'POST' || request.url !== REVIEWS) return undefined;
        const stored = server.opportunities[0] as Detail;
        stored.conflict = {
          reason: 'Recorded by the admin',
          declaredAt: '2026-03-05T09:00:00.000Z',
        };
        return { status: 409, body: { message: CONFLICT_CLOSED_MESSAGE } };
      },
    });
    await openDetail(opportunity);
    clickScores(scores);
    fireEvent.change(screen.getByLabelText('What are the challenges you see?'), {
      target: { value: 'Unsent thoughts' },
    });
    fireEvent.click(submitButton());

    expect(await within(toastRegion()).findByText('Failed to Save')).toBeInTheDocument();
    expect(within(toastRegion()).getByText(CONFLICT_CLOSED_MESSAGE)).toBeInTheDocument();
    expect(saveStatus()).toHaveTextContent(`Not saved: ${CONFLICT_CLOSED_MESSAGE}`);
    expect(await screen.findByText('Reason: Recorded by the admin')).toBeInTheDocument();
    expect(radio('Technology Readiness', 5)).toBeDisabled();
    // Nothing is lost: the scores and the text stay on screen and in the local draft.
    expect(radio('Technology Readiness', 5)).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByLabelText('What are the challenges you see?')).toHaveValue(
      'Unsent thoughts',
    );
    const key = draftStorageKey({ userId: reviewerUser.id, opportunityId: opportunity.id });
    expect(JSON.parse(localStorage.getItem(key)!).comments.challenges).toBe('Unsent thoughts');
    expect(server.calls('POST', REVIEWS)).toHaveLength(1);
  });
});

describe("others' comments only after the reviewer's own review", () => {
  it('says why they are hidden, then shows them (with labels for names) once the review is saved', async () => {
    const opportunity = makeOpportunity({ number: 7, title: 'Wind kites' }) as Detail;
    const server = stubCycleServer(opportunity, { afterOwnReview: true });
    await openDetail(opportunity);
    expect(await screen.findByText(COMMENTS_AFTER_OWN_REVIEW_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText("Submit your review to see other reviewers' comments")).toBeVisible();
    expect(server.calls('GET', commentsUrl(opportunity))).toEqual([]);

    clickScores(scores);
    fireEvent.click(submitButton());
    expect(await screen.findByText('Partner with ports')).toBeInTheDocument();
    expect(screen.getByText('Reviewer A')).toBeInTheDocument();
    expect(screen.queryByText(COMMENTS_AFTER_OWN_REVIEW_MESSAGE)).toBeNull();
    await waitFor(() => expect(server.calls('GET', commentsUrl(opportunity))).toHaveLength(1));
  });
});
