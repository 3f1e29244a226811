import type { AdminReviewer } from '@shared/reviewer-admin-schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, type FakeRequest, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it, vi } from 'vitest';

const rita: AdminReviewer = {
  id: '20000000-0000-4000-8000-000000000001',
  name: 'Rita Reviewer',
  email: 'rita@example.com',
  displayName: null,
  role: 'reviewer',
  isActive: true,
  lastLogin: null,
  createdAt: '2026-01-05T10:00:00.000Z',
};

const sam: AdminReviewer = {
  ...rita,
  id: '20000000-0000-4000-8000-000000000002',
  name: 'Sam Scorer',
  email: 'sam@example.com',
  displayName: 'Sam',
  isActive: false,
  lastLogin: '2026-03-14T09:30:00.000Z',
};

type Extra = (request: FakeRequest) => { status: number; body?: unknown } | undefined;

function stubReviewers(list: AdminReviewer[], extra?: Extra) {
  let reviewers = list;
  return stubSession(adminUser, (request) => {
    const answer = extra?.(request);
    if (answer) return answer;
    if (request.method === 'GET' && request.url === '/api/admin/reviewers') {
      return { status: 200, body: reviewers };
    }
    if (request.method === 'DELETE') {
      reviewers = reviewers.filter((r) => !request.url.endsWith(r.id));
      return { status: 200, body: { message: 'Reviewer deleted' } };
    }
    return undefined;
  });
}

async function openScreen() {
  const app = renderApp('/admin/reviewers');
  await screen.findByRole('heading', { name: 'Reviewers' });
  return app;
}

function notifications() {
  // hidden: a modal dialog marks everything beside it aria-hidden, the toast region included.
  return screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });
}

async function openRowMenu(name: string) {
  // Advances the fake clock when a test has installed one (the 10 s toast test).
  const user = userEvent.setup({
    advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined),
  });
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  return { user, menu: await screen.findByRole('menu') };
}

describe('admin reviewers screen', () => {
  it('shows the table with dashes, badges and Never', async () => {
    stubReviewers([rita, sam]);
    await openScreen();
    expect(screen.getByText('Manage reviewer accounts and access')).toBeInTheDocument();
    await screen.findByText('Rita Reviewer');
    const table = screen.getByRole('table', { name: 'Reviewers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Display Name', 'Status', 'Last Login', 'Last Email', 'Actions']);
    const [, ritaRow, samRow] = within(table).getAllByRole('row');
    expect(
      within(ritaRow!)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((c) => c.textContent),
    ).toEqual(['Rita Reviewer', 'rita@example.com', '-No display name', 'Active', 'Never']);
    // The same mark as every empty cell, named for a screen reader.
    const noDisplayName = within(ritaRow!).getByText('No display name');
    expect(noDisplayName).toHaveClass('sr-only');
    expect(noDisplayName.previousSibling).toHaveTextContent(/^-$/);
    expect(
      within(samRow!)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((c) => c.textContent),
    ).toEqual(['Sam Scorer', 'sam@example.com', 'Sam', 'Inactive', 'Mar 14, 2026']);
  });

  it('shows 3 skeleton rows while loading and the empty state without reviewers', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    stubSession(adminUser, (request) =>
      request.url === '/api/admin/reviewers'
        ? new Promise((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    await openScreen();
    expect(await screen.findAllByTestId('reviewer-skeleton-row')).toHaveLength(3);
    answer({ status: 200, body: [] });
    expect(await screen.findByRole('heading', { name: 'No Reviewers Yet' })).toBeInTheDocument();
    expect(
      screen.getByText('Create your first reviewer account to start evaluating opportunities'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add Reviewer' })).toHaveLength(2);
  });

  it('validates the create form with the server schema before posting', async () => {
    const requests = stubReviewers([]);
    await openScreen();
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Add Reviewer' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create New Reviewer' });
    expect(within(dialog).getByLabelText('Initial Password')).toHaveAttribute(
      'placeholder',
      'Minimum 8 characters',
    );
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.type(within(dialog).getByLabelText('Initial Password'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Create Reviewer' }));

    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Full Name')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('creates a reviewer with an empty display name as none', async () => {
    const requests = stubReviewers([], (request) =>
      request.method === 'POST' && request.url === '/api/admin/reviewers'
        ? { status: 201, body: { ...rita, name: 'Nora New' } }
        : undefined,
    );
    await openScreen();
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Add Reviewer' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create New Reviewer' });
    await user.type(within(dialog).getByLabelText('Full Name'), ' Nora New ');
    await user.type(within(dialog).getByLabelText('Email'), 'nora@example.com');
    await user.type(within(dialog).getByLabelText('Initial Password'), 'long-enough');
    await user.click(within(dialog).getByRole('button', { name: 'Create Reviewer' }));

    expect(await within(notifications()).findByText('Reviewer Created')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Nora New',
      email: 'nora@example.com',
      displayName: null,
      password: 'long-enough',
      role: 'reviewer',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows 'Failed to Create Reviewer' with the server's message", async () => {
    stubReviewers([], (request) =>
      request.method === 'POST'
        ? { status: 409, body: { message: 'A user with this email already exists' } }
        : undefined,
    );
    await openScreen();
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Add Reviewer' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create New Reviewer' });
    await user.type(within(dialog).getByLabelText('Full Name'), 'Rita');
    await user.type(within(dialog).getByLabelText('Email'), 'rita@example.com');
    await user.type(within(dialog).getByLabelText('Initial Password'), 'long-enough');
    await user.click(within(dialog).getByRole('button', { name: 'Create Reviewer' }));
    const region = notifications();
    expect(await within(region).findByText('Failed to Create Reviewer')).toBeInTheDocument();
    expect(within(region).getByText('A user with this email already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create New Reviewer' })).toBeInTheDocument();
  });

  it('resets a password after a confirmation and shows the temporary password in a 10 s toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const requests = stubReviewers([rita], (request) =>
      request.url === `/api/admin/reviewers/${rita.id}/reset-password`
        ? { status: 200, body: { tempPassword: 'Tmp-4xY9-pQ2z' } }
        : undefined,
    );
    await openScreen();
    let { user, menu } = await openRowMenu('Rita Reviewer');
    await user.click(within(menu).getByRole('menuitem', { name: 'Reset Password' }));
    // Nothing changes before the admin confirms, and Cancel changes nothing.
    let dialog = await screen.findByRole('alertdialog', { name: 'Reset Password' });
    expect(dialog).toHaveTextContent('Reset the password of Rita Reviewer?');
    expect(dialog).toHaveTextContent('A new temporary password replaces the current one at once.');
    expect(dialog).toHaveTextContent('It is shown to you once, for 10 seconds');
    expect(dialog).toHaveTextContent('Rita Reviewer is signed out everywhere');
    expect(requests.filter((r) => r.url.endsWith('/reset-password'))).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.url.endsWith('/reset-password'))).toEqual([]);

    ({ user, menu } = await openRowMenu('Rita Reviewer'));
    await user.click(within(menu).getByRole('menuitem', { name: 'Reset Password' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Reset Password' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    const region = notifications();
    expect(await within(region).findByText('Password Reset')).toBeInTheDocument();
    expect(within(region).getByText(/Tmp-4xY9-pQ2z/)).toBeInTheDocument();
    expect(requests.find((r) => r.url.endsWith('/reset-password'))?.method).toBe('POST');

    // Twice the usual 5 s: still there after 9 s, gone after 10 s.
    act(() => vi.advanceTimersByTime(9000));
    expect(within(region).getByText(/Tmp-4xY9-pQ2z/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1500));
    expect(within(region).queryByText(/Tmp-4xY9-pQ2z/)).not.toBeInTheDocument();
  });

  it('sets a password (6+ characters) through its dialog', async () => {
    const requests = stubReviewers([rita], (request) =>
      request.url.endsWith('/set-password')
        ? { status: 200, body: { message: 'Password updated' } }
        : undefined,
    );
    await openScreen();
    const { user, menu } = await openRowMenu('Rita Reviewer');
    await user.click(within(menu).getByRole('menuitem', { name: 'Set Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Password' });
    expect(within(dialog).getByText('Set a new password for Rita Reviewer')).toBeInTheDocument();
    const field = within(dialog).getByLabelText('New Password');
    expect(field).toHaveAttribute('placeholder', 'min 6 characters');
    await user.type(field, '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Set Password' }));
    expect(
      await within(dialog).findByText('Password must be at least 6 characters'),
    ).toBeInTheDocument();
    await user.type(field, '6');
    await user.click(within(dialog).getByRole('button', { name: 'Set Password' }));
    expect(await within(notifications()).findByText('Password Updated')).toBeInTheDocument();
    expect(requests.find((r) => r.url.endsWith('/set-password'))?.body).toEqual({
      password: '123456',
    });
  });

  it('deactivates with the inverse of the current state', async () => {
    const requests = stubReviewers([rita], (request) =>
      request.method === 'PATCH' ? { status: 200, body: { ...rita, isActive: false } } : undefined,
    );
    await openScreen();
    const { user, menu } = await openRowMenu('Rita Reviewer');
    await user.click(within(menu).getByRole('menuitem', { name: 'Deactivate' }));
    expect(await within(notifications()).findByText('Reviewer Updated')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: `/api/admin/reviewers/${rita.id}`,
      body: { isActive: false },
    });
  });

  it('asks for confirmation before deleting, listing what is removed', async () => {
    const requests = stubReviewers([rita, sam]);
    await openScreen();
    let { user, menu } = await openRowMenu('Sam Scorer');
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete Reviewer' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Sam Scorer');
    expect(within(dialog).getByText('The reviewer account')).toBeInTheDocument();
    expect(within(dialog).getByText('All their reviews and scores')).toBeInTheDocument();
    expect(within(dialog).getByText('All their comments')).toBeInTheDocument();
    expect(within(dialog).getByText('This action cannot be undone.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    ({ user, menu } = await openRowMenu('Sam Scorer'));
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete Reviewer' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Reviewer' }));
    expect(await within(notifications()).findByText('Reviewer Deleted')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      `/api/admin/reviewers/${sam.id}`,
    ]);
    await waitFor(() => expect(screen.queryByText('Sam Scorer')).not.toBeInTheDocument());
    expect(screen.getByText('Rita Reviewer')).toBeInTheDocument();
  });

  it("moves the focus to the neighbouring row's actions after a delete (issue 38)", async () => {
    stubReviewers([rita, sam]);
    await openScreen();
    const { user, menu } = await openRowMenu('Sam Scorer');
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete Reviewer' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Reviewer' }));
    await waitFor(() => expect(screen.queryByText('Sam Scorer')).not.toBeInTheDocument());
    // Sam's was the last row: the row above takes the focus, not the page's body.
    expect(screen.getByRole('button', { name: 'Actions for Rita Reviewer' })).toHaveFocus();
  });

  it("shows 'Failed to Delete Reviewer' with the server's message", async () => {
    stubReviewers([rita], (request) =>
      request.method === 'DELETE'
        ? { status: 404, body: { message: 'Reviewer not found' } }
        : undefined,
    );
    await openScreen();
    const { user, menu } = await openRowMenu('Rita Reviewer');
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete Reviewer' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Reviewer' }));
    const region = notifications();
    expect(await within(region).findByText('Failed to Delete Reviewer')).toBeInTheDocument();
    expect(within(region).getByText('Reviewer not found')).toBeInTheDocument();
  });

  it('shows the type and status of the last email, the error of a failed one, a dash for none', async () => {
    const failure = '550 5.1.1 Mailbox unknown';
    stubReviewers([
      {
        ...rita,
        lastEmail: {
          type: 'invitation',
          status: 'sent',
          createdAt: '2026-03-01T10:00:00.000Z',
          sentAt: '2026-03-01T10:00:05.000Z',
          errorMessage: null,
        },
      },
      {
        ...sam,
        lastEmail: {
          type: 'review_reminder',
          status: 'failed',
          createdAt: '2026-03-02T10:00:00.000Z',
          sentAt: null,
          errorMessage: failure,
        },
      },
      {
        ...rita,
        id: '20000000-0000-4000-8000-000000000003',
        name: 'Nia New',
        email: 'nia@example.com',
        lastEmail: {
          type: 'new_opportunity',
          status: 'pending',
          createdAt: '2026-03-03T10:00:00.000Z',
          sentAt: null,
          errorMessage: null,
        },
      },
      { ...rita, id: '20000000-0000-4000-8000-000000000004', name: 'Quiet', lastEmail: null },
    ]);
    await openScreen();
    await screen.findByText('Rita Reviewer');
    const table = screen.getByRole('table', { name: 'Reviewers' });
    const lastEmailOf = (name: string) =>
      within(within(table).getByText(name).closest('tr')!).getAllByRole('cell')[5]!;
    expect(lastEmailOf('Rita Reviewer')).toHaveTextContent(/^Invitation · Sent$/);
    expect(lastEmailOf('Nia New')).toHaveTextContent(/^New Opportunity · Pending$/);
    expect(lastEmailOf('Quiet')).toHaveTextContent(/^-No email yet$/);
    const failed = lastEmailOf('Sam Scorer');
    expect(within(failed).getByText('Reminder · Failed')).toBeInTheDocument();
    expect(within(failed).getByText(failure)).toHaveAttribute('title', failure);
  });

  it('sends reminders, says how many were queued and refreshes the table', async () => {
    let reminded = false;
    const requests = stubReviewers([rita], (request) => {
      if (request.url === '/api/admin/reviewers/send-reminders') {
        reminded = true;
        return { status: 200, body: { queued: 3 } };
      }
      if (request.method === 'GET' && request.url === '/api/admin/reviewers' && reminded) {
        const lastEmail = {
          type: 'review_reminder',
          status: 'pending',
          createdAt: '2026-03-03T10:00:00.000Z',
          sentAt: null,
          errorMessage: null,
        };
        return { status: 200, body: [{ ...rita, lastEmail }] };
      }
      return undefined;
    });
    await openScreen();
    await screen.findByText('Rita Reviewer');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send Reminders' }));
    const region = notifications();
    expect(await within(region).findByText('Reminders Sent')).toBeInTheDocument();
    expect(within(region).getByText('3 reminders queued')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.endsWith('/send-reminders')).map((r) => r.method)).toEqual([
      'POST',
    ]);
    expect(await screen.findByText('Reminder · Pending')).toBeInTheDocument();
  });

  it('says when no reminder was needed, and shows a failure with the server message', async () => {
    let answer: { status: number; body: unknown } = { status: 200, body: { queued: 0 } };
    stubReviewers([rita], (request) =>
      request.url === '/api/admin/reviewers/send-reminders' ? answer : undefined,
    );
    await openScreen();
    await screen.findByText('Rita Reviewer');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send Reminders' }));
    const region = notifications();
    expect(
      await within(region).findByText('No reviewer has opportunities left to review'),
    ).toBeInTheDocument();
    answer = { status: 503, body: { message: 'Database unavailable' } };
    await user.click(screen.getByRole('button', { name: 'Send Reminders' }));
    expect(await within(region).findByText('Failed to Send Reminders')).toBeInTheDocument();
    expect(within(region).getByText('Database unavailable')).toBeInTheDocument();
  });
});
