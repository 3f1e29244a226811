import {
  POST_EDIT_WINDOW_MESSAGE,
  POST_EDIT_WINDOW_MINUTES,
  POST_NOT_FOUND,
} from '@shared/discussion';
import type {
  DiscussionPerson,
  DiscussionPost,
  DiscussionThread,
} from '@shared/discussion-schemas';
import type { FakeRequest, FakeResponse } from './fake-server';

let counter = 0;
const nextId = (prefix: string) => {
  counter += 1;
  return `${prefix}-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

export const adminPerson: DiscussionPerson = { handle: 'admin-1', label: 'Admin', role: 'admin' };
export const reviewerB: DiscussionPerson = {
  handle: 'Reviewer B',
  label: 'Reviewer B',
  role: 'reviewer',
};
export const reviewerC: DiscussionPerson = {
  handle: 'Reviewer C',
  label: 'Reviewer C',
  role: 'reviewer',
};

/** A visible post by Reviewer B, posted an hour ago, as a reader who did not write it sees it. */
export function makePost(fields: Partial<DiscussionPost> = {}): DiscussionPost {
  return {
    id: nextId('50000000'),
    author: reviewerB,
    mine: false,
    state: 'visible',
    body: 'A post',
    mentions: [],
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    editedAt: null,
    editableUntil: null,
    hiddenReason: null,
    history: null,
    ...fields,
  };
}

/** An open thread of `opportunityId` without posts, where Admin and Reviewer B may be mentioned. */
export function makeThread(
  opportunityId: string,
  fields: Partial<DiscussionThread> = {},
): DiscussionThread {
  return {
    opportunityId,
    number: 7,
    title: 'Solar Roofs',
    state: 'open',
    summary: null,
    resolvedAt: null,
    posts: [],
    unread: 0,
    mentionable: [adminPerson, reviewerB],
    ...fields,
  };
}

type Options = {
  threads: DiscussionThread[];
  /** The caller as an author ('Reviewer A' by default, a reviewer). */
  me?: DiscussionPerson;
  /** Whether the caller is an admin (hidden posts keep their text, history is kept). */
  isAdmin?: boolean;
  /** The answer to GET /api/discussions/unread; by default computed from the threads. */
  unread?: () => FakeResponse;
};

const json = (status: number, body?: unknown): FakeResponse => ({ status, body });

/**
 * The discussion calls of issue 36 over `threads`, stateful like the real server: a read marks the
 * thread read, a post appears in later reads, the edit window is 15 minutes. Mentions of anyone
 * outside a thread's `mentionable` are refused with 400, as the server refuses a mention of
 * someone who may not read it. `handle` answers undefined for any other call.
 */
export function fakeDiscussionServer(options: Options) {
  const threads = new Map(options.threads.map((thread) => [thread.opportunityId, { ...thread }]));
  const me = options.me ?? { handle: 'me', label: 'Reviewer A', role: 'reviewer' };
  const isAdmin = options.isAdmin ?? false;

  const findPost = (postId: string) => {
    for (const thread of threads.values()) {
      const index = thread.posts.findIndex((post) => post.id === postId);
      if (index >= 0) return { thread, index, post: thread.posts[index]! };
    }
    return null;
  };
  const replace = (thread: DiscussionThread, index: number, post: DiscussionPost) => {
    thread.posts = thread.posts.with(index, post);
    return post;
  };

  function checkBody(thread: DiscussionThread, body: unknown, mentions: unknown) {
    if (typeof body !== 'string' || body.trim() === '') {
      return json(400, { message: 'Post text is required' });
    }
    for (const handle of (mentions as string[] | undefined) ?? []) {
      const person = thread.mentionable.find((p) => p.handle === handle);
      if (!person) return json(400, { message: `${handle} cannot read this thread` });
    }
    return null;
  }

  function handle(request: FakeRequest): FakeResponse | undefined {
    const { method, url } = request;
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (method === 'GET' && url === '/api/discussions/unread') {
      if (options.unread) return options.unread();
      const unread = [...threads.values()]
        .filter((thread) => thread.unread > 0)
        .map((thread) => ({ opportunityId: thread.opportunityId, unread: thread.unread }));
      return json(200, { threads: unread, total: unread.length });
    }
    const admin = /^\/api\/admin\/discussion\/posts\/([^/]+)\/(hide|unhide)$/.exec(url);
    if (method === 'POST' && admin) {
      const found = findPost(admin[1]!);
      if (!found) return json(404, { message: POST_NOT_FOUND });
      const post =
        admin[2] === 'hide'
          ? { ...found.post, state: 'hidden' as const, hiddenReason: String(body.reason) }
          : { ...found.post, state: 'visible' as const, hiddenReason: null };
      return json(200, replace(found.thread, found.index, post));
    }
    const resolution = /^\/api\/admin\/opportunities\/([^/]+)\/discussion\/(resolve|reopen)$/.exec(
      url,
    );
    if (method === 'POST' && resolution) {
      const thread = threads.get(resolution[1]!);
      if (!thread) return json(404, { message: 'Opportunity not found' });
      if (resolution[2] === 'resolve') {
        thread.state = 'resolved';
        thread.summary = String(body.summary).trim();
        thread.resolvedAt = new Date().toISOString();
      } else {
        thread.state = 'open';
        thread.resolvedAt = null;
      }
      return json(200, { ...thread });
    }
    const match = /^\/api\/opportunities\/([^/]+)\/discussion(?:\/posts\/([^/]+))?$/.exec(url);
    if (!match) return undefined;
    const thread = threads.get(match[1]!);
    if (!thread) return json(404, { message: 'Opportunity not found' });
    const postId = match[2];
    if (method === 'GET' && !postId) {
      const answer = { ...thread };
      thread.unread = 0;
      return json(200, answer);
    }
    if (method === 'POST' && !postId) {
      const refused = checkBody(thread, body.body, body.mentions);
      if (refused) return refused;
      const now = Date.now();
      const post = makePost({
        author: me,
        mine: true,
        body: body.body as string,
        mentions: thread.mentionable.filter((p) =>
          ((body.mentions as string[]) ?? []).includes(p.handle),
        ),
        createdAt: new Date(now).toISOString(),
        editableUntil: new Date(now + POST_EDIT_WINDOW_MINUTES * 60_000).toISOString(),
        history: isAdmin ? [] : null,
      });
      thread.posts = [...thread.posts, post];
      return json(201, post);
    }
    const found = postId ? findPost(postId) : null;
    if (!found) return json(404, { message: POST_NOT_FOUND });
    const { post, index } = found;
    if (!post.mine) return json(403, { message: 'Only the author may edit or delete a post' });
    if (post.editableUntil === null || Date.parse(post.editableUntil) <= Date.now()) {
      return json(409, { message: POST_EDIT_WINDOW_MESSAGE });
    }
    if (method === 'PATCH') {
      const refused = checkBody(thread, body.body, body.mentions);
      if (refused) return refused;
      const history = post.history
        ? [
            ...post.history,
            { kind: 'edit' as const, body: post.body!, changedAt: new Date().toISOString() },
          ]
        : null;
      return json(
        200,
        replace(thread, index, {
          ...post,
          body: body.body as string,
          editedAt: new Date().toISOString(),
          history,
          mentions: thread.mentionable.filter((p) =>
            ((body.mentions as string[]) ?? []).includes(p.handle),
          ),
        }),
      );
    }
    if (method === 'DELETE') {
      replace(thread, index, { ...post, state: 'deleted', body: null, editableUntil: null });
      return json(204);
    }
    return undefined;
  }

  return {
    handle,
    /** The thread of `opportunityId` as the server holds it now. */
    thread: (opportunityId: string) => threads.get(opportunityId),
  };
}

export type FakeDiscussionServer = ReturnType<typeof fakeDiscussionServer>;
