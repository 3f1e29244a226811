import { screen, waitFor } from '@testing-library/react';
import { adminUser, reviewerUser, stubServer, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it } from 'vitest';

describe('route guards', () => {
  it('sends a visitor at an admin route to /login', async () => {
    stubSession(null);
    const app = renderApp('/admin/dashboard');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/login');
  });

  it('treats a deactivated account (403 from /api/auth/me) as signed out', async () => {
    stubServer((request) =>
      request.url === '/api/auth/me'
        ? { status: 403, body: { message: 'Your account has been deactivated.' } }
        : undefined,
    );
    const app = renderApp('/reviewer/opportunities');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/login');
  });

  it('sends a reviewer at an admin route to the reviewer home', async () => {
    stubSession(reviewerUser);
    const app = renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Opportunities' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/reviewer/opportunities');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('sends an admin at a reviewer route to the admin home', async () => {
    stubSession(adminUser);
    const app = renderApp('/reviewer/opportunities');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/admin/dashboard');
  });

  it("shows 'Loading...' while the current user loads", async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    stubServer((request) =>
      request.url === '/api/auth/me'
        ? new Promise((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    const app = renderApp('/admin/reviewers');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(app.currentPath()).toBe('/admin/reviewers');
    answer({ status: 200, body: adminUser });
    expect(await screen.findByRole('heading', { name: 'Reviewers' })).toBeInTheDocument();
    expect(screen.getByText('Manage reviewer accounts and access')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it.each([
    [null, '/login'],
    [adminUser, '/admin/dashboard'],
    [reviewerUser, '/reviewer/opportunities'],
  ] as const)('redirects / by role (%#)', async (user, home) => {
    stubSession(user);
    const app = renderApp('/');
    await waitFor(() => expect(app.currentPath()).toBe(home));
  });

  it('sends a signed-in user away from /login', async () => {
    stubSession(adminUser);
    const app = renderApp('/login');
    await waitFor(() => expect(app.currentPath()).toBe('/admin/dashboard'));
  });

  it('shows the 404 page on an unknown path, with a way home', async () => {
    const requests = stubSession(null);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("The page you're looking for doesn't exist or has been moved."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(requests).toHaveLength(0);
  });

  it('renders every admin page title for an admin', async () => {
    stubSession(adminUser);
    const pages = [
      ['/admin/opportunities', 'Opportunities', 'Manage opportunities for review (up to 50)'],
      [
        '/admin/analytics',
        'Advanced Analytics',
        'Detailed insights and trend analysis for opportunity evaluations',
      ],
      ['/admin/exports', 'Data Exports', 'Download CSV exports for analysis and reporting'],
    ];
    for (const [path, title, subtitle] of pages) {
      const app = renderApp(path!);
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      expect(screen.getByText(subtitle!)).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe(`${title} · Assay`));
      app.unmount();
    }
  });
});
