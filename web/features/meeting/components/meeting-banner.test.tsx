import type { MeetingView } from '@shared/discussion-schemas';
import { screen, waitFor } from '@testing-library/react';
import { makeOpportunity, stubReviewerServer } from '@web/test/fake-reviewer-server';
import type { FakeResponse } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { beforeAll, describe, expect, it } from 'vitest';
import { inactiveView, itemView, opportunity } from '../test/meeting-fixtures';

const BANNER = 'A panel meeting is in progress';

const activeView: MeetingView = {
  active: true,
  version: 3,
  position: 1,
  total: 4,
  now: itemView(opportunity({ number: 12, title: 'Tidal kites' })),
  next: null,
};

/** The reviewer's list, with GET /api/meeting answering `meeting`. */
function openList(meeting: FakeResponse) {
  const server = stubReviewerServer({
    opportunities: [makeOpportunity({ number: 1, title: 'Seaweed farms' })],
    lastOpportunityId: null,
    intercept: (request) => (request.url === '/api/meeting' ? meeting : undefined),
  });
  const { queryClient } = renderApp('/reviewer/opportunities');
  return { ...server, queryClient };
}

const getPaths = (server: ReturnType<typeof openList>) =>
  server.requests.filter((r) => r.method === 'GET').map((r) => r.url);

describe('the meeting banner on the reviewer list', () => {
  beforeAll(async () => {
    await import('@web/app/routes/reviewer/opportunities-page');
  }, 30_000);

  it('says a meeting is in progress and links to it, asked for after the list', async () => {
    const server = openList({ status: 200, body: activeView });
    const banner = await screen.findByRole('status', { name: BANNER });
    expect(screen.getByRole('link', { name: 'Join the meeting' })).toHaveAttribute(
      'href',
      '/reviewer/meeting',
    );
    expect(banner).toBeVisible();
    expect(await screen.findByText('Seaweed farms')).toBeVisible();
    const paths = getPaths(server);
    expect(paths.indexOf('/api/meeting')).toBeGreaterThan(
      paths.indexOf('/api/reviewer/opportunities'),
    );
  });

  it.each<[string, FakeResponse]>([
    ['no meeting runs', { status: 200, body: inactiveView() }],
    ['the meeting cannot be read', { status: 500, body: { message: 'Database unavailable' } }],
  ])('shows nothing when %s', async (_, meeting) => {
    const server = openList(meeting);
    await screen.findByText('Seaweed farms');
    // The answer has arrived: no banner was drawn from it.
    await waitFor(() =>
      expect(server.queryClient.getQueryState(['/api/meeting'])?.status).toBe(
        meeting.status === 200 ? 'success' : 'error',
      ),
    );
    expect(getPaths(server).filter((path) => path === '/api/meeting')).toHaveLength(1);
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Join the meeting' })).not.toBeInTheDocument();
  });
});
