import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeOpportunity, stubReviewerServer } from '@web/test/fake-reviewer-server';
import { reviewerUser, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it } from 'vitest';

const solar = makeOpportunity({
  number: 1,
  title: 'Solar Roofs',
  description: 'Panels on every roof',
  imageUrl: '/api/images/solar',
  tags: ['energy', 'housing', 'solar', 'fourth tag'],
});
const wind = makeOpportunity({
  number: 2,
  title: 'Offshore Parks',
  description: 'Wind turbines at sea',
  reviewStatus: 'done',
  userReview: {
    composite: '3.4000',
    strategicAlignment: 3,
    sustainability: 4,
    technologyReadiness: 3,
    marketPotential: 4,
    businessPotential: 3,
  },
});
const water = makeOpportunity({ number: 3, title: 'Water Reuse', reviewStatus: 'in_progress' });

async function openList(options: Parameters<typeof stubReviewerServer>[0]) {
  sessionStorage.setItem('hasAutoRedirected', 'true');
  const server = stubReviewerServer(options);
  const app = renderApp('/reviewer/opportunities');
  await screen.findByRole('list', { name: 'Opportunities' });
  return { app, server };
}

const cards = () => screen.queryAllByTestId('opportunity-card');

describe('reviewer opportunity list', () => {
  it('shows 6 skeletons while loading, then the count and one card per opportunity', async () => {
    sessionStorage.setItem('hasAutoRedirected', 'true');
    let answer: (value: undefined) => void = () => {};
    const gate = new Promise((resolve) => {
      answer = resolve;
    });
    stubReviewerServer({
      opportunities: [solar, wind, water],
      intercept: async (request) => {
        if (request.url === '/api/reviewer/opportunities') await gate;
      },
    });
    renderApp('/reviewer/opportunities');
    await screen.findByRole('status', { name: 'Loading opportunities' });
    expect(screen.getAllByTestId('opportunity-skeleton')).toHaveLength(6);
    answer(undefined);

    expect(await screen.findByText('3 opportunities available for review')).toBeInTheDocument();
    expect(screen.queryByTestId('opportunity-skeleton')).toBeNull();
    expect(cards()).toHaveLength(3);
  });

  it('shows number, title, status, description, image, up to 3 tags and the own score', async () => {
    await openList({ opportunities: [solar, wind, water] });
    const [first, second, third] = cards();
    expect(first).toHaveAttribute('href', `/reviewer/opportunities/${solar.id}`);
    expect(within(first!).getByText('#1')).toBeInTheDocument();
    expect(within(first!).getByRole('heading', { name: 'Solar Roofs' })).toBeInTheDocument();
    expect(within(first!).getByText('Not Started')).toBeInTheDocument();
    expect(within(first!).getByText('Panels on every roof')).toBeInTheDocument();
    expect(first!.querySelector('img')).toHaveAttribute('src', '/api/images/solar?w=640');
    expect(first!.querySelector('img')?.getAttribute('srcset')).toContain(
      '/api/images/solar?w=320 320w',
    );
    const tags = within(within(first!).getByRole('list', { name: 'Tags' })).getAllByRole(
      'listitem',
    );
    expect(tags.map((t) => t.textContent)).toEqual(['energy', 'housing', 'solar']);
    expect(within(first!).queryByText('Your Score')).toBeNull();

    expect(within(second!).getByText('Done')).toBeInTheDocument();
    expect(within(second!).getByText('Your Score')).toBeInTheDocument();
    expect(within(second!).getByTestId('your-score')).toHaveTextContent('3.40');
    expect(within(third!).getByText('In Progress')).toBeInTheDocument();
  });

  it("the header's search filters title and description without case", async () => {
    await openList({ opportunities: [solar, wind, water] });
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Search opportunities' });
    await user.type(search, 'SOLAR');
    expect(cards()).toHaveLength(1);
    expect(cards()[0]).toHaveTextContent('Solar Roofs');

    await user.clear(search);
    await user.type(search, 'turbines');
    expect(cards()).toHaveLength(1);
    expect(cards()[0]).toHaveTextContent('Offshore Parks');
    // The list's own box (for phones) shows and edits the same text.
    expect(screen.getByRole('searchbox', { name: 'Search by title or description' })).toHaveValue(
      'turbines',
    );

    await user.type(search, 'zzz');
    expect(cards()).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'No Opportunities Found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filters')).toBeInTheDocument();
    // The count is of all opportunities, not of the shown ones.
    expect(screen.getByText('3 opportunities available for review')).toBeInTheDocument();
  });

  it('filters by status', async () => {
    await openList({ opportunities: [solar, wind, water] });
    const user = userEvent.setup();
    const select = screen.getByRole('combobox', { name: 'Filter by status' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Status', 'Not Started', 'In Progress', 'Done']);
    await user.selectOptions(select, 'Done');
    expect(cards().map((c) => c.querySelector('h2')?.textContent)).toEqual(['Offshore Parks']);
    await user.selectOptions(select, 'In Progress');
    expect(cards().map((c) => c.querySelector('h2')?.textContent)).toEqual(['Water Reuse']);
    await user.selectOptions(select, 'Not Started');
    expect(cards().map((c) => c.querySelector('h2')?.textContent)).toEqual(['Solar Roofs']);
    await user.selectOptions(select, 'All Status');
    expect(cards()).toHaveLength(3);
  });

  it('keeps the status filter and layout when the reviewer comes back from an opportunity', async () => {
    await openList({ opportunities: [solar, wind, water] });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'Done');
    await user.click(screen.getByRole('button', { name: 'List view' }));
    await user.click(cards()[0]!);
    await screen.findByRole('heading', { level: 1, name: 'Offshore Parks' });
    await user.click(screen.getByRole('link', { name: 'Back to Opportunities' }));
    await screen.findByRole('list', { name: 'Opportunities' });
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('done');
    expect(screen.getByRole('list', { name: 'Opportunities' })).toHaveAttribute(
      'data-layout',
      'list',
    );
    expect(cards()).toHaveLength(1);
  });

  it('switches between grid and list layout', async () => {
    await openList({ opportunities: [solar] });
    const user = userEvent.setup();
    const list = screen.getByRole('list', { name: 'Opportunities' });
    expect(list).toHaveAttribute('data-layout', 'grid');
    expect(screen.getByRole('button', { name: 'Grid view' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(list).toHaveAttribute('data-layout', 'list');
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says when nothing is published yet', async () => {
    sessionStorage.setItem('hasAutoRedirected', 'true');
    stubReviewerServer({ opportunities: [] });
    renderApp('/reviewer/opportunities');
    expect(
      await screen.findByRole('heading', { name: 'No Opportunities Yet' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Opportunities will appear here once published by administrators'),
    ).toBeInTheDocument();
    expect(screen.getByText('0 opportunities available for review')).toBeInTheDocument();
  });

  it("says that nothing is assigned yet in 'assigned' mode", async () => {
    sessionStorage.setItem('hasAutoRedirected', 'true');
    stubReviewerServer({ opportunities: [], mode: 'assigned' });
    renderApp('/reviewer/opportunities');
    expect(
      await screen.findByRole('heading', { name: 'Nothing Assigned to You Yet' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Opportunities will appear here once administrators assign them to you'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/once published by administrators/)).not.toBeInTheDocument();
  });
});

describe('redirect to the last viewed opportunity', () => {
  it('happens once per browser session when it is listed and not done', async () => {
    const { calls } = stubReviewerServer({
      opportunities: [solar, wind, water],
      lastOpportunityId: water.id,
    });
    const app = renderApp('/reviewer/opportunities');
    await waitFor(() => expect(app.currentPath()).toBe(`/reviewer/opportunities/${water.id}`));
    expect(sessionStorage.getItem('hasAutoRedirected')).toBe('true');
    expect(calls('GET', '/api/reviewer/viewer-state')).toHaveLength(1);

    await screen.findByRole('heading', { name: 'Water Reuse' });
    await userEvent.setup().click(screen.getByRole('link', { name: /Back to Opportunities/ }));
    await screen.findByRole('list', { name: 'Opportunities' });
    expect(app.currentPath()).toBe('/reviewer/opportunities');
  });

  it('does not happen for a done opportunity, and is then not tried again', async () => {
    const { calls } = stubReviewerServer({
      opportunities: [solar, wind],
      lastOpportunityId: wind.id,
    });
    const app = renderApp('/reviewer/opportunities');
    await screen.findByRole('list', { name: 'Opportunities' });
    await waitFor(() => expect(sessionStorage.getItem('hasAutoRedirected')).toBe('true'));
    expect(app.currentPath()).toBe('/reviewer/opportunities');
    expect(calls('GET', '/api/reviewer/viewer-state')).toHaveLength(1);
  });

  it('shows skeletons, not the list, until it has decided', async () => {
    let answer: (value: undefined) => void = () => {};
    const gate = new Promise<undefined>((resolve) => {
      answer = resolve;
    });
    const { calls } = stubReviewerServer({
      opportunities: [solar, water],
      lastOpportunityId: null,
      intercept: async (request) => {
        if (request.url === '/api/reviewer/viewer-state') await gate;
        return undefined;
      },
    });
    renderApp('/reviewer/opportunities');
    await screen.findByText('2 opportunities available for review');
    await waitFor(() => expect(calls('GET', '/api/reviewer/viewer-state')).toHaveLength(1));
    expect(screen.getAllByTestId('opportunity-skeleton')).toHaveLength(6);
    expect(cards()).toHaveLength(0);
    answer(undefined);
    await screen.findByRole('list', { name: 'Opportunities' });
    expect(cards()).toHaveLength(2);
  });

  it('does not ask once the session flag is set', async () => {
    const {
      server: { calls },
    } = await openList({
      opportunities: [solar, water],
      lastOpportunityId: water.id,
    });
    expect(calls('GET', '/api/reviewer/viewer-state')).toHaveLength(0);
    expect(cards()).toHaveLength(2);
  });
});

it('keeps the heading when the list cannot load', async () => {
  stubSession(reviewerUser);
  sessionStorage.setItem('hasAutoRedirected', 'true');
  renderApp('/reviewer/opportunities');
  expect(await screen.findByRole('heading', { name: 'Opportunities' })).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
});
