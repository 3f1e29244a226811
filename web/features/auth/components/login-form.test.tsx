import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, reviewerUser, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it } from 'vitest';

async function openLogin() {
  const app = renderApp('/login');
  await screen.findByRole('heading', { name: 'Welcome to Assay' });
  return app;
}

describe('login form', () => {
  it('shows the welcome texts and names the tab', async () => {
    stubSession(null);
    await openLogin();
    expect(screen.getByText('Sign in to the opportunity evaluation platform')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(document.title).toBe('Sign in · Assay');
  });

  it('validates the email and the password before calling the server', async () => {
    const requests = stubSession(null);
    await openLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const emailError = await screen.findByText('Invalid email address');
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email.getAttribute('aria-describedby')).toBe(emailError.id);
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.url === '/api/auth/login')).toHaveLength(0);
  });

  it("posts the trimmed credentials, reads 'Signing in...' and goes home", async () => {
    let finish: () => void = () => {};
    const requests = stubSession(null, (request) =>
      request.url === '/api/auth/login'
        ? new Promise((resolve) => {
            finish = () => resolve({ status: 200, body: reviewerUser });
          })
        : undefined,
    );
    const app = await openLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), '  grace@example.com  ');
    await user.type(screen.getByLabelText('Password'), ' secret pass ');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(requests.find((r) => r.url === '/api/auth/login')).toEqual({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'grace@example.com', password: ' secret pass ' },
    });
    finish();
    await waitFor(() => expect(app.currentPath()).toBe('/reviewer/opportunities'));
    expect(await screen.findByRole('heading', { name: 'Opportunities' })).toBeInTheDocument();
    expect(app.queryClient.getQueryData(['/api/auth/me'])).toEqual(reviewerUser);
  });

  it('takes an admin to the dashboard', async () => {
    stubSession(null, (request) =>
      request.url === '/api/auth/login' ? { status: 200, body: adminUser } : undefined,
    );
    const app = await openLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/admin/dashboard');
  });

  it("shows 'Login Failed' with the server's message on a 401", async () => {
    stubSession(null, (request) =>
      request.url === '/api/auth/login'
        ? { status: 401, body: { message: 'Invalid email or password' } }
        : undefined,
    );
    const app = await openLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(await within(region).findByText('Login Failed')).toBeInTheDocument();
    expect(within(region).getByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(app.currentPath()).toBe('/login');
  });

  it("shows a deactivated account's own message", async () => {
    stubSession(null, (request) =>
      request.url === '/api/auth/login'
        ? { status: 403, body: { message: 'This account has been deactivated' } }
        : undefined,
    );
    await openLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(
      await within(region).findByText('This account has been deactivated'),
    ).toBeInTheDocument();
  });

  it('says the account was deactivated when a session ends that way, until the next sign-in', async () => {
    const deactivated = 'Your account has been deactivated. Contact an administrator.';
    // The page loads while the reviewer is still active; then the admin deactivates the account,
    // and the next call (the list) answers 403 like every call of that session from then on.
    let isDeactivated = false;
    stubSession(reviewerUser, (request) => {
      if (request.url === '/api/reviewer/opportunities') isDeactivated = true;
      if (request.url === '/api/auth/login') return { status: 200, body: adminUser };
      const isReviewerSession =
        request.url === '/api/auth/me' || request.url.startsWith('/api/reviewer/');
      if (isDeactivated && isReviewerSession) {
        return { status: 403, body: { message: deactivated } };
      }
      return undefined;
    });
    const app = renderApp('/reviewer/opportunities');
    await waitFor(() => expect(app.currentPath()).toBe('/login'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(deactivated);
    expect(screen.getByRole('heading', { name: 'Welcome to Assay' })).toBeInTheDocument();

    // Signing in (as someone else, say) forgets it: the next visit to /login shows no reason.
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(app.currentPath()).toBe('/admin/dashboard'));
    app.unmount();
    stubSession(null);
    await openLogin();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no reason after an ordinary sign-out or a first visit', async () => {
    stubSession(null);
    await openLogin();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
