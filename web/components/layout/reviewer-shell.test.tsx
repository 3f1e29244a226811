import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reviewerUser, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it } from 'vitest';

async function openList(user = reviewerUser) {
  const requests = stubSession(user);
  const app = renderApp('/reviewer/opportunities');
  await screen.findByRole('heading', { name: 'Opportunities' });
  return { app, requests };
}

describe('reviewer shell', () => {
  it('shows the logo link, the search box and the theme toggle', async () => {
    await openList();
    expect(screen.getByRole('link', { name: 'Assay, opportunities' })).toHaveAttribute(
      'href',
      '/reviewer/opportunities',
    );
    expect(screen.getByRole('searchbox', { name: 'Search opportunities' })).toHaveAttribute(
      'placeholder',
      'Search opportunities...',
    );
    expect(screen.getByRole('button', { name: 'Toggle theme' })).toBeInTheDocument();
  });

  it('shows initials, display name, name and email in the user menu', async () => {
    await openList();
    const trigger = screen.getByRole('button', { name: 'User menu' });
    expect(trigger).toHaveTextContent('GB');
    await userEvent.setup().click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Grace')).toBeInTheDocument();
    expect(within(menu).getByText('Grace Brewster Hopper')).toBeInTheDocument();
    expect(within(menu).getByText('grace@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it("falls back to 'RE' and 'Reviewer' without a name", async () => {
    await openList({ ...reviewerUser, name: ' ', displayName: null });
    const trigger = screen.getByRole('button', { name: 'User menu' });
    expect(trigger).toHaveTextContent('RE');
    await userEvent.setup().click(trigger);
    expect(await screen.findByText('Reviewer')).toBeInTheDocument();
  });

  it("'Sign Out' logs out and lands on /login", async () => {
    sessionStorage.setItem('hasAutoRedirected', 'true');
    const { app, requests } = await openList();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    await waitFor(() =>
      expect(requests).toContainEqual({ method: 'POST', url: '/api/auth/logout', body: {} }),
    );
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(await within(region).findByText('Logged Out')).toBeInTheDocument();
    expect(sessionStorage.getItem('hasAutoRedirected')).toBeNull();
    await waitFor(() => expect(app.currentPath()).toBe('/login'), { timeout: 2000 });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.queryClient.getQueryData(['/api/auth/me'])).toBeNull();
  });

  it('searching from a detail page keeps the text and shows the list', async () => {
    stubSession(reviewerUser);
    const app = renderApp('/reviewer/opportunities/abc');
    await screen.findByRole('heading', { name: 'Opportunity not found' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search opportunities' }), 'solar');
    await waitFor(() => expect(app.currentPath()).toBe('/reviewer/opportunities'));
    expect(await screen.findByRole('heading', { name: 'Opportunities' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search opportunities' })).toHaveValue('solar');
  });
});
