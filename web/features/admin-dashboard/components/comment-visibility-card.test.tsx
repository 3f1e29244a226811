import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, type FakeRequest, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it } from 'vitest';

const AFTER_OWN = 'reviewer_comments_after_own_review';
const NAMES = 'show_reviewer_names';

/** The dashboard with the three comment settings, each stored as the server would. */
function stubSettings(initial: Record<string, 'true' | 'false'>, failing: string[] = []) {
  const values = { show_reviewer_comments: 'true', ...initial } as Record<string, string>;
  return stubSession(adminUser, (request: FakeRequest) => {
    if (request.url === '/api/admin/stats' || request.url === '/api/admin/top-opportunities') {
      return new Promise(() => {});
    }
    const read = /^\/api\/admin\/settings\/(.+)$/.exec(request.url);
    if (read && request.method === 'GET') {
      const key = read[1]!;
      if (failing.includes(key)) return { status: 500, body: { message: 'boom' } };
      return { status: 200, body: { key, value: values[key] } };
    }
    if (request.method === 'POST' && request.url === '/api/admin/settings') {
      const { key, value } = request.body as { key: string; value: string };
      values[key] = value;
      return { status: 200, body: { key, value } };
    }
    return undefined;
  });
}

const toasts = () => screen.getByRole('region', { name: 'Notifications (F8)' });

describe('platform settings card: comment visibility beside the spec switch', () => {
  it('shows the two switches with their help, each reading its own setting', async () => {
    stubSettings({ [AFTER_OWN]: 'true', [NAMES]: 'true' });
    renderApp('/admin/dashboard');
    const afterOwn = await screen.findByRole('switch', {
      name: "Only after the reviewer's own review",
    });
    const names = await screen.findByRole('switch', { name: 'Show reviewer names' });
    await waitFor(() => expect(afterOwn).toHaveAttribute('aria-checked', 'true'));
    expect(names).toHaveAttribute('aria-checked', 'true');
    expect(afterOwn).toHaveAccessibleDescription(
      /a reviewer sees others' comments on an opportunity only once they have saved all five scores for it/,
    );
    expect(names).toHaveAccessibleDescription(/a label such as Reviewer A/);
    // The spec's switch is unchanged, first in the card.
    const card = screen.getByRole('heading', { name: 'Platform Settings' }).closest('div')!
      .parentElement!;
    expect(
      within(card)
        .getAllByRole('switch')
        .map((s) => s.id),
    ).toEqual(['show-reviewer-comments', 'comments-after-own-review', 'show-reviewer-names']);
  });

  it('turns "only after own review" on through the settings call and says so', async () => {
    const requests = stubSettings({ [AFTER_OWN]: 'false', [NAMES]: 'true' });
    renderApp('/admin/dashboard');
    const afterOwn = await screen.findByRole('switch', {
      name: "Only after the reviewer's own review",
    });
    await userEvent.setup().click(afterOwn);
    expect(await within(toasts()).findByText('Settings Updated')).toBeInTheDocument();
    expect(
      within(toasts()).getByText("Reviewers now see others' comments only after their own review"),
    ).toBeInTheDocument();
    await waitFor(() => expect(afterOwn).toHaveAttribute('aria-checked', 'true'));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { key: AFTER_OWN, value: 'true' },
    ]);
    // Only that setting is read again; the spec's switch is left alone.
    expect(requests.filter((r) => r.url === `/api/admin/settings/${AFTER_OWN}`)).toHaveLength(2);
    expect(
      requests.filter((r) => r.url === '/api/admin/settings/show_reviewer_comments'),
    ).toHaveLength(1);
  });

  it('hides names and says comments now carry labels', async () => {
    const requests = stubSettings({ [AFTER_OWN]: 'false', [NAMES]: 'true' });
    renderApp('/admin/dashboard');
    const names = await screen.findByRole('switch', { name: 'Show reviewer names' });
    await waitFor(() => expect(names).toHaveAttribute('aria-checked', 'true'));
    await userEvent.setup().click(names);
    expect(
      await within(toasts()).findByText(
        'Comments now show labels such as Reviewer A instead of names',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(names).toHaveAttribute('aria-checked', 'false'));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { key: NAMES, value: 'false' },
    ]);
  });

  it('says when a setting cannot be read instead of guessing its state, and retries', async () => {
    stubSettings({ [AFTER_OWN]: 'false', [NAMES]: 'false' }, [NAMES]);
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Could not be loaded')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Show reviewer names' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('switch', { name: "Only after the reviewer's own review" }),
    ).toBeVisible();
  });

  it('says when the server refuses the change and leaves the switch as it was', async () => {
    stubSession(adminUser, (request) => {
      if (request.method === 'POST') {
        return { status: 400, body: { message: "Value must be 'true' or 'false'" } };
      }
      const read = /^\/api\/admin\/settings\/(.+)$/.exec(request.url);
      if (read) return { status: 200, body: { key: read[1], value: 'false' } };
      return request.url.startsWith('/api/admin/') ? new Promise(() => {}) : undefined;
    });
    renderApp('/admin/dashboard');
    const names = await screen.findByRole('switch', { name: 'Show reviewer names' });
    await waitFor(() => expect(names).toBeEnabled());
    await userEvent.setup().click(names);
    expect(await within(toasts()).findByText('Failed to Update Settings')).toBeInTheDocument();
    expect(within(toasts()).getByText("Value must be 'true' or 'false'")).toBeInTheDocument();
    expect(names).toHaveAttribute('aria-checked', 'false');
  });
});
