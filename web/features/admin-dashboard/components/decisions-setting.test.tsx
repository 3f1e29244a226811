import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, type FakeRequest, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it } from 'vitest';

describe("the dashboard's Decisions card: 'Show decisions to reviewers' (issue 35)", () => {
  it('reads the setting, explains it and turns it on through the settings call', async () => {
    const values: Record<string, string> = { show_decisions_to_reviewers: 'false' };
    const requests = stubSession(adminUser, (request: FakeRequest) => {
      const read = /^\/api\/admin\/settings\/(.+)$/.exec(request.url);
      if (read && request.method === 'GET') {
        return { status: 200, body: { key: read[1], value: values[read[1]!] ?? 'false' } };
      }
      if (request.method === 'POST' && request.url === '/api/admin/settings') {
        const { key, value } = request.body as { key: string; value: string };
        values[key] = value;
        return { status: 200, body: { key, value } };
      }
      return undefined;
    });
    renderApp('/admin/dashboard');
    const toggle = await screen.findByRole('switch', { name: 'Show decisions to reviewers' });
    expect(toggle).toHaveAccessibleDescription(
      'Reviewers see released outcomes on their list and detail; never drafts or rationale.',
    );
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    await userEvent.setup().click(toggle);
    expect(await screen.findByText('Reviewers now see released outcomes')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { key: 'show_decisions_to_reviewers', value: 'true' },
    ]);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
  });
});
