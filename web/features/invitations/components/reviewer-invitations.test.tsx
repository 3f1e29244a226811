import type { AdminInvitation } from '@shared/invitation-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, type FakeRequest, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it } from 'vitest';

const ivy: AdminInvitation = {
  id: '30000000-0000-4000-8000-000000000001',
  email: 'ivy@example.com',
  name: 'Ivy Invitee',
  displayName: null,
  customMessage: null,
  invitedBy: { id: adminUser.id, name: adminUser.name },
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-03-08T10:00:00.000Z',
  isExpired: false,
};

const otto: AdminInvitation = {
  ...ivy,
  id: '30000000-0000-4000-8000-000000000002',
  email: 'otto@example.com',
  name: 'Otto Old',
  createdAt: '2026-01-01T10:00:00.000Z',
  expiresAt: '2026-01-08T10:00:00.000Z',
  isExpired: true,
};

type Answer = { status: number; body?: unknown } | undefined;

/** An admin session with no reviewers and `list` as the pending invitations. */
function stubInvitations(list: AdminInvitation[], extra?: (request: FakeRequest) => Answer) {
  let invitations = list;
  return stubSession(adminUser, (request) => {
    const answer = extra?.(request);
    if (answer) return answer;
    if (request.method === 'GET' && request.url === '/api/admin/reviewers') {
      return { status: 200, body: [] };
    }
    if (request.method === 'GET' && request.url === '/api/admin/invitations') {
      return { status: 200, body: invitations };
    }
    if (request.method === 'DELETE' && request.url.startsWith('/api/admin/invitations/')) {
      invitations = invitations.filter((i) => !request.url.endsWith(i.id));
      return { status: 200, body: { message: 'Invitation revoked' } };
    }
    return undefined;
  });
}

async function openScreen() {
  renderApp('/admin/reviewers');
  await screen.findByRole('heading', { name: 'Reviewers', level: 1 });
}

function notifications() {
  return screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });
}

async function openInviteDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Invite Reviewer' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Invite Reviewer' }) };
}

describe('invite reviewer dialog', () => {
  it('validates with the shared invitation schema before posting', async () => {
    const requests = stubInvitations([]);
    await openScreen();
    const { user, dialog } = await openInviteDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Invalid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Full Name')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByLabelText('Personal Message (optional)'));
    await user.paste('x'.repeat(2001));
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(
      await within(dialog).findByText('Message must be at most 2000 characters'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it("sends the invitation, toasts 'Invitation Sent' and lists it as pending", async () => {
    let sent = false;
    const requests = stubInvitations([], (request) => {
      if (request.method === 'POST' && request.url === '/api/admin/invitations') {
        sent = true;
        return { status: 201, body: ivy };
      }
      if (request.method === 'GET' && request.url === '/api/admin/invitations' && sent) {
        return { status: 200, body: [ivy] };
      }
      return undefined;
    });
    await openScreen();
    expect(await screen.findByText('No pending invitations')).toBeInTheDocument();
    const { user, dialog } = await openInviteDialog();
    await user.type(within(dialog).getByLabelText('Email'), ' ivy@example.com ');
    await user.type(within(dialog).getByLabelText('Full Name'), 'Ivy Invitee');
    await user.type(
      within(dialog).getByLabelText('Personal Message (optional)'),
      'Glad to have you',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    const region = notifications();
    expect(await within(region).findByText('Invitation Sent')).toBeInTheDocument();
    expect(within(region).getByText(/ivy@example\.com/)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      email: 'ivy@example.com',
      name: 'Ivy Invitee',
      displayName: null,
      customMessage: 'Glad to have you',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = await screen.findByRole('table', { name: 'Pending Invitations' });
    expect(within(table).getByText('ivy@example.com')).toBeInTheDocument();
  });

  it('shows the server message of a refused invitation (409) and keeps the dialog open', async () => {
    const message =
      'An invitation for this email is already pending. Resend it instead of inviting again.';
    stubInvitations([ivy], (request) =>
      request.method === 'POST' ? { status: 409, body: { message } } : undefined,
    );
    await openScreen();
    const { user, dialog } = await openInviteDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'ivy@example.com');
    await user.type(within(dialog).getByLabelText('Full Name'), 'Ivy Invitee');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    const region = notifications();
    expect(await within(region).findByText('Failed to Send Invitation')).toBeInTheDocument();
    expect(within(region).getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Invite Reviewer' })).toBeInTheDocument();
  });
});

describe('pending invitations', () => {
  it('lists email, name, invited and expiry dates, with Expired for a lapsed one', async () => {
    stubInvitations([ivy, otto]);
    await openScreen();
    const table = await screen.findByRole('table', { name: 'Pending Invitations' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Email', 'Name', 'Invited', 'Expires', 'Actions']);
    const [, ivyRow, ottoRow] = within(table).getAllByRole('row');
    expect(
      within(ivyRow!)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((c) => c.textContent),
    ).toEqual(['ivy@example.com', 'Ivy Invitee', 'Mar 1, 2026', 'Mar 8, 2026']);
    expect(within(ottoRow!).getAllByRole('cell')[3]).toHaveTextContent('Expired');
  });

  it('shows nothing while loading, then the empty state', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    stubSession(adminUser, (request) => {
      if (request.url === '/api/admin/reviewers') return { status: 200, body: [] };
      if (request.url === '/api/admin/invitations') {
        return new Promise((resolve) => {
          answer = resolve;
        });
      }
      return undefined;
    });
    await openScreen();
    await screen.findByRole('heading', { name: 'No Reviewers Yet' });
    expect(screen.queryByText('Pending Invitations')).not.toBeInTheDocument();
    answer({ status: 200, body: [] });
    expect(await screen.findByText('Pending Invitations')).toBeInTheDocument();
    expect(screen.getByText('No pending invitations')).toBeInTheDocument();
  });

  it('resends an invitation', async () => {
    const requests = stubInvitations([ivy], (request) =>
      request.url === `/api/admin/invitations/${ivy.id}/resend`
        ? { status: 200, body: { ...ivy, expiresAt: '2026-03-15T10:00:00.000Z' } }
        : undefined,
    );
    await openScreen();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Resend invitation to ivy@example.com' }),
    );
    const region = notifications();
    expect(await within(region).findByText('Invitation Resent')).toBeInTheDocument();
    expect(within(region).getByText('A new link was sent to ivy@example.com')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.endsWith('/resend')).map((r) => r.method)).toEqual([
      'POST',
    ]);
  });

  it('shows a failed resend with the server message', async () => {
    stubInvitations([ivy], (request) =>
      request.url.endsWith('/resend')
        ? { status: 404, body: { message: 'Invitation not found' } }
        : undefined,
    );
    await openScreen();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Resend invitation to ivy@example.com' }),
    );
    const region = notifications();
    expect(await within(region).findByText('Failed to Resend Invitation')).toBeInTheDocument();
    expect(within(region).getByText('Invitation not found')).toBeInTheDocument();
  });

  it('revokes only after confirmation', async () => {
    const requests = stubInvitations([ivy, otto]);
    await openScreen();
    const user = userEvent.setup();
    const revoke = await screen.findByRole('button', {
      name: 'Revoke invitation to ivy@example.com',
    });
    await user.click(revoke);
    let dialog = await screen.findByRole('alertdialog', { name: 'Revoke Invitation' });
    expect(dialog).toHaveTextContent('ivy@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await user.click(revoke);
    dialog = await screen.findByRole('alertdialog', { name: 'Revoke Invitation' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke Invitation' }));
    expect(await within(notifications()).findByText('Invitation Revoked')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      `/api/admin/invitations/${ivy.id}`,
    ]);
    await waitFor(() => expect(screen.queryByText('ivy@example.com')).not.toBeInTheDocument());
    expect(screen.getByText('otto@example.com')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
