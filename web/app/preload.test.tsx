import type { CurrentUser } from '@shared/auth-schemas';
import { screen, waitFor } from '@testing-library/react';
import {
  makeOpportunities,
  makeReviewers,
  stubAssignmentServer,
} from '@web/features/assignments/test/fake-assignment-server';
import { resultsOf } from '@web/features/results/test/results-fixtures';
import { createQueryClient } from '@web/lib/query-client';
import { makeOpportunity, stubReviewerServer } from '@web/test/fake-reviewer-server';
import { adminUser, type FakeRequest, stubServer, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it } from 'vitest';
import { preloadFirstPage } from './preload';
import { firstPageNeeds } from './router';

const gets = (requests: FakeRequest[]) =>
  requests.filter((r) => r.method === 'GET').map((r) => r.url);
const countOf = (urls: string[], url: string) => urls.filter((u) => u === url).length;

/**
 * Preloads `path` with nothing rendered, checks that its data was asked for at once, then renders
 * the page on the same client and checks that the page found it there: each GET happened once,
 * so the page's query keys are the ones firstPageNeeds lists.
 */
async function preloadThenRender(
  path: string,
  requests: FakeRequest[],
  expectedData: string[],
  shown: () => Promise<unknown>,
) {
  const queryClient = createQueryClient();
  preloadFirstPage(queryClient, firstPageNeeds(path));
  await waitFor(() => expect(gets(requests)).toEqual(['/api/auth/me', ...expectedData]));

  renderApp(path, { queryClient });
  await shown();
  const urls = gets(requests);
  for (const url of ['/api/auth/me', ...expectedData]) {
    expect(countOf(urls, url), `${url} in ${urls.join(', ')}`).toBe(1);
  }
}

describe('preloading the first page', () => {
  it("fetches a reviewer's opportunity and the list with the user, before the page asks", async () => {
    const opportunity = makeOpportunity({ number: 3, title: 'Tidal kites' });
    const { requests } = stubReviewerServer({
      opportunities: [makeOpportunity({ number: 1 }), opportunity],
    });
    await preloadThenRender(
      `/reviewer/opportunities/${opportunity.id}`,
      requests,
      [`/api/reviewer/opportunities/${opportunity.id}`, '/api/reviewer/opportunities'],
      () => screen.findByRole('heading', { level: 1, name: 'Tidal kites' }),
    );
  });

  it('fetches the reviewer list with the user', async () => {
    const { requests } = stubReviewerServer({
      opportunities: [makeOpportunity({ number: 1, title: 'Seaweed farms' })],
      lastOpportunityId: null,
    });
    await preloadThenRender(
      '/reviewer/opportunities',
      requests,
      ['/api/reviewer/opportunities'],
      () => screen.findByText('Seaweed farms'),
    );
  });

  it("fetches the admin dashboard's figures, top list and setting with the user", async () => {
    const requests = stubSession(adminUser, (request) => {
      if (request.url === '/api/admin/stats') {
        return {
          status: 200,
          body: {
            totalReviewers: 7,
            activeReviewers: 5,
            publishedOpportunities: 12,
            totalOpportunities: 20,
            totalReviews: 31,
            completionRate: 52,
          },
        };
      }
      if (request.url === '/api/admin/top-opportunities') return { status: 200, body: [] };
      const setting = /^\/api\/admin\/settings\/(\w+)$/.exec(request.url)?.[1];
      if (
        setting === 'show_reviewer_comments' ||
        setting === 'reviewer_comments_after_own_review'
      ) {
        return { status: 200, body: { key: setting, value: 'false' } };
      }
      if (setting === 'show_reviewer_names') {
        return { status: 200, body: { key: setting, value: 'true' } };
      }
      return undefined;
    });
    await preloadThenRender(
      '/admin/dashboard',
      requests,
      [
        '/api/admin/stats',
        '/api/admin/top-opportunities',
        '/api/admin/settings/show_reviewer_comments',
        // Issue 38: the two comment settings beside the spec's switch come with the rest.
        '/api/admin/settings/reviewer_comments_after_own_review',
        '/api/admin/settings/show_reviewer_names',
      ],
      async () => {
        await screen.findByText('31');
        await screen.findByText('No opportunities reviewed yet');
        await screen.findByRole('switch', { name: /Show reviewer names/i });
      },
    );
  });

  it('fetches the results (one call for the whole screen) with the user', async () => {
    const requests = stubSession(adminUser, (request) =>
      request.url === '/api/admin/results'
        ? { status: 200, body: resultsOf({ opportunities: [] }) }
        : undefined,
    );
    await preloadThenRender('/admin/results', requests, ['/api/admin/results'], () =>
      screen.findByRole('heading', { name: 'No reviews yet' }),
    );
  });

  it('fetches the assignments board, the review mode and the conflicts with the user', async () => {
    const { requests } = stubAssignmentServer({
      reviewers: makeReviewers(2),
      opportunities: makeOpportunities(2),
    });
    await preloadThenRender(
      '/admin/assignments',
      requests,
      ['/api/admin/settings/review_assignment', '/api/admin/assignments', '/api/admin/conflicts'],
      async () => {
        await screen.findByRole('grid', { name: 'Assignments' });
        await screen.findByRole('radio', { name: /^Open/ });
        await screen.findByText('No conflicts of interest declared');
      },
    );
  });

  it('fetches the reviewers list and the pending invitations with the user (issue 17)', async () => {
    const requests = stubSession(adminUser, (request) => {
      if (request.url === '/api/admin/reviewers') {
        return {
          status: 200,
          body: [
            {
              id: '20000000-0000-4000-8000-000000000001',
              name: 'Ada Active',
              email: 'ada@example.com',
              displayName: null,
              role: 'reviewer',
              isActive: true,
              lastLogin: null,
              createdAt: '2026-01-05T10:00:00.000Z',
              lastEmail: null,
            },
          ],
        };
      }
      if (request.url === '/api/admin/invitations') return { status: 200, body: [] };
      return undefined;
    });
    await preloadThenRender(
      '/admin/reviewers',
      requests,
      ['/api/admin/reviewers', '/api/admin/invitations'],
      () => screen.findByText('Ada Active'),
    );
  });

  it('fetches the opportunities list with the user (issue 17)', async () => {
    const requests = stubSession(adminUser, (request) =>
      request.url === '/api/admin/opportunities'
        ? {
            status: 200,
            body: [
              {
                id: '30000000-0000-4000-8000-000000000001',
                number: 7,
                title: 'Tidal kites',
                description: '',
                imageUrl: null,
                tags: [],
                batch: null,
                status: 'draft',
                createdAt: '2026-01-05T10:00:00.000Z',
                publishedAt: null,
              },
            ],
          }
        : undefined,
    );
    await preloadThenRender('/admin/opportunities', requests, ['/api/admin/opportunities'], () =>
      screen.findByText('Tidal kites'),
    );
  });

  it.each<[string, CurrentUser | null]>([
    ['a visitor', null],
    ['an admin', adminUser],
  ])('fetches no reviewer data for %s: only the user, who is then redirected', async (_, user) => {
    const requests = stubServer((request) =>
      request.url === '/api/auth/me'
        ? user
          ? { status: 200, body: user }
          : { status: 401, body: { message: 'Not signed in' } }
        : { status: 500, body: { message: 'must not be asked' } },
    );
    const queryClient = createQueryClient();
    preloadFirstPage(queryClient, firstPageNeeds('/reviewer/opportunities'));
    await waitFor(() =>
      expect(queryClient.getQueryState(['/api/auth/me'])?.status).not.toBe('pending'),
    );
    // Give a wrongly started data fetch the time to show up.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gets(requests)).toEqual(['/api/auth/me']);
  });

  it('has nothing to preload for the sign-in page, and code only for the other admin pages', () => {
    expect(firstPageNeeds('/login')).toBeUndefined();
    expect(firstPageNeeds('/admin/exports')).toMatchObject({ role: 'admin', data: [] });
    expect(firstPageNeeds('/reviewer/opportunities/a%20b')?.data[0]).toEqual([
      '/api/reviewer/opportunities',
      'a b',
    ]);
  });
});
