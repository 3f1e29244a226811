import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { entry, panelOf, uuid } from '@web/features/decisions/test/decision-fixtures';
import { resultOpportunity, resultsOf } from '@web/features/results/test/results-fixtures';
import { fakeDiscussionServer, makePost, makeThread } from '@web/test/fake-discussion-server';
import { makeOpportunity, stubReviewerServer } from '@web/test/fake-reviewer-server';
import { adminUser, type FakeRequest, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

// Issue 36 where the pages compose it: the reviewer's detail and list, the decision page and
// Results. The panel itself is tested in web/features/discussions.

const discussion = () => screen.findByRole('region', { name: 'Discussion' });

describe("the reviewer's pages", () => {
  beforeAll(async () => {
    await import('@web/app/routes/reviewer/opportunity-detail-page');
    await import('@web/features/discussions/components/discussion-thread-panel');
  }, 30_000);

  const solar = makeOpportunity({ number: 7, title: 'Solar Roofs' });
  const wind = makeOpportunity({ number: 8, title: 'Offshore Parks' });
  const water = makeOpportunity({ number: 9, title: 'Water Reuse' });

  async function openDetail(threads: ReturnType<typeof makeThread>[]) {
    sessionStorage.setItem('hasAutoRedirected', 'true');
    const server = stubReviewerServer({
      opportunities: [solar, wind],
      discussion: fakeDiscussionServer({ threads }),
    });
    renderApp(`/reviewer/opportunities/${solar.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Solar Roofs' });
    return server;
  }

  it('shows the discussion below the review form, fetched after the page', async () => {
    const server = await openDetail([
      makeThread(solar.id, { posts: [makePost({ body: 'Worth a pilot' })] }),
    ]);
    const region = await discussion();
    expect(within(region).getByText('Worth a pilot')).toBeVisible();
    const form = screen.getByRole('button', { name: 'Submit Review' });
    expect(form.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const gets = server.requests.filter((r) => r.method === 'GET').map((r) => r.url);
    expect(gets.indexOf(`/api/opportunities/${solar.id}/discussion`)).toBeGreaterThan(
      gets.indexOf(`/api/reviewer/opportunities/${solar.id}`),
    );
  });

  it('shows nothing where the reviewer may not read the thread (404)', async () => {
    const server = await openDetail([]);
    await waitFor(() =>
      expect(server.calls('GET', `/api/opportunities/${solar.id}/discussion`)).toHaveLength(1),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Discussion' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Review' })).toBeVisible();
  });

  it('badges each card with its new posts, asked for after the list; none for none', async () => {
    sessionStorage.setItem('hasAutoRedirected', 'true');
    const server = stubReviewerServer({
      opportunities: [solar, wind, water],
      discussion: fakeDiscussionServer({
        threads: [makeThread(solar.id, { unread: 3 }), makeThread(wind.id, { unread: 1 })],
      }),
    });
    renderApp('/reviewer/opportunities');
    await screen.findByRole('list', { name: 'Opportunities' });
    const cardOf = (title: string) =>
      screen.getAllByTestId('opportunity-card').find((card) => card.textContent?.includes(title))!;
    await waitFor(() => expect(cardOf('Solar Roofs')).toHaveTextContent('3 new posts'));
    expect(within(cardOf('Solar Roofs')).getByTestId('new-posts-badge')).toBeVisible();
    expect(cardOf('Offshore Parks')).toHaveTextContent('1 new post');
    expect(within(cardOf('Water Reuse')).queryByTestId('new-posts-badge')).toBeNull();
    const gets = server.requests.filter((r) => r.method === 'GET').map((r) => r.url);
    expect(gets.indexOf('/api/discussions/unread')).toBeGreaterThan(
      gets.indexOf('/api/reviewer/opportunities'),
    );
  });

  it('leaves the list as it was when the unread call fails', async () => {
    sessionStorage.setItem('hasAutoRedirected', 'true');
    const server = stubReviewerServer({ opportunities: [solar, wind] });
    renderApp('/reviewer/opportunities');
    await screen.findByRole('list', { name: 'Opportunities' });
    await waitFor(() => expect(server.calls('GET', '/api/discussions/unread')).toHaveLength(1));
    expect(screen.queryByTestId('new-posts-badge')).toBeNull();
  });
});

describe("the admin's pages", () => {
  beforeAll(async () => {
    await import('@web/app/routes/admin/decision-page');
    await import('@web/app/routes/admin/results-page');
    await import('@web/features/discussions/components/discussion-thread-panel');
  }, 30_000);

  afterEach(() => {
    window.location.hash = '';
  });

  const id = uuid();

  function openDecision(thread: ReturnType<typeof makeThread> | null, panel = panelOf(id)) {
    const server = fakeDiscussionServer({ threads: thread ? [thread] : [], isAdmin: true });
    const requests = stubSession(adminUser, (request: FakeRequest) => {
      if (request.method === 'GET' && request.url === `/api/admin/opportunities/${id}/decision`) {
        return { status: 200, body: panel };
      }
      return server.handle(request);
    });
    renderApp(`/admin/results/decisions/${id}`);
    return requests;
  }

  const decisionCard = () => screen.findByRole('region', { name: 'Decision' });
  const useSummary = () => screen.queryByRole('button', { name: 'Use the discussion summary' });

  it('offers the resolved summary as the rationale while the rationale is empty', async () => {
    openDecision(
      makeThread(id, { state: 'resolved', summary: 'Pilot first.\nThen scale.', posts: [] }),
    );
    const card = await decisionCard();
    expect(await discussion()).toBeVisible();
    const user = userEvent.setup();
    const rationale = within(card).getByLabelText('Rationale (optional)');
    await waitFor(() => expect(useSummary()).toBeVisible());
    await user.click(useSummary()!);
    expect(rationale).toHaveValue('Pilot first.\nThen scale.');
    expect(rationale).toHaveFocus();
    expect(useSummary()).toBeNull();
    // Editable, and never replaced: emptied, it is offered again; typed into, it is not.
    await user.clear(rationale);
    expect(useSummary()).toBeVisible();
    await user.type(rationale, 'My own words');
    expect(useSummary()).toBeNull();
  });

  it('offers nothing while the discussion is open, or over a rationale already written', async () => {
    openDecision(makeThread(id, { posts: [makePost({ body: 'Still talking' })] }));
    await decisionCard();
    expect(await screen.findByText('Still talking')).toBeVisible();
    expect(useSummary()).toBeNull();
  });

  it('does not offer it over a saved draft with a rationale', async () => {
    openDecision(
      makeThread(id, { state: 'resolved', summary: 'Pilot first.' }),
      panelOf(id, { draft: entry({ opportunityId: id, number: 4, rationale: 'Already argued' }) }),
    );
    const card = await decisionCard();
    await discussion();
    expect(within(card).getByLabelText('Rationale (optional)')).toHaveValue('Already argued');
    expect(useSummary()).toBeNull();
  });

  it('lands on the discussion from a #discussion link', async () => {
    window.location.hash = '#discussion';
    openDecision(makeThread(id, { posts: [makePost({ body: 'Here' })] }));
    const region = await discussion();
    await screen.findByText('Here');
    await waitFor(() => expect(region).toHaveFocus());
    expect(region).toHaveAttribute('id', 'discussion');
  });

  it('shows on Results how many threads have new posts, and a badge by each title', async () => {
    const heat = resultOpportunity({ number: 1, title: 'Heat pumps' });
    const kites = resultOpportunity({ number: 2, title: 'Tidal kites' });
    const server = fakeDiscussionServer({
      threads: [makeThread(heat.id, { unread: 4 }), makeThread(kites.id, { unread: 0 })],
      isAdmin: true,
    });
    const requests = stubSession(adminUser, (request) =>
      request.url === '/api/admin/results'
        ? { status: 200, body: resultsOf({ opportunities: [heat, kites] }) }
        : server.handle(request),
    );
    renderApp('/admin/results');
    expect(await screen.findByText('1 thread with new posts')).toBeVisible();
    const table = await screen.findByRole('table', { name: /Opportunities ranked/ });
    const rows = within(table).getAllByTestId('ranking-row');
    const link = await within(rows[0]!).findByRole('link', { name: '4 new posts' });
    expect(link).toHaveAttribute('href', `/admin/results/decisions/${heat.id}#discussion`);
    // In the title's own cell: no column was added.
    expect(link.closest('th')).toHaveTextContent('Heat pumps');
    expect(rows[0]!.children).toHaveLength(rows[1]!.children.length);
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    const gets = requests.filter((r) => r.method === 'GET').map((r) => r.url);
    expect(gets.indexOf('/api/discussions/unread')).toBeGreaterThan(
      gets.indexOf('/api/admin/results'),
    );
  });
});
