import { POST_DELETED_MESSAGE, POST_HIDDEN_MESSAGE } from '@shared/discussion';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePost, makeThread, reviewerB } from '@web/test/fake-discussion-server';
import { describe, expect, it, vi } from 'vitest';
import { OPPORTUNITY_ID, panel, renderPanel } from '../test/render-panel';

const posts = () => screen.getAllByTestId('discussion-post');
const postBy = (name: RegExp | string) =>
  screen.getAllByRole('listitem').find((item) => within(item).queryByRole('heading', { name }))!;

describe('the discussion panel: reading', () => {
  it('shows the posts oldest first: author, "you", time, "edited"; line breaks and links kept', async () => {
    const thread = makeThread(OPPORTUNITY_ID, {
      posts: [
        makePost({
          body: 'First line\nSecond line, see https://example.org/report.',
          createdAt: '2026-05-01T09:05:00.000Z',
        }),
        makePost({
          author: { handle: 'me', label: 'Reviewer A', role: 'reviewer' },
          mine: true,
          body: 'Mine',
          createdAt: '2026-05-01T10:00:00.000Z',
          editedAt: '2026-05-01T10:03:00.000Z',
        }),
      ],
    });
    renderPanel({ thread });
    const region = await panel();
    expect(region).toHaveAttribute('id', 'discussion');
    expect(within(region).getByText('#7 Solar Roofs · 2 posts')).toBeVisible();
    const [first, second] = posts();
    expect(within(first!).getByRole('heading', { name: 'Reviewer B' })).toBeVisible();
    const text = within(first!).getByText(/First line/);
    // One text node across the line break (white-space keeps it), not two paragraphs.
    expect(text.textContent).toBe('First line\nSecond line, see https://example.org/report.');
    expect(text).toHaveClass('whitespace-pre-wrap');
    const link = within(first!).getByRole('link', { name: 'https://example.org/report' });
    expect(link).toHaveAttribute('href', 'https://example.org/report');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(first!).getByText(/May 1, 2026, \d\d:05/)).toHaveAttribute(
      'datetime',
      '2026-05-01T09:05:00.000Z',
    );
    expect(within(first!).queryByText('edited')).not.toBeInTheDocument();
    expect(within(second!).getByRole('heading', { name: 'Reviewer A (you)' })).toBeVisible();
    expect(within(second!).getByText('edited')).toBeVisible();
  });

  it('shows what a user typed as text: a <b> stays characters, nothing is made of HTML', async () => {
    renderPanel({
      thread: makeThread(OPPORTUNITY_ID, {
        posts: [makePost({ body: '<b>bold</b> <img src=x onerror=alert(1)> javascript:alert(1)' })],
      }),
    });
    await panel();
    const [post] = posts();
    expect(within(post!).getByText(/<b>bold<\/b>/)).toBeVisible();
    expect(post!.querySelector('b, img')).toBeNull();
    expect(within(post!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says which posts were deleted or hidden, without their text, to a reviewer', async () => {
    renderPanel({
      thread: makeThread(OPPORTUNITY_ID, {
        posts: [
          makePost({ state: 'deleted', body: null }),
          makePost({ state: 'hidden', body: null }),
        ],
      }),
    });
    await panel();
    const [deleted, hidden] = posts();
    expect(deleted).toHaveTextContent(POST_DELETED_MESSAGE);
    expect(hidden).toHaveTextContent(POST_HIDDEN_MESSAGE);
    expect(screen.queryByText(/Reason:/)).not.toBeInTheDocument();
    expect(screen.queryByText(/History/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unhide' })).not.toBeInTheDocument();
  });

  it("shows an admin the hide reason, the hidden text and each post's earlier texts", async () => {
    renderPanel({
      role: 'admin',
      thread: makeThread(OPPORTUNITY_ID, {
        posts: [
          makePost({
            state: 'hidden',
            body: 'Rude words',
            hiddenReason: 'Personal attack',
            history: [],
          }),
          makePost({
            state: 'deleted',
            body: null,
            history: [
              { kind: 'edit', body: 'Original text', changedAt: '2026-05-01T09:00:00.000Z' },
              { kind: 'delete', body: 'Edited text', changedAt: '2026-05-01T09:10:00.000Z' },
            ],
          }),
        ],
      }),
    });
    await panel();
    const [hidden, deleted] = posts();
    expect(hidden).toHaveTextContent(POST_HIDDEN_MESSAGE);
    expect(within(hidden!).getByText('Personal attack')).toBeVisible();
    expect(within(hidden!).getByText('Rude words')).toBeVisible();
    expect(within(hidden!).getByRole('button', { name: 'Unhide' })).toBeVisible();
    expect(deleted).toHaveTextContent(POST_DELETED_MESSAGE);
    const history = within(deleted!).getByText('History (2 earlier texts)');
    await userEvent.setup().click(history);
    expect(within(deleted!).getByText('Original text')).toBeVisible();
    expect(within(deleted!).getByText('Edited text')).toBeVisible();
    expect(within(deleted!).getByText(/Before deletion/)).toBeVisible();
  });

  it('shows the resolution and its summary first, and hands the summary to the page', async () => {
    const onSummaryChange = vi.fn();
    renderPanel({
      onSummaryChange,
      thread: makeThread(OPPORTUNITY_ID, {
        state: 'resolved',
        summary: 'Accept, on condition of a pilot.\nRevisit in May.',
        resolvedAt: '2026-05-02T12:00:00.000Z',
        posts: [makePost()],
      }),
    });
    const region = await panel();
    const resolution = within(region).getByTestId('discussion-resolution');
    expect(resolution).toHaveTextContent(/^Resolved/);
    expect(within(resolution).getByText(/Accept, on condition of a pilot\./)).toHaveClass(
      'whitespace-pre-wrap',
    );
    // Before the posts.
    expect(
      resolution.compareDocumentPosition(posts()[0]!) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await waitFor(() =>
      expect(onSummaryChange).toHaveBeenLastCalledWith(
        'Accept, on condition of a pilot.\nRevisit in May.',
      ),
    );
  });

  it('invites the first post when there is none', async () => {
    renderPanel({ thread: makeThread(OPPORTUNITY_ID) });
    expect(await screen.findByText('No posts yet. Start the discussion.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Your post' })).toBeVisible();
  });

  it('shows nothing to a reviewer who may not read the thread, nor on a failure', async () => {
    const { requests } = renderPanel({ thread: null });
    await waitFor(() => expect(requests.some((r) => r.url.endsWith('/discussion'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Discussion' })).not.toBeInTheDocument();

    renderPanel({
      thread: makeThread(OPPORTUNITY_ID),
      intercept: (r) => (r.url.endsWith('/discussion') ? { status: 500, body: 'boom' } : undefined),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Discussion' })).not.toBeInTheDocument();
  });

  it('shows an admin loading, then a failure with a retry that reads it again', async () => {
    let fails = true;
    renderPanel({
      role: 'admin',
      thread: makeThread(OPPORTUNITY_ID, { posts: [makePost({ body: 'Back again' })] }),
      intercept: (r) =>
        fails && r.url.endsWith('/discussion') ? { status: 500, body: 'boom' } : undefined,
    });
    expect(await screen.findByRole('status', { name: 'Loading the discussion' })).toBeVisible();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The discussion could not be loaded.');
    fails = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back again')).toBeVisible();
  });

  it('marks where the posts new to the reader start', async () => {
    renderPanel({
      thread: makeThread(OPPORTUNITY_ID, {
        unread: 1,
        posts: [makePost({ body: 'Old' }), makePost({ body: 'Fresh', author: reviewerB })],
      }),
    });
    const region = await panel();
    expect(within(region).getByText('#7 Solar Roofs · 2 posts, 1 new')).toBeVisible();
    const marker = within(region).getByText('New since your last visit');
    expect(
      marker.compareDocumentPosition(within(region).getByText('Fresh')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(postBy('Reviewer B')).toBeDefined();
  });
});
