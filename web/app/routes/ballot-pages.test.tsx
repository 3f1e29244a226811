import type { ReviewerBallot } from '@shared/ballot-schemas';
import { screen, waitFor } from '@testing-library/react';
import { candidate, reviewerBallot } from '@web/features/ballot/test/ballot-fixtures';
import { resultOpportunity, resultsOf } from '@web/features/results/test/results-fixtures';
import { createQueryClient } from '@web/lib/query-client';
import { makeOpportunity, stubReviewerServer } from '@web/test/fake-reviewer-server';
import { adminUser, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadFirstPage } from '../preload';
import { firstPageNeeds } from '../router';

// Issue 37 where the pages compose it: the way to the ballot from the reviewer's list and from
// Results and Decisions, and what a first visit of the ballot pages preloads. The pages
// themselves are tested in web/features/ballot.

const finalists = [candidate({ number: 3, title: 'Solar kiosks' })];

/** The reviewer's list, with GET /api/reviewer/ballot answering `ballot` (null: a failure). */
function openList(ballot: ReviewerBallot | null) {
  sessionStorage.setItem('hasAutoRedirected', 'true');
  const server = stubReviewerServer({
    opportunities: [makeOpportunity({ number: 1, title: 'Seaweed farms' })],
    lastOpportunityId: null,
    intercept: (request) =>
      request.url === '/api/reviewer/ballot'
        ? ballot
          ? { status: 200, body: ballot }
          : { status: 500, body: { message: 'Database unavailable' } }
        : undefined,
  });
  const { queryClient } = renderApp('/reviewer/opportunities');
  return { ...server, queryClient };
}

describe('the ballot banner on the reviewer list', () => {
  beforeAll(async () => {
    await import('@web/app/routes/reviewer/opportunities-page');
  }, 30_000);

  it('links to the ballot while it is open, asked for after the list', async () => {
    const server = openList(reviewerBallot({ candidates: finalists }));
    const link = await screen.findByRole('link', { name: 'Rank the finalists' });
    expect(link).toHaveAttribute('href', '/reviewer/ballot');
    expect(screen.getByRole('region', { name: 'The finalist ballot is open' })).toBeVisible();
    const gets = server.requests.filter((r) => r.method === 'GET').map((r) => r.url);
    expect(gets.indexOf('/api/reviewer/ballot')).toBeGreaterThan(
      gets.indexOf('/api/reviewer/opportunities'),
    );
  });

  it.each<[string, ReviewerBallot | null]>([
    ['the ballot is closed', reviewerBallot({ open: false, candidates: finalists })],
    ['the reviewer may not vote', reviewerBallot({ eligible: false, candidates: finalists })],
    ['there are no finalists', reviewerBallot()],
    ['the ballot cannot be read', null],
  ])('shows nothing when %s', async (_, ballot) => {
    const server = openList(ballot);
    await screen.findByText('Seaweed farms');
    await waitFor(() =>
      expect(server.queryClient.getQueryState(['/api/reviewer/ballot'])?.status).toBe(
        ballot ? 'success' : 'error',
      ),
    );
    expect(screen.queryByRole('link', { name: 'Rank the finalists' })).not.toBeInTheDocument();
    expect(screen.queryByText('The finalist ballot is open')).not.toBeInTheDocument();
  });
});

describe('the way to the admin ballot', () => {
  it('is linked from the Results header', async () => {
    stubSession(adminUser, (request) =>
      request.url === '/api/admin/results'
        ? {
            status: 200,
            body: resultsOf({ opportunities: [resultOpportunity({ number: 1, title: 'Heat' })] }),
          }
        : undefined,
    );
    renderApp('/admin/results');
    expect(await screen.findByRole('link', { name: 'Finalist ballot' })).toHaveAttribute(
      'href',
      '/admin/ballot',
    );
    expect(screen.getByRole('link', { name: 'Meeting' })).toBeVisible();
  });

  it('is linked from the Decisions page', async () => {
    stubSession(adminUser, (request) =>
      request.url === '/api/admin/decisions'
        ? { status: 200, body: { decisions: [], waitlist: [], acceptedCount: 0 } }
        : undefined,
    );
    renderApp('/admin/results/decisions');
    expect(await screen.findByRole('link', { name: 'Finalist ballot' })).toHaveAttribute(
      'href',
      '/admin/ballot',
    );
  });
});

describe('a first visit of the ballot pages', () => {
  it('preloads the count and the switch for the admin, the ballot for a reviewer', () => {
    expect(firstPageNeeds('/admin/ballot')).toMatchObject({
      role: 'admin',
      data: [['/api/admin/ballot/results'], ['/api/admin/settings', 'ballot_open']],
    });
    expect(firstPageNeeds('/reviewer/ballot')).toMatchObject({
      role: 'reviewer',
      data: [['/api/reviewer/ballot']],
    });
  });

  it("finds the reviewer's ballot in the cache: asked for once", async () => {
    const server = stubReviewerServer({
      opportunities: [],
      intercept: (request) =>
        request.url === '/api/reviewer/ballot'
          ? { status: 200, body: reviewerBallot({ candidates: finalists }) }
          : undefined,
    });
    const queryClient = createQueryClient();
    preloadFirstPage(queryClient, firstPageNeeds('/reviewer/ballot'));
    await waitFor(() =>
      expect(server.requests.map((r) => r.url)).toContain('/api/reviewer/ballot'),
    );
    renderApp('/reviewer/ballot', { queryClient });
    await screen.findByRole('button', { name: 'Rank #3 Solar kiosks' });
    expect(server.requests.filter((r) => r.url === '/api/reviewer/ballot')).toHaveLength(1);
  });

  it('finds the count and the setting in the cache: each asked for once', async () => {
    const requests = stubSession(adminUser, (request) => {
      if (request.url === '/api/admin/ballot/results') {
        return {
          status: 200,
          body: {
            open: false,
            electorate: 0,
            ballots: 0,
            voters: [],
            candidates: [],
            d: [],
            p: [],
            schulze: [],
            borda: [],
            scores: [],
            places: [],
            pairs: [],
            differences: [],
            winner: { clear: false, message: '' },
            resamples: 1000,
            level: 0.9,
          },
        };
      }
      if (request.url === '/api/admin/settings/ballot_open') {
        return { status: 200, body: { key: 'ballot_open', value: 'false' } };
      }
      return undefined;
    });
    const queryClient = createQueryClient();
    preloadFirstPage(queryClient, firstPageNeeds('/admin/ballot'));
    await waitFor(() =>
      expect(requests.map((r) => r.url)).toContain('/api/admin/settings/ballot_open'),
    );
    renderApp('/admin/ballot', { queryClient });
    await screen.findByRole('switch', { name: 'Voting open' });
    for (const url of ['/api/admin/ballot/results', '/api/admin/settings/ballot_open']) {
      expect(requests.filter((r) => r.url === url)).toHaveLength(1);
    }
  });
});
