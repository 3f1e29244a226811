import {
  type DiscussionThread,
  discussionPostSchema,
  discussionThreadSchema,
  unreadThreadsSchema,
} from '@shared/discussion-schemas';
import { reviewerCommentSchema } from '@shared/reviewer-schemas';
import { SHOW_REVIEWER_COMMENTS, SHOW_REVIEWER_NAMES } from '@shared/settings';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setupTestApp } from '../../test/build-test-app';
import { createComment } from '../../test/factories/comments';
import { createConflict } from '../../test/factories/conflicts';
import { createPost } from '../../test/factories/discussions';
import { createOpportunity } from '../../test/factories/opportunities';
import { setSetting } from '../../test/factories/settings';
import { createUser, type TestUser } from '../../test/factories/users';
import { createSignedInUser, requestsAs, signIn } from '../../test/http';

// Names hidden (issue 36 section 1): with show_reviewer_names 'false', a reviewer learns no other
// person's name, display name, email or id from any discussion call: reviewers are the labels of
// their comments ("Reviewer B"), admins "Admin". Every string of every answer the reviewer gets is
// walked and checked.

const ctx = setupTestApp();

type Cast = {
  opportunityId: string;
  caller: TestUser & { cookie: string };
  /** Commented second and first: their comment labels are B and A. */
  first: TestUser;
  second: TestUser;
  /** Posted without a comment: the label after the comments. */
  poster: TestUser;
  /** May read, wrote nothing. */
  silent: TestUser;
  /** Commented, then declared a conflict: still labelled, not a reader. */
  conflicted: TestUser;
  admin: TestUser & { cookie: string };
  otherAdmin: TestUser;
};
const cast = {} as Cast;

/** Every name-bearing value of everyone but the caller, which no reviewer answer may contain. */
let secrets: string[] = [];

beforeAll(async () => {
  await setSetting(ctx.db, SHOW_REVIEWER_COMMENTS, 'true');
  await setSetting(ctx.db, SHOW_REVIEWER_NAMES, 'false');
  cast.opportunityId = (await createOpportunity(ctx.db)).id;
  const person = (
    name: string,
    displayName: string | null,
    role: 'admin' | 'reviewer' = 'reviewer',
  ) => createUser(ctx.db, { name, displayName, role });
  cast.second = await person('Quentin Secondus', 'QSecond');
  cast.first = await person('Priya Primera', 'PPrime');
  cast.poster = await person('Rowan Postwright', null);
  cast.silent = await person('Sigrid Silentia', 'Siggy');
  cast.conflicted = await person('Tobias Conflictor', 'Toby');
  cast.otherAdmin = await person('Ursula Overseer', 'UrsOver', 'admin');
  const adminUser = await person('Victor Administrant', 'VicAdmin', 'admin');
  cast.admin = { ...adminUser, cookie: await signIn(ctx.app, adminUser) };
  const callerUser = await person('Wanda Caller', 'Wanda');
  cast.caller = { ...callerUser, cookie: await signIn(ctx.app, callerUser) };
  // Comment order (submitted_at, id): first, the caller, second, conflicted.
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 9, minutes));
  for (const [user, minutes] of [
    [cast.first, 1],
    [cast.caller, 2],
    [cast.second, 3],
    [cast.conflicted, 4],
  ] as const) {
    await createComment(ctx.db, {
      opportunityId: cast.opportunityId,
      reviewerId: user.id,
      submittedAt: at(minutes),
    });
  }
  await createConflict(ctx.db, {
    reviewerId: cast.conflicted.id,
    opportunityId: cast.opportunityId,
  });
  for (const author of [cast.second, cast.poster, cast.first, cast.otherAdmin]) {
    await createPost(ctx.db, {
      opportunityId: cast.opportunityId,
      authorId: author.id,
      body: 'A view on the pilot',
      mentions: [cast.caller.id, cast.silent.id, cast.admin.id],
    });
  }
  secrets = [
    cast.first,
    cast.second,
    cast.poster,
    cast.silent,
    cast.conflicted,
    cast.otherAdmin,
    cast.admin,
  ].flatMap((user) =>
    [user.id, user.email, user.name, user.displayName].filter((v): v is string => Boolean(v)),
  );
});

/** Every string in a JSON value, keys included. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...stringsOf(inner)]);
  }
  return [];
}

function expectNoSecrets(label: string, body: string) {
  const strings = stringsOf(JSON.parse(body));
  for (const secret of secrets) {
    const leaks = strings.filter((s) => s.toLowerCase().includes(secret.toLowerCase()));
    expect(leaks, `${label} leaks ${secret}`).toEqual([]);
  }
}

const threadUrl = () => `/api/opportunities/${cast.opportunityId}/discussion`;

describe('a reviewer with names hidden', () => {
  const asCaller = requestsAs(ctx, () => cast.caller.cookie);
  const answers: Array<[string, string]> = [];
  let thread: DiscussionThread;

  it('sees others by their comment labels, posters after them, admins as "Admin"', async () => {
    const response = await asCaller('GET', threadUrl());
    expect(response.statusCode).toBe(200);
    answers.push(['thread', response.body]);
    thread = discussionThreadSchema.parse(response.json());
    expect(thread.posts.map((post) => post.author)).toEqual([
      { handle: 'Reviewer C', label: 'Reviewer C', role: 'reviewer' },
      { handle: 'Reviewer E', label: 'Reviewer E', role: 'reviewer' },
      { handle: 'Reviewer A', label: 'Reviewer A', role: 'reviewer' },
      { handle: 'Admin', label: 'Admin', role: 'admin' },
    ]);
    // The caller knows themselves; the silent reader comes after the posters; every admin is one.
    expect(thread.posts[0]!.mentions).toEqual([
      { handle: cast.caller.id, label: 'Wanda', role: 'reviewer' },
      { handle: 'Reviewer F', label: 'Reviewer F', role: 'reviewer' },
      { handle: 'Admin', label: 'Admin', role: 'admin' },
    ]);
    expect(thread.mentionable).toEqual([
      { handle: 'Admin', label: 'Admin', role: 'admin' },
      { handle: 'Reviewer A', label: 'Reviewer A', role: 'reviewer' },
      { handle: 'Reviewer C', label: 'Reviewer C', role: 'reviewer' },
      { handle: 'Reviewer E', label: 'Reviewer E', role: 'reviewer' },
      { handle: 'Reviewer F', label: 'Reviewer F', role: 'reviewer' },
    ]);
  });

  it("labels commenters exactly as their comments are labelled on the reviewer's detail", async () => {
    const response = await asCaller(
      'GET',
      `/api/reviewer/opportunities/${cast.opportunityId}/comments`,
    );
    expect(response.statusCode).toBe(200);
    answers.push(['comments', response.body]);
    const comments = z.array(reviewerCommentSchema).parse(response.json());
    // The caller's own comment is not listed, and the conflicted reviewer's does not count.
    expect(comments.map((comment) => comment.reviewer.name)).toEqual(['Reviewer A', 'Reviewer C']);
    const authors = thread.posts.map((post) => post.author.label);
    expect(authors).toContain('Reviewer A');
    expect(authors).toContain('Reviewer C');
  });

  it('posts, edits, mentions and reads the unread counts without learning a name', async () => {
    const posted = await asCaller('POST', threadUrl(), {
      body: 'Reviewer C and the admins: agreed',
      mentions: ['Reviewer C', 'Admin', 'Reviewer F'],
    });
    expect(posted.statusCode, posted.body).toBe(201);
    answers.push(['post', posted.body]);
    const post = discussionPostSchema.parse(posted.json());
    expect(post.author).toEqual({ handle: cast.caller.id, label: 'Wanda', role: 'reviewer' });

    const edited = await asCaller('PATCH', `${threadUrl()}/posts/${post.id}`, {
      body: 'Reviewer A: agreed',
      mentions: ['Reviewer A'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    answers.push(['edit', edited.body]);

    // The conflicted commenter (Reviewer D), an id, and nobody: refused by label only.
    for (const mentions of [['Reviewer D'], [cast.first.id], ['Priya Primera'], ['Reviewer Z']]) {
      const refused = await asCaller('POST', threadUrl(), { body: 'x', mentions });
      expect(refused.statusCode).toBe(400);
      answers.push([`refusal ${mentions}`, refused.body]);
    }

    await createPost(ctx.db, {
      opportunityId: cast.opportunityId,
      authorId: cast.second.id,
      body: 'Later',
    });
    const unread = await asCaller('GET', '/api/discussions/unread');
    answers.push(['unread', unread.body]);
    expect(unreadThreadsSchema.parse(unread.json())).toEqual({
      threads: [{ opportunityId: cast.opportunityId, unread: 1 }],
      total: 1,
    });
    const again = await asCaller('GET', threadUrl());
    answers.push(['thread again', again.body]);
    expect(again.json().unread).toBe(1);

    const deleted = await asCaller('DELETE', `${threadUrl()}/posts/${post.id}`);
    expect(deleted.statusCode).toBe(204);
    answers.push(['after delete', (await asCaller('GET', threadUrl())).body]);
  });

  it('never carries another person’s id, email, name or display name, in any of those answers', () => {
    expect(answers.length).toBeGreaterThanOrEqual(10);
    for (const [label, body] of answers) expectNoSecrets(label, body);
  });
});

describe('with names shown, or to an admin', () => {
  it('an admin sees names and ids whatever the setting', async () => {
    const asAdmin = requestsAs(ctx, () => cast.admin.cookie);
    const thread = discussionThreadSchema.parse((await asAdmin('GET', threadUrl())).json());
    expect(thread.posts[0]!.author).toEqual({
      handle: cast.second.id,
      label: 'QSecond',
      role: 'reviewer',
    });
    expect(thread.posts[3]!.author).toEqual({
      handle: cast.otherAdmin.id,
      label: 'UrsOver',
      role: 'admin',
    });
  });

  it('a reviewer sees display names (or names) with ids once names are shown', async () => {
    await setSetting(ctx.db, SHOW_REVIEWER_NAMES, 'true');
    const reader = await createSignedInUser(ctx.app, ctx.db);
    const asReader = requestsAs(ctx, () => reader.cookie);
    const thread = discussionThreadSchema.parse((await asReader('GET', threadUrl())).json());
    expect(thread.posts.slice(0, 4).map((post) => [post.author.handle, post.author.label])).toEqual(
      [
        [cast.second.id, 'QSecond'],
        [cast.poster.id, 'Rowan Postwright'],
        [cast.first.id, 'PPrime'],
        [cast.otherAdmin.id, 'UrsOver'],
      ],
    );
    await setSetting(ctx.db, SHOW_REVIEWER_NAMES, 'false');
  });
});
