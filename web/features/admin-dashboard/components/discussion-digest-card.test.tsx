import { DIGEST_MINUTES_MESSAGE } from '@shared/discussion';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, type FakeRequest, type FakeResponse, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { beforeAll, describe, expect, it } from 'vitest';

const KEY = 'discussion_digest_minutes';

function openDashboard(
  options: { stored?: string; onPost?: (value: string) => FakeResponse } = {},
) {
  let stored = options.stored ?? '15';
  const requests = stubSession(adminUser, (request: FakeRequest) => {
    if (request.method === 'GET' && request.url === `/api/admin/settings/${KEY}`) {
      return { status: 200, body: { key: KEY, value: stored } };
    }
    if (request.method === 'POST' && request.url === '/api/admin/settings') {
      const { key, value } = request.body as { key: string; value: string };
      if (key !== KEY) return undefined;
      const refused = options.onPost?.(value);
      if (refused) return refused;
      stored = value;
      return { status: 200, body: { key, value } };
    }
    return undefined;
  });
  renderApp('/admin/dashboard');
  return { requests, posts: () => requests.filter((r) => r.method === 'POST').map((r) => r.body) };
}

const card = async () =>
  (await screen.findByRole('heading', { name: 'Discussion' })).closest(
    '.rounded-xl',
  ) as HTMLElement;

describe("the dashboard's Discussion card: the digest minutes (issue 36)", () => {
  beforeAll(async () => {
    await import('@web/app/routes/admin/dashboard-page');
  }, 30_000);

  it('reads the setting and saves a new number of minutes through the settings call', async () => {
    const { posts } = openDashboard({ stored: '30' });
    const input = await within(await card()).findByRole('spinbutton', {
      name: 'Digest email, at most every (minutes)',
    });
    expect(input).toHaveValue(30);
    expect(input).toHaveAttribute('min', '5');
    expect(input).toHaveAttribute('max', '1440');
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '60');
    await user.click(within(await card()).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Discussion digests now go out at most every 60 minutes'),
    ).toBeInTheDocument();
    expect(posts()).toEqual([{ key: KEY, value: '60' }]);
    await waitFor(() => expect(input).toHaveValue(60));
  });

  it('refuses minutes outside 5 to 1440 without asking the server', async () => {
    const { posts } = openDashboard();
    const input = await within(await card()).findByRole('spinbutton');
    const user = userEvent.setup();
    for (const value of ['4', '1441', '']) {
      await user.clear(input);
      if (value) await user.type(input, value);
      await user.click(within(await card()).getByRole('button', { name: 'Save' }));
      expect(within(await card()).getByRole('alert')).toHaveTextContent(DIGEST_MINUTES_MESSAGE);
      expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    expect(posts()).toEqual([]);
  });

  it("shows the server's refusal under the field", async () => {
    openDashboard({
      onPost: () => ({ status: 400, body: { message: 'Settings are locked during the meeting' } }),
    });
    const input = await within(await card()).findByRole('spinbutton');
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '20');
    await user.click(within(await card()).getByRole('button', { name: 'Save' }));
    expect(await within(await card()).findByRole('alert')).toHaveTextContent(
      'Settings are locked during the meeting',
    );
    expect(input).toHaveValue(20);
  });

  it('starts from the default when nothing usable is stored', async () => {
    openDashboard({ stored: 'false' });
    expect(await within(await card()).findByRole('spinbutton')).toHaveValue(15);
  });
});
