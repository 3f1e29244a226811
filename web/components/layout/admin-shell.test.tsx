import { SIDEBAR_COOKIE_NAME } from '@shared/limits';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it, vi } from 'vitest';

async function openDashboard(user = adminUser) {
  stubSession(user);
  const app = renderApp('/admin/dashboard');
  await screen.findByRole('heading', { name: 'Dashboard' });
  return app;
}

describe('admin shell', () => {
  it('links every admin screen and marks the current one', async () => {
    await openDashboard();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin/dashboard'],
      ['Reviewers', '/admin/reviewers'],
      ['Opportunities', '/admin/opportunities'],
      ['Analytics', '/admin/analytics'],
      ['Results', '/admin/results'],
      ['Exports', '/admin/exports'],
      ['Assignments', '/admin/assignments'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Reviewers' }));
    expect(await screen.findByRole('heading', { name: 'Reviewers' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Reviewers' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it("shows the user's initials, name and email in the footer", async () => {
    await openDashboard();
    expect(screen.getByTestId('user-initials')).toHaveTextContent('AL');
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it("falls back to 'AD' and 'Admin' without a name", async () => {
    await openDashboard({ ...adminUser, name: '' });
    expect(screen.getByTestId('user-initials')).toHaveTextContent('AD');
    expect(screen.getByText('Admin')).toBeInTheDocument();
  });

  it('collapses with Ctrl+B and the toggle, keeping the state in a cookie', async () => {
    await openDashboard();
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    const user = userEvent.setup();

    await user.keyboard('{Control>}b{/Control}');
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE_NAME}=false`);
    // Collapsed to the icon rail, the labels remain for screen readers.
    expect(screen.getByRole('link', { name: 'Reviewers' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE_NAME}=true`);
  });

  it('opens collapsed when the cookie says so', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: arranging the saved sidebar state.
    document.cookie = `${SIDEBAR_COOKIE_NAME}=false; path=/`;
    await openDashboard();
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
  });

  it('toggles the theme into localStorage and the html class', async () => {
    await openDashboard();
    const user = userEvent.setup();
    expect(document.documentElement).not.toHaveClass('dark');
    await user.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    await user.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('logs out: posts, clears the cache, says so and lands on /login', async () => {
    sessionStorage.setItem('hasAutoRedirected', 'true');
    const requests = stubSession(adminUser);
    const app = renderApp('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));

    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(await within(region).findByText('Logged Out')).toBeInTheDocument();
    expect(within(region).getByText('You have been successfully logged out')).toBeInTheDocument();
    expect(requests).toContainEqual({ method: 'POST', url: '/api/auth/logout', body: {} });
    expect(sessionStorage.getItem('hasAutoRedirected')).toBeNull();
    await waitFor(() => expect(app.currentPath()).toBe('/login'), { timeout: 2000 });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it("says 'Logout Failed' when the server refuses", async () => {
    stubSession(adminUser, (request) =>
      request.url === '/api/auth/logout' ? { status: 500, body: { message: 'boom' } } : undefined,
    );
    const app = renderApp('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(await within(region).findByText('Logout Failed')).toBeInTheDocument();
    expect(within(region).getByText('Please try again')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(app.currentPath()).toBe('/admin/dashboard');
  });
});

describe('admin shell below 768px', () => {
  it('opens the sidebar as a drawer that closes on navigation and Escape', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 767px)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    await openDashboard();
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    const drawer = await screen.findByRole('dialog', { name: 'Admin navigation' });
    await user.click(within(drawer).getByRole('link', { name: 'Exports' }));
    expect(await screen.findByRole('heading', { name: 'Data Exports' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.keyboard('{Control>}b{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Admin navigation' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
