import { POST_DELETED_MESSAGE, POST_EDIT_WINDOW_MESSAGE } from '@shared/discussion';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePost, makeThread } from '@web/test/fake-discussion-server';
import { describe, expect, it } from 'vitest';
import { discussionKeys } from '../api/discussion-keys';
import { OPPORTUNITY_ID, panel, renderPanel } from '../test/render-panel';

const editor = () => screen.getByRole('textbox', { name: 'Your post' });
const postButton = () => screen.getByRole('button', { name: 'Post' });
const me = { handle: 'me', label: 'Reviewer A', role: 'reviewer' as const };
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe('the discussion editor', () => {
  it('posts with a mention picked by keyboard from the list the @ opens', async () => {
    const { calls } = renderPanel({ thread: makeThread(OPPORTUNITY_ID) });
    await panel();
    const user = userEvent.setup();
    await user.type(editor(), 'Agree with @');
    const list = screen.getByRole('listbox', { name: 'People to mention' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['AdminAdministrator', 'Reviewer BReviewer']);
    expect(editor()).toHaveAttribute('aria-controls', list.id);
    expect(editor()).toHaveAttribute('aria-autocomplete', 'list');
    // Down moves to the second option; the textarea points at it and keeps the focus.
    await user.keyboard('{ArrowDown}');
    const active = within(list).getByRole('option', { selected: true });
    expect(active).toHaveTextContent('Reviewer B');
    expect(editor()).toHaveAttribute('aria-activedescendant', active.id);
    expect(editor()).toHaveFocus();
    // Typing filters; Enter picks.
    await user.keyboard('{ArrowUp}');
    await user.type(editor(), 'rev');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(editor()).toHaveValue('Agree with @Reviewer B ');
    await user.type(editor(), 'on this.');
    await user.click(postButton());

    await waitFor(() =>
      expect(calls('POST').map((r) => r.body)).toEqual([
        { body: 'Agree with @Reviewer B on this.', mentions: ['Reviewer B'] },
      ]),
    );
    const region = await panel();
    expect(await within(region).findByText(/on this\./)).toBeVisible();
    expect(within(region).getByText('@Reviewer B', { selector: 'strong' })).toBeVisible();
    expect(editor()).toHaveValue('');
  });

  it('closes the list with Escape and Tab picks; a mention erased is not sent', async () => {
    const { calls } = renderPanel({ thread: makeThread(OPPORTUNITY_ID) });
    await panel();
    const user = userEvent.setup();
    await user.type(editor(), '@ad');
    expect(screen.getByRole('listbox')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(editor()).toHaveValue('@ad');
    await user.clear(editor());
    await user.type(editor(), '@ad');
    await user.keyboard('{Tab}');
    expect(editor()).toHaveValue('@Admin ');
    expect(editor()).toHaveFocus();
    // The picked mention is erased: its handle no longer goes out.
    await user.clear(editor());
    await user.type(editor(), 'No one');
    await user.click(postButton());
    await waitFor(() =>
      expect(calls('POST').map((r) => r.body)).toEqual([{ body: 'No one', mentions: [] }]),
    );
  });

  it('refuses a blank post without asking the server', async () => {
    const { calls } = renderPanel({ thread: makeThread(OPPORTUNITY_ID) });
    await panel();
    const user = userEvent.setup();
    await user.type(editor(), '   {Enter}  ');
    await user.click(postButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Post text is required');
    expect(editor()).toHaveAttribute('aria-invalid', 'true');
    expect(calls('POST')).toEqual([]);
  });

  it("keeps the text and shows the server's message when the post is refused", async () => {
    const { calls } = renderPanel({
      thread: makeThread(OPPORTUNITY_ID),
      intercept: (r) =>
        r.method === 'POST'
          ? { status: 400, body: { message: 'Reviewer B cannot read this thread' } }
          : undefined,
    });
    await panel();
    const user = userEvent.setup();
    await user.type(editor(), 'Over to @Rev');
    await user.keyboard('{Enter}');
    await user.type(editor(), 'please');
    await user.click(postButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Reviewer B cannot read this thread',
    );
    expect(editor()).toHaveValue('Over to @Reviewer B please');
    expect(calls('POST')).toHaveLength(1);
    expect(screen.queryAllByTestId('discussion-post')).toEqual([]);
  });

  it('posts with Ctrl+Enter (and Cmd+Enter); a plain Enter is a new line', async () => {
    const { calls } = renderPanel({ thread: makeThread(OPPORTUNITY_ID) });
    await panel();
    const user = userEvent.setup();
    await user.type(editor(), 'One{Enter}two');
    expect(calls('POST')).toEqual([]);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() =>
      expect(calls('POST').map((r) => r.body)).toEqual([{ body: 'One\ntwo', mentions: [] }]),
    );
    await waitFor(() => expect(editor()).toHaveValue(''));
    await user.type(editor(), 'Three');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(calls('POST')).toHaveLength(2));
  });

  it('keeps the draft across a refetch of the thread and a remount (sessionStorage)', async () => {
    const view = renderPanel({ thread: makeThread(OPPORTUNITY_ID) });
    await panel();
    const user = userEvent.setup();
    await user.type(editor(), 'Half a thought{Enter}and more');
    await view.queryClient.invalidateQueries({ queryKey: discussionKeys.thread(OPPORTUNITY_ID) });
    await waitFor(() =>
      expect(view.calls('GET').filter((r) => r.url.endsWith('/discussion'))).toHaveLength(2),
    );
    expect(editor()).toHaveValue('Half a thought\nand more');

    view.remount();
    await panel();
    expect(editor()).toHaveValue('Half a thought\nand more');
    // Posted, it is no longer a draft.
    await user.click(postButton());
    await waitFor(() => expect(editor()).toHaveValue(''));
    view.remount();
    await panel();
    expect(editor()).toHaveValue('');
  });

  it('counts the characters near the limit and refuses more than 5,000', async () => {
    const { calls } = renderPanel({ thread: makeThread(OPPORTUNITY_ID) });
    await panel();
    const user = userEvent.setup();
    await user.click(editor());
    await user.paste('x'.repeat(4_499));
    expect(screen.queryByText(/characters$/)).not.toBeInTheDocument();
    await user.paste('y'.repeat(502));
    expect(screen.getByText('5,001/5,000 characters')).toBeVisible();
    await user.click(postButton());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Post text must be at most 5,000 characters',
    );
    // Nothing was cut off.
    expect((editor() as HTMLTextAreaElement).value).toHaveLength(5_001);
    expect(calls('POST')).toEqual([]);
  });
});

describe('editing and deleting one’s own posts', () => {
  it('offers Edit and Delete only on your own posts inside the edit window', async () => {
    renderPanel({
      me,
      thread: makeThread(OPPORTUNITY_ID, {
        posts: [
          makePost({ body: 'Theirs' }),
          makePost({ author: me, mine: true, body: 'Mine, too late', editableUntil: null }),
          makePost({ author: me, mine: true, body: 'Mine, recent', editableUntil: inMinutes(10) }),
        ],
      }),
    });
    await panel();
    const [theirs, late, recent] = screen.getAllByTestId('discussion-post');
    for (const post of [theirs!, late!]) {
      expect(within(post).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
      expect(within(post).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    }
    expect(within(recent!).getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(within(recent!).getByRole('button', { name: 'Delete' })).toBeVisible();
  });

  it('takes Edit and Delete away when the window closes', async () => {
    renderPanel({
      me,
      thread: makeThread(OPPORTUNITY_ID, {
        posts: [
          makePost({
            author: me,
            mine: true,
            editableUntil: new Date(Date.now() + 300).toISOString(),
          }),
        ],
      }),
    });
    await panel();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull(), {
      timeout: 3000,
    });
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('edits in place, and shows the refusal after the window with the text kept', async () => {
    let isLate = false;
    const { calls } = renderPanel({
      me,
      thread: makeThread(OPPORTUNITY_ID, {
        posts: [makePost({ author: me, mine: true, body: 'Frist', editableUntil: inMinutes(10) })],
      }),
      intercept: (r) =>
        isLate && r.method === 'PATCH'
          ? { status: 409, body: { message: POST_EDIT_WINDOW_MESSAGE } }
          : undefined,
    });
    await panel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const field = screen.getByRole('textbox', { name: 'Edit post' });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'First');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls('PATCH').map((r) => r.body)).toEqual([{ body: 'First', mentions: [] }]),
    );
    const [post] = screen.getAllByTestId('discussion-post');
    expect(await within(post!).findByText('edited')).toBeVisible();
    expect(within(post!).getByText('First')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();

    isLate = true;
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit post' }), '!');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await within(post!).findByRole('alert')).toHaveTextContent(POST_EDIT_WINDOW_MESSAGE);
    expect(screen.getByRole('textbox', { name: 'Edit post' })).toHaveValue('First!');
  });

  it('deletes after a confirmation; the post then says it was deleted', async () => {
    const { calls } = renderPanel({
      me,
      thread: makeThread(OPPORTUNITY_ID, {
        posts: [makePost({ author: me, mine: true, body: 'Oops', editableUntil: inMinutes(10) })],
      }),
    });
    await panel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Post' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete post' }));
    await waitFor(() => expect(calls('DELETE')).toHaveLength(1));
    const [post] = screen.getAllByTestId('discussion-post');
    await waitFor(() => expect(post).toHaveTextContent(POST_DELETED_MESSAGE));
    expect(within(post!).queryByText('Oops')).not.toBeInTheDocument();
  });
});
