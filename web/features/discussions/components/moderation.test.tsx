import { POST_HIDDEN_MESSAGE } from '@shared/discussion';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePost, makeThread } from '@web/test/fake-discussion-server';
import { describe, expect, it, vi } from 'vitest';
import { OPPORTUNITY_ID, panel, renderPanel } from '../test/render-panel';

const admin = { handle: 'admin-me', label: 'Ada Lovelace', role: 'admin' as const };

describe('an admin moderating a discussion', () => {
  it('hides a post with a reason (required), then shows it again', async () => {
    const offTopic = makePost({ body: 'Off topic' });
    const { calls } = renderPanel({
      role: 'admin',
      me: admin,
      thread: makeThread(OPPORTUNITY_ID, { posts: [offTopic] }),
    });
    await panel();
    const user = userEvent.setup();
    const [post] = screen.getAllByTestId('discussion-post');
    await user.click(within(post!).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide Post' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide post' }));
    expect(await within(dialog).findByText('Reason is required')).toBeVisible();
    expect(calls('POST')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'Not about this opportunity');
    await user.click(within(dialog).getByRole('button', { name: 'Hide post' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Hide Post' })).not.toBeInTheDocument(),
    );
    expect(calls('POST').map((r) => [r.url, r.body])).toEqual([
      [`/api/admin/discussion/posts/${offTopic.id}/hide`, { reason: 'Not about this opportunity' }],
    ]);
    await waitFor(() => expect(post).toHaveTextContent(POST_HIDDEN_MESSAGE));
    expect(within(post!).getByText('Not about this opportunity')).toBeVisible();
    expect(within(post!).getByText('Off topic')).toBeVisible();

    await user.click(within(post!).getByRole('button', { name: 'Unhide' }));
    await waitFor(() => expect(post).toHaveAttribute('data-state', 'visible'));
    expect(within(post!).getByRole('button', { name: 'Hide' })).toBeVisible();
  });

  it('resolves with a summary, shown first, then reopens keeping the last summary readable', async () => {
    const onSummaryChange = vi.fn();
    const { calls } = renderPanel({
      role: 'admin',
      me: admin,
      onSummaryChange,
      thread: makeThread(OPPORTUNITY_ID, { posts: [makePost()] }),
    });
    const region = await panel();
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Discussion' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Summary is required')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Summary'), 'Fund a pilot{Enter}Then decide');
    expect(within(dialog).getByText('24/2,000 characters')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Resolve Discussion' })).not.toBeInTheDocument(),
    );
    expect(calls('POST').map((r) => r.body)).toEqual([{ summary: 'Fund a pilot\nThen decide' }]);
    const resolution = await within(region).findByTestId('discussion-resolution');
    expect(resolution).toHaveTextContent('Fund a pilot');
    await waitFor(() =>
      expect(onSummaryChange).toHaveBeenLastCalledWith('Fund a pilot\nThen decide'),
    );

    await user.click(within(region).getByRole('button', { name: 'Reopen' }));
    expect(await within(region).findByRole('button', { name: 'Resolve' })).toBeVisible();
    expect(within(region).queryByTestId('discussion-resolution')).not.toBeInTheDocument();
    expect(within(region).getByText('Reopened; the summary it had when resolved')).toBeVisible();
    await waitFor(() => expect(onSummaryChange).toHaveBeenLastCalledWith(null));
  });

  it('gives a reviewer neither Hide nor Resolve', async () => {
    renderPanel({ thread: makeThread(OPPORTUNITY_ID, { posts: [makePost()] }) });
    const region = await panel();
    expect(within(region).queryByRole('button', { name: 'Hide' })).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
  });
});
