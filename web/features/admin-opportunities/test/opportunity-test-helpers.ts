import type { AdminOpportunity } from '@shared/opportunity-schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, type FakeRequest, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';

/** Fixtures and helpers shared by the opportunities screen's test files. */

export const solar: AdminOpportunity = {
  id: '30000000-0000-4000-8000-000000000001',
  number: 3,
  title: 'Solar roofs',
  description: 'Panels on every roof',
  imageUrl: null,
  tags: ['energy', 'cities'],
  batch: 'Spring',
  status: 'published',
  createdAt: '2026-02-01T12:00:00.000Z',
  publishedAt: '2026-02-02T12:00:00.000Z',
};

export const water: AdminOpportunity = {
  ...solar,
  id: '30000000-0000-4000-8000-000000000002',
  number: 7,
  title: 'Water reuse',
  tags: [],
  batch: null,
  status: 'draft',
  publishedAt: null,
};

export type Answer = { status: number; body?: unknown } | undefined;

export function stubOpportunities(
  list: AdminOpportunity[],
  extra?: (r: FakeRequest) => Answer | Promise<Answer>,
) {
  return stubSession(adminUser, (request) => {
    const answer = extra?.(request);
    if (answer) return answer;
    if (request.method === 'GET' && request.url === '/api/admin/opportunities') {
      return { status: 200, body: list };
    }
    if (request.method === 'POST' && request.url === '/api/admin/opportunities') {
      return { status: 201, body: { ...water, ...(request.body as object) } };
    }
    if (request.method === 'PATCH') {
      const id = request.url.split('/').at(-1);
      const current = list.find((o) => o.id === id)!;
      return { status: 200, body: { ...current, ...(request.body as object) } };
    }
    return undefined;
  });
}

export function notifications() {
  // hidden: a modal dialog marks everything beside it aria-hidden, the toast region included.
  return screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });
}

export async function openScreen() {
  renderApp('/admin/opportunities');
  await screen.findByRole('heading', { name: 'Opportunities' });
}

export async function openCreateDialog() {
  const user = userEvent.setup({ applyAccept: false });
  await user.click((await screen.findAllByRole('button', { name: 'Add Opportunity' }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Create New Opportunity' });
  return { user, dialog };
}

export function png(name = 'picture.png', size = 2048, type = 'image/png') {
  return new File([new Uint8Array(size)], name, { type });
}
