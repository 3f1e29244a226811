import { CRITERIA } from '@shared/criteria';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeOpportunity, stubReviewerServer } from '@web/test/fake-reviewer-server';
import { reviewerUser } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it, vi } from 'vitest';
import {
  all,
  COMMENTS,
  clickScores,
  first,
  group,
  middle,
  openDetail,
  REVIEWS,
  radio,
  saveStatus,
  scores,
  submitButton,
  toastRegion,
} from './detail-page-fixtures';
import { draftStorageKey } from './lib/draft-storage';

describe('opportunity detail', () => {
  it('shows the opportunity, remembers it as last viewed, and shows others’ comments', async () => {
    const { server } = await openDetail(first, {
      otherComments: {
        [first.id]: [
          {
            id: '20000000-0000-4000-8000-000000000001',
            submittedAt: '2026-03-04T10:00:00.000Z',
            howToBiggerBetter: 'Partner with utilities',
            challenges: 'Permits',
            howToGetGoing: 'hidden',
            otherComments: 'hidden too',
            reviewer: { name: 'Alan Turing', displayName: 'Alan' },
          },
          {
            id: '20000000-0000-4000-8000-000000000002',
            submittedAt: '2026-03-05T10:00:00.000Z',
            howToBiggerBetter: null,
            challenges: 'Cost',
            howToGetGoing: null,
            otherComments: null,
            reviewer: { name: 'Barbara Liskov', displayName: null },
          },
        ],
      },
    });
    expect(screen.getByText('Opportunity #7')).toBeInTheDocument();
    const description = screen.getByTestId('description');
    expect(description.textContent).toBe('First line\nSecond line');
    expect(description).toHaveClass('whitespace-pre-line');
    const image = screen.getByRole('img', { name: 'Solar Roofs' });
    // Served narrowed to the width shown: half the page on wide screens, all of it on phones.
    expect(image).toHaveAttribute('src', '/api/images/solar?w=640');
    expect(image.getAttribute('srcset')).toContain('/api/images/solar?w=1280 1280w');
    expect(image).toHaveAttribute('sizes', '(min-width: 1024px) 50vw, 100vw');
    const tags = within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(tags.map((t) => t.textContent)).toEqual(['energy', 'housing', 'solar', 'roofs']);
    expect(screen.getByRole('link', { name: 'Back to Opportunities' })).toHaveAttribute(
      'href',
      '/reviewer/opportunities',
    );
    await waitFor(() =>
      expect(server.calls('POST', '/api/reviewer/viewer-state')).toEqual([
        {
          method: 'POST',
          url: '/api/reviewer/viewer-state',
          body: { lastOpportunityId: first.id },
        },
      ]),
    );
    expect(server.calls('GET', `/api/reviewer/opportunities/${first.id}/reviews`)).toHaveLength(1);

    const others = await screen.findByRole('heading', { name: 'Comments from Other Reviewers' });
    const card = others.closest('div.rounded-xl') as HTMLElement;
    expect(within(card).getByText('Alan')).toBeInTheDocument();
    expect(within(card).getByText('Partner with utilities')).toBeInTheDocument();
    expect(within(card).getByText('Permits')).toBeInTheDocument();
    expect(within(card).getByText('Barbara Liskov')).toBeInTheDocument();
    expect(within(card).getByText('Cost')).toBeInTheDocument();
    expect(within(card).queryByText('hidden')).toBeNull();
  });

  it('shows the newest 50 of a large panel’s comments, then more on request (issue 38)', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      id: `20000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      submittedAt: new Date(Date.UTC(2026, 2, 1, 0, i)).toISOString(),
      howToBiggerBetter: `Idea number ${i + 1}`,
      challenges: null,
      howToGetGoing: null,
      otherComments: null,
      reviewer: { name: `Reviewer ${i + 1}`, displayName: null },
    }));
    await openDetail(first, { otherComments: { [first.id]: many } });
    const list = await screen.findByRole('list', { name: 'Comments from other reviewers' });
    const items = () => within(list).getAllByRole('listitem');
    expect(items()).toHaveLength(50);
    // The server answers oldest first; the card starts with the newest.
    expect(items()[0]).toHaveTextContent('Idea number 120');
    expect(items()[49]).toHaveTextContent('Idea number 71');
    expect(screen.getByText('Showing 50 of 120 comments, newest first')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show 50 more' }));
    expect(items()).toHaveLength(100);
    expect(screen.getByText('Showing 100 of 120 comments, newest first')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all 120' }));
    expect(items()).toHaveLength(120);
    expect(screen.queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
    // The buttons are gone: the focus is on the first comment they revealed.
    await waitFor(() => expect(items()[100]).toHaveFocus());
    expect(items()[100]).toHaveTextContent('Idea number 20');
  });

  it('hides the others’ comments card when there are none', async () => {
    const { server } = await openDetail(first);
    await waitFor(() =>
      expect(server.calls('GET', `/api/reviewer/opportunities/${first.id}/comments`)).toHaveLength(
        1,
      ),
    );
    expect(screen.queryByText('Comments from Other Reviewers')).toBeNull();
  });

  it("shows 'Opportunity not found' for an unknown id", async () => {
    sessionStorage.setItem('hasAutoRedirected', 'true');
    stubReviewerServer({ opportunities: all });
    renderApp('/reviewer/opportunities/30000000-0000-4000-8000-000000000000');
    expect(
      await screen.findByRole('heading', { name: 'Opportunity not found' }),
    ).toBeInTheDocument();
  });
});

describe('score form', () => {
  it('has five criteria with hints and 20% weights, and needs all five to submit', async () => {
    await openDetail(first);
    expect(screen.getByRole('heading', { name: 'Score This Opportunity' })).toBeInTheDocument();
    const groups = screen.getAllByRole('radiogroup');
    expect(groups.map((g) => g.getAttribute('aria-labelledby'))).toHaveLength(5);
    for (const criterion of CRITERIA) {
      const g = group(criterion.label);
      expect(
        within(g)
          .getAllByRole('radio')
          .map((r) => r.textContent),
      ).toEqual(['1', '2', '3', '4', '5']);
      if (criterion.hint) expect(g).toHaveAccessibleDescription(criterion.hint);
    }
    expect(screen.getAllByText('Weight: 20%')).toHaveLength(5);
    expect(screen.getByText('Market Potential and Growth')).toBeInTheDocument();
    expect(screen.getByText('Auto-saves after completing all scores')).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Submit Review');
    expect(submitButton()).toBeDisabled();

    const user = userEvent.setup();
    for (const [index, score] of scores.slice(0, 4).entries()) {
      await user.click(radio(CRITERIA[index]!.label, score));
    }
    expect(radio('Strategic Alignment', 4)).toHaveAttribute('aria-checked', 'true');
    expect(radio('Strategic Alignment', 3)).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByText('Composite Score')).toBeNull();
    expect(submitButton()).toBeDisabled();

    await user.click(radio('Business Potential', 4));
    expect(submitButton()).toBeEnabled();
    const composite = screen.getByTestId('composite-score');
    expect(composite).toHaveTextContent('Composite Score');
    expect(composite).toHaveTextContent('3.60');
    expect(composite).toHaveTextContent('Out of 5.00');
  });

  it('is operable by keyboard as radio groups', async () => {
    await openDetail(first);
    const user = userEvent.setup();
    await user.click(radio('Sustainability', 2));
    expect(radio('Sustainability', 2)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(radio('Sustainability', 3)).toHaveFocus();
    expect(radio('Sustainability', 3)).toHaveAttribute('aria-checked', 'true');
    expect(radio('Sustainability', 2)).toHaveAttribute('aria-checked', 'false');
    // One tab stop per group: Tab leaves the group for the next criterion.
    await user.tab();
    expect(radio('Technology Readiness', 1)).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(radio('Technology Readiness', 3)).toHaveAttribute('aria-checked', 'true');
  });

  it('shows the saved review and comments with Update Review', async () => {
    const reviewed = makeOpportunity({
      number: 20,
      title: 'Reviewed One',
      reviewStatus: 'done',
      userReview: {
        composite: '2.0000',
        strategicAlignment: 1,
        sustainability: 2,
        technologyReadiness: 3,
        marketPotential: 2,
        businessPotential: 2,
      },
      userComment: {
        howToBiggerBetter: 'Go global',
        challenges: null,
        howToGetGoing: null,
        otherComments: 'Fine',
      },
    });
    await openDetail(reviewed, { opportunities: [reviewed] });
    expect(radio('Technology Readiness', 3)).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('composite-score')).toHaveTextContent('2.00');
    expect(screen.getByLabelText('How to make this bigger and better?')).toHaveValue('Go global');
    expect(screen.getByLabelText('Any other comments or general view?')).toHaveValue('Fine');
    expect(submitButton()).toHaveTextContent('Update Review');
    expect(saveStatus()).toHaveTextContent('All changes saved');
  });
});

describe('saving', () => {
  it('auto-saves 2 s after the last change: review, then comments, then refetches, without a toast', async () => {
    const { server } = await openDetail(first);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    clickScores(scores);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    // Typing restarts the delay.
    fireEvent.change(screen.getByLabelText('What are the challenges you see?'), {
      target: { value: 'Permits\nand grid' },
    });
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(server.calls('POST', REVIEWS)).toHaveLength(0);
    expect(saveStatus()).toHaveTextContent('Unsaved changes');
    const listGets = server.calls('GET', '/api/reviewer/opportunities').length;
    const detailGets = server.calls('GET', `/api/reviewer/opportunities/${first.id}`).length;

    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(server.calls('POST', COMMENTS)).toHaveLength(1));
    const posts = server.requests.filter(
      (r) => r.method === 'POST' && r.url !== '/api/reviewer/viewer-state',
    );
    expect(posts).toEqual([
      {
        method: 'POST',
        url: REVIEWS,
        body: {
          opportunityId: first.id,
          strategicAlignment: 4,
          sustainability: 3,
          technologyReadiness: 5,
          marketPotential: 2,
          businessPotential: 4,
        },
      },
      {
        method: 'POST',
        url: COMMENTS,
        body: {
          opportunityId: first.id,
          howToBiggerBetter: '',
          challenges: 'Permits\nand grid',
          howToGetGoing: '',
          otherComments: '',
        },
      },
    ]);
    await waitFor(() =>
      expect(server.calls('GET', '/api/reviewer/opportunities').length).toBe(listGets + 1),
    );
    expect(server.calls('GET', `/api/reviewer/opportunities/${first.id}`).length).toBe(
      detailGets + 1,
    );
    await waitFor(() => expect(submitButton()).toHaveTextContent('Update Review'));
    expect(saveStatus()).toHaveTextContent('All changes saved');
    // An auto-save speaks through the save status only: no toast (issue 21).
    expect(within(toastRegion()).queryByText('Review Saved')).toBeNull();
    expect(
      localStorage.getItem(draftStorageKey({ userId: reviewerUser.id, opportunityId: first.id })),
    ).toBeNull();
  });

  it('does not auto-save while a score is missing', async () => {
    const { server } = await openDetail(first);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    clickScores(scores.slice(0, 4));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(server.calls('POST', REVIEWS)).toHaveLength(0);
    expect(saveStatus()).toHaveTextContent('Draft kept on this device');
  });

  it("reads 'Saving...' while a save runs; saves run one at a time and the latest input wins", async () => {
    const gates: Array<() => void> = [];
    const { server } = await openDetail(first, {
      intercept: (request) => {
        if (request.url !== REVIEWS) return undefined;
        return new Promise<undefined>((resolve) => {
          gates.push(() => resolve(undefined));
        });
      },
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    clickScores(scores);
    fireEvent.click(submitButton());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(server.calls('POST', REVIEWS)).toHaveLength(1);
    expect(submitButton()).toHaveTextContent('Saving...');
    expect(submitButton()).toBeDisabled();
    expect(saveStatus()).toHaveTextContent('Saving your review');

    // Two more edits, each auto-saved while the first save still runs.
    fireEvent.click(radio('Sustainability', 1));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    fireEvent.click(radio('Sustainability', 5));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(server.calls('POST', REVIEWS)).toHaveLength(1);

    gates.shift()!();
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(0));
    vi.useRealTimers();
    await waitFor(() => expect(server.calls('POST', REVIEWS)).toHaveLength(2));
    // The edit to 1 was replaced by the edit to 5 before it was sent.
    expect(
      server
        .calls('POST', REVIEWS)
        .map((r) => (r.body as { sustainability: number }).sustainability),
    ).toEqual([3, 5]);
    gates.shift()!();
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    expect(server.calls('POST', COMMENTS)).toHaveLength(2);
    expect(submitButton()).toHaveTextContent('Update Review');
  });

  it("shows 'Failed to Save' and offers Retry", async () => {
    let failures = 1;
    const { server } = await openDetail(first, {
      intercept: (request) => {
        if (request.url === REVIEWS && failures > 0) {
          failures -= 1;
          return { status: 500, body: { message: 'Database unavailable' } };
        }
        return undefined;
      },
    });
    const user = userEvent.setup();
    for (const [index, score] of scores.entries()) {
      await user.click(radio(CRITERIA[index]!.label, score));
    }
    await user.click(submitButton());
    expect(await within(toastRegion()).findByText('Failed to Save')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Database unavailable')).toBeInTheDocument();
    expect(server.calls('POST', COMMENTS)).toHaveLength(0);
    expect(saveStatus()).toHaveTextContent('Not saved: Database unavailable');
    // The work is still kept on this device.
    expect(
      localStorage.getItem(draftStorageKey({ userId: reviewerUser.id, opportunityId: first.id })),
    ).not.toBeNull();

    await user.click(within(saveStatus()).getByRole('button', { name: 'Retry' }));
    expect(await within(toastRegion()).findByText('Review Saved')).toBeInTheDocument();
    expect(server.calls('POST', REVIEWS)).toHaveLength(2);
    expect(server.calls('POST', COMMENTS)).toHaveLength(1);
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
  });
});

describe('never losing work', () => {
  it('restores partial scores and comments after a reload, per user and opportunity', async () => {
    const { app } = await openDetail(first);
    const user = userEvent.setup();
    await user.click(radio('Strategic Alignment', 2));
    await user.click(radio('Market Potential and Growth', 5));
    await user.type(screen.getByLabelText('How can we get this going?'), 'Pilot first');
    app.unmount();

    await openDetail(first);
    expect(screen.getByText(/Restored your unsaved changes/)).toBeInTheDocument();
    expect(radio('Strategic Alignment', 2)).toHaveAttribute('aria-checked', 'true');
    expect(radio('Market Potential and Growth', 5)).toHaveAttribute('aria-checked', 'true');
    expect(radio('Sustainability', 1)).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByLabelText('How can we get this going?')).toHaveValue('Pilot first');
    expect(submitButton()).toBeDisabled();
  });

  it('warns before the tab closes with unsaved changes', async () => {
    await openDetail(first);
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);

    await userEvent.setup().click(radio('Strategic Alignment', 2));
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('warns while a save has not reached the server, not once the server has answered', async () => {
    // Hold the review until released, and the refetch of the list that follows a save.
    let releaseReview: () => void = () => {};
    let releaseRefetch: () => void = () => {};
    let saved = false;
    const { server } = await openDetail(first, {
      intercept: (request) => {
        if (request.method === 'POST' && request.url === REVIEWS) {
          return new Promise<undefined>((resolve) => {
            releaseReview = () => resolve(undefined);
          });
        }
        if (saved && request.method === 'GET' && request.url === '/api/reviewer/opportunities') {
          return new Promise<undefined>((resolve) => {
            releaseRefetch = () => resolve(undefined);
          });
        }
        if (request.method === 'POST' && request.url === COMMENTS) saved = true;
        return undefined;
      },
    });
    const user = userEvent.setup();
    for (const [index, score] of scores.entries()) {
      await user.click(radio(CRITERIA[index]!.label, score));
    }
    await user.click(submitButton());
    await waitFor(() => expect(server.calls('POST', REVIEWS)).toHaveLength(1));
    const inFlight = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(inFlight);
    expect(inFlight.defaultPrevented).toBe(true);

    releaseReview();
    expect(await within(toastRegion()).findByText('Review Saved')).toBeInTheDocument();
    // The lists are still being refetched, but the review and comments are on the server.
    expect(submitButton()).toHaveTextContent('Saving...');
    const acknowledged = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(acknowledged);
    expect(acknowledged.defaultPrevented).toBe(false);
    releaseRefetch();
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
  });

  it('Next saves complete scores before moving; Previous and Next stop at the ends', async () => {
    const { server, app } = await openDetail(first);
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    for (const [index, score] of scores.entries()) {
      await user.click(radio(CRITERIA[index]!.label, score));
    }
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Offshore Parks' });
    expect(app.currentPath()).toBe(`/reviewer/opportunities/${middle.id}`);
    // The pager stays in place, so keyboard users keep their spot.
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(
      server.calls('POST', REVIEWS).map((r) => (r.body as { opportunityId: string }).opportunityId),
    ).toEqual([first.id]);
    expect(server.calls('POST', COMMENTS)).toHaveLength(1);
    // The new page starts empty.
    expect(radio('Strategic Alignment', 4)).toHaveAttribute('aria-checked', 'false');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Water Reuse' });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(server.calls('POST', REVIEWS)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('heading', { level: 1, name: 'Offshore Parks' });
  });

  it('leaving through Back saves complete unsaved work', async () => {
    const { server } = await openDetail(first);
    const user = userEvent.setup();
    for (const [index, score] of scores.entries()) {
      await user.click(radio(CRITERIA[index]!.label, score));
    }
    await user.click(screen.getByRole('link', { name: 'Back to Opportunities' }));
    await screen.findByRole('list', { name: 'Opportunities' });
    await waitFor(() => expect(server.calls('POST', COMMENTS)).toHaveLength(1));
    expect(server.calls('POST', REVIEWS)).toHaveLength(1);
  });
});
