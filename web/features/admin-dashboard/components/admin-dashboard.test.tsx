import type { DashboardStats, TopOpportunity } from '@shared/dashboard-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, type FakeRequest, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it } from 'vitest';

const stats: DashboardStats = {
  totalReviewers: 7,
  activeReviewers: 5,
  publishedOpportunities: 12,
  totalOpportunities: 20,
  totalReviews: 31,
  completionRate: 52,
};

const top: TopOpportunity[] = [
  {
    id: '10000000-0000-4000-8000-000000000001',
    number: 4,
    title: 'Solar roofs',
    reviewCount: 3,
    avgComposite: 4.3333,
  },
  {
    id: '10000000-0000-4000-8000-000000000002',
    number: 9,
    title: 'Water reuse',
    reviewCount: 1,
    avgComposite: 3.2,
  },
];

function stubDashboard(options: { top?: TopOpportunity[]; setting?: 'true' | 'false' } = {}) {
  let value = options.setting ?? 'false';
  return stubSession(adminUser, (request: FakeRequest) => {
    if (request.url === '/api/admin/stats') return { status: 200, body: stats };
    if (request.url === '/api/admin/top-opportunities') {
      return { status: 200, body: options.top ?? top };
    }
    if (request.url === '/api/admin/settings/show_reviewer_comments') {
      return { status: 200, body: { key: 'show_reviewer_comments', value } };
    }
    if (request.method === 'POST' && request.url === '/api/admin/settings') {
      value = (request.body as { value: 'true' | 'false' }).value;
      return { status: 200, body: request.body };
    }
    return undefined;
  });
}

function card(title: string) {
  return screen.getByTestId(`stat-${title}`);
}

describe('admin dashboard', () => {
  it('shows the four stat cards with their subtitles', async () => {
    stubDashboard();
    renderApp('/admin/dashboard');
    expect(await screen.findByText('31')).toBeInTheDocument();
    expect(card('Total Reviewers')).toHaveTextContent(/Total Reviewers\s*7\s*5 active/);
    expect(card('Opportunities')).toHaveTextContent(/Opportunities\s*12\s*20 total/);
    expect(card('Total Reviews')).toHaveTextContent(/Total Reviews\s*31/);
    expect(card('Completion Rate')).toHaveTextContent(/Completion Rate\s*52%/);
  });

  it('lists the top opportunities with rank, number, title, reviews and 2-decimal composite', async () => {
    stubDashboard();
    renderApp('/admin/dashboard');
    const list = await screen.findByRole('list', { name: 'Top opportunities' });
    expect(
      screen.getByRole('heading', { name: 'Top 5 Opportunities by Composite Score' }),
    ).toBeInTheDocument();
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/Rank 1\s*#4 Solar roofs\s*3 reviews\s*4\.33/);
    expect(rows[1]).toHaveTextContent(/Rank 2\s*#9 Water reuse\s*1 review\s*3\.20/);
    // A long title is cut to two lines on a narrow screen; the whole of it shows on hover.
    expect(within(rows[0]!).getByTitle('#4 Solar roofs')).toHaveTextContent('#4 Solar roofs');
  });

  it("says 'No opportunities reviewed yet' when nothing has been reviewed", async () => {
    stubDashboard({ top: [] });
    renderApp('/admin/dashboard');
    expect(await screen.findByText('No opportunities reviewed yet')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Top opportunities' })).not.toBeInTheDocument();
  });

  it('shows skeletons while the figures load', async () => {
    stubSession(adminUser, (request) =>
      request.url.startsWith('/api/admin/') ? new Promise(() => {}) : undefined,
    );
    renderApp('/admin/dashboard');
    expect(await screen.findByTestId('stat-cards-loading')).toBeInTheDocument();
    expect(screen.getByTestId('top-opportunities-loading')).toBeInTheDocument();
  });

  it('turns comment visibility on, refetches the setting and says so', async () => {
    const requests = stubDashboard({ setting: 'false' });
    renderApp('/admin/dashboard');
    const toggle = await screen.findByRole('switch', { name: 'Show Reviewer Comments' });
    expect(screen.getByText('Allow reviewers to see comments from other reviewers')).toBeVisible();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await userEvent.setup().click(toggle);

    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(await within(region).findByText('Settings Updated')).toBeInTheDocument();
    expect(
      within(region).getByText('Comment visibility setting has been changed'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/admin/settings',
        body: { key: 'show_reviewer_comments', value: 'true' },
      },
    ]);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    const settingReads = requests.filter(
      (r) => r.url === '/api/admin/settings/show_reviewer_comments',
    );
    expect(settingReads).toHaveLength(2);
  });

  it('shows an error with a retry when the figures cannot be loaded', async () => {
    let fails = true;
    stubSession(adminUser, (request) => {
      if (request.url === '/api/admin/stats') {
        return fails ? { status: 500, body: 'boom' } : { status: 200, body: stats };
      }
      if (request.url === '/api/admin/top-opportunities') return { status: 200, body: [] };
      return undefined;
    });
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Error Loading Dashboard')).toBeInTheDocument();
    fails = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('stat-Total Reviews')).toHaveTextContent('31');
  });
});
