import type { CurrentUser } from '@shared/auth-schemas';
import type { PublicInvitation } from '@shared/invitation-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, type FakeRequest, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it } from 'vitest';

const token = 'tok_abc-123';
const linkUrl = `/api/invitations/${token}`;

const invitation: PublicInvitation = {
  email: 'ivy@example.com',
  name: 'Ivy Invitee',
  displayName: 'Ivy',
  invitedByName: 'Ada Lovelace',
  expiresAt: '2026-03-08T10:00:00.000Z',
};

const ivyUser: CurrentUser = {
  id: '40000000-0000-4000-8000-000000000001',
  name: 'Ivy Invitee',
  displayName: 'Ivy',
  email: 'ivy@example.com',
  role: 'reviewer',
};

type Answer = { status: number; body?: unknown } | undefined;

/** A visitor (or `user`) holding the link; `accept` answers the POST. */
function stubLink(
  link: Answer,
  options: { accept?: Answer | Promise<Answer>; user?: CurrentUser | null } = {},
): FakeRequest[] {
  let signedIn = options.user ?? null;
  return stubSession(null, async (request) => {
    if (request.url === '/api/auth/me') {
      return signedIn ? { status: 200, body: signedIn } : { status: 401, body: {} };
    }
    if (request.method === 'GET' && request.url === linkUrl) return link;
    if (request.method === 'POST' && request.url === `${linkUrl}/accept`) {
      const answer = await options.accept;
      if (answer?.status === 201) signedIn = answer.body as CurrentUser;
      return answer;
    }
    if (request.url === '/api/reviewer/opportunities') return { status: 200, body: [] };
    if (request.url === '/api/reviewer/viewer-state') {
      return { status: 200, body: { lastOpportunityId: null } };
    }
    return undefined;
  });
}

function notifications() {
  return screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });
}

describe('invitation page /invite/{token}', () => {
  it('says who invited whom and names the tab', async () => {
    stubLink({ status: 200, body: invitation });
    renderApp(`/invite/${token}`);
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Ivy Invitee', level: 1 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^Ada Lovelace invited you to review opportunities on Assay\./),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ivy@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByText('This invitation expires on Mar 8, 2026.')).toBeInTheDocument();
    expect(document.title).toBe('Accept Invitation · Assay');
  });

  it('requires 8 characters and a matching confirmation before posting', async () => {
    const requests = stubLink({ status: 200, body: invitation });
    renderApp(`/invite/${token}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'long-enough-2');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('creates the account, caches the signed-in reviewer and goes to the opportunity list', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The accept answer is held back so that the pending label can be seen.
    const requests = stubLink(
      { status: 200, body: invitation },
      { accept: held.then(() => ({ status: 201, body: ivyUser })) },
    );

    const app = renderApp(`/invite/${token}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    release();

    await waitFor(() => expect(app.currentPath()).toBe('/reviewer/opportunities'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      password: 'long-enough-1',
      confirmPassword: 'long-enough-1',
    });
    expect(app.queryClient.getQueryData(['/api/auth/me'])).toEqual(ivyUser);
    const region = notifications();
    expect(await within(region).findByText('Welcome to Assay')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Opportunities', level: 1 }),
    ).toBeInTheDocument();
  });

  it('shows the page to a signed-in user too, saying whose session it replaces', async () => {
    stubLink({ status: 200, body: invitation }, { user: adminUser });
    const app = renderApp(`/invite/${token}`);
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Ivy Invitee' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/You are signed in as ada@example\.com\./)).toBeInTheDocument();
    expect(app.currentPath()).toBe(`/invite/${token}`);
  });

  it('explains an unknown link (404) in the server words and links to sign-in', async () => {
    const message = 'This invitation link is not valid. It may have been replaced by a newer one.';
    const requests = stubLink({ status: 404, body: { message } });
    renderApp(`/invite/${token}`);
    expect(
      await screen.findByRole('heading', { name: 'Invitation Not Found', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('explains a used, revoked or expired link (410)', async () => {
    const message = 'This invitation has already been used. Sign in instead.';
    stubLink({ status: 410, body: { message } });
    renderApp(`/invite/${token}`);
    expect(
      await screen.findByRole('heading', { name: 'Invitation No Longer Valid', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it('switches to the explanation when the link stops working before the form is sent', async () => {
    const message = 'This invitation has been revoked.';
    let revoked = false;
    stubSession(null, (request) => {
      if (request.url === linkUrl) {
        return revoked ? { status: 410, body: { message } } : { status: 200, body: invitation };
      }
      if (request.url === `${linkUrl}/accept`) {
        revoked = true;
        return { status: 410, body: { message } };
      }
      return undefined;
    });
    renderApp(`/invite/${token}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(
      await within(notifications()).findByText('Failed to Create Account'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Invitation No Longer Valid' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
  });
});
