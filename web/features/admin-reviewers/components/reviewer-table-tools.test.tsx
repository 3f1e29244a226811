import type { AdminReviewer } from '@shared/reviewer-admin-schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, type FakeRequest, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it } from 'vitest';

const base: AdminReviewer = {
  id: '20000000-0000-4000-8000-000000000001',
  name: 'Ada Active',
  email: 'ada@example.com',
  displayName: 'Ada',
  role: 'reviewer',
  isActive: true,
  lastLogin: '2026-03-01T09:00:00.000Z',
  createdAt: '2026-01-05T10:00:00.000Z',
  lastEmail: null,
};
const ben: AdminReviewer = {
  ...base,
  id: '20000000-0000-4000-8000-000000000002',
  name: 'Ben Benched',
  email: 'ben@panel.org',
  displayName: null,
  isActive: false,
  lastLogin: null,
};
const cleo: AdminReviewer = {
  ...base,
  id: '20000000-0000-4000-8000-000000000003',
  name: 'Cleo Current',
  email: 'cleo@example.com',
  displayName: 'Cleo',
  lastLogin: '2026-03-20T09:00:00.000Z',
};

type Extra = (request: FakeRequest) => { status: number; body?: unknown } | undefined;

async function openWithThree(extra?: Extra) {
  const requests = stubSession(adminUser, (request) => {
    const answer = extra?.(request);
    if (answer) return answer;
    if (request.method === 'GET' && request.url === '/api/admin/reviewers') {
      return { status: 200, body: [base, ben, cleo] };
    }
    return undefined;
  });
  renderApp('/admin/reviewers');
  await screen.findByText('Ada Active');
  return { requests, user: userEvent.setup() };
}

const namesShown = () =>
  within(screen.getByRole('table', { name: 'Reviewers' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

const notifications = () =>
  screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });

describe('reviewers table: search, filter, sort', () => {
  it('searches name, email and display name, and filters Active or Inactive', async () => {
    const { user } = await openWithThree();
    const search = screen.getByRole('searchbox', { name: 'Search reviewers' });
    await user.type(search, 'panel.org');
    expect(namesShown()).toEqual(['Ben Benched']);
    await user.clear(search);
    await user.type(search, 'cleo');
    expect(namesShown()).toEqual(['Cleo Current']);
    await user.clear(search);

    const filter = screen.getByLabelText('Status');
    await user.selectOptions(filter, 'Inactive');
    expect(namesShown()).toEqual(['Ben Benched']);
    await user.selectOptions(filter, 'Active');
    expect(namesShown()).toEqual(['Ada Active', 'Cleo Current']);
    expect(screen.getByRole('status')).toHaveTextContent('2 of 3 shown');
  });

  it('sorts by status and last login, never-signed-in last', async () => {
    const { user } = await openWithThree();
    const table = screen.getByRole('table', { name: 'Reviewers' });
    const sortBy = (name: string) =>
      user.click(within(within(table).getByRole('columnheader', { name })).getByRole('button'));
    await sortBy('Status');
    expect(namesShown()).toEqual(['Ada Active', 'Cleo Current', 'Ben Benched']);
    await sortBy('Last Login');
    expect(namesShown()).toEqual(['Ada Active', 'Cleo Current', 'Ben Benched']);
    await sortBy('Last Login');
    expect(within(table).getByRole('columnheader', { name: 'Last Login' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(namesShown()).toEqual(['Cleo Current', 'Ada Active', 'Ben Benched']);
  });
});

describe('reviewers table: bulk actions', () => {
  it('deactivates the checked reviewers in one call and reports what changed', async () => {
    const { requests, user } = await openWithThree((request) =>
      request.url === '/api/admin/reviewers/bulk-active'
        ? {
            status: 200,
            body: { isActive: false, changed: [{ ...base, isActive: false }], unchanged: [ben] },
          }
        : undefined,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select Ada Active' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ben Benched' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions on reviewers' });
    expect(bar).toHaveTextContent('2 selected');
    await user.click(within(bar).getByRole('button', { name: 'Deactivate' }));
    expect(await within(notifications()).findByText('1 reviewer deactivated')).toBeInTheDocument();
    expect(
      within(notifications()).getByText('1 reviewer was already inactive'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/admin/reviewers/bulk-active',
        body: { ids: [base.id, ben.id], isActive: false },
      },
    ]);
    expect(
      screen.queryByRole('region', { name: 'Bulk actions on reviewers' }),
    ).not.toBeInTheDocument();
  });

  it("keeps the checks after a refusal and shows the server's message", async () => {
    const message = `Reviewer not found: ${ben.id}`;
    const { user } = await openWithThree((request) =>
      request.url === '/api/admin/reviewers/bulk-active'
        ? { status: 404, body: { message } }
        : undefined,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select all shown reviewers' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions on reviewers' });
    await user.click(within(bar).getByRole('button', { name: 'Activate' }));
    expect(await within(notifications()).findByText('Nothing Changed')).toBeInTheDocument();
    expect(within(notifications()).getByText(message)).toBeInTheDocument();
    expect(bar).toHaveTextContent('3 selected');
  });
});
