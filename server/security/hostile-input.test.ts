import { randomBytes } from 'node:crypto';
import { BALLOT_OPEN } from '@shared/ballot';
import { isStorableText } from '@shared/text';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingState } from '../db/schema/index';
import { setupTestApp } from '../test/build-test-app';
import { createDecision } from '../test/factories/decisions';
import { createPost } from '../test/factories/discussions';
import { createImage } from '../test/factories/images';
import { createOpportunity } from '../test/factories/opportunities';
import { SAMPLE_SCORES } from '../test/factories/reviews';
import { nextOpportunityNumber, uniqueEmail, uniqueIp } from '../test/factories/sequence';
import { setSetting } from '../test/factories/settings';
import { createUser } from '../test/factories/users';
import { createSignedInUser } from '../test/http';

/**
 * Property-based hostile input (issue 8): generated JSON bodies and path parameters for every
 * endpoint never cause a 5xx, a refusal never changes a row, and accepted text round-trips.
 */
const ctx = setupTestApp();

// Every table a request could write, fingerprinted by row count and newest row version: any
// insert or update gives a row a newer xmin, a delete lowers the count (without an insert).
const TABLES = [
  'users',
  'opportunities',
  'reviews',
  'comments',
  'viewer_states',
  'settings',
  'invitation_tokens',
  'images',
  'email_notifications',
  'audit_logs',
  'login_attempts',
  'assignments',
  'conflicts',
  'decisions',
  'decision_waitlist',
  'feedback_letters',
  'feedback_letter_items',
  'discussion_threads',
  'discussion_posts',
  'discussion_post_revisions',
  'discussion_reads',
  'discussion_digest_items',
  'discussion_digest_state',
  'meeting_state',
  'ballots',
  // Not `session`: reading a session may move its idle expiry forward, whatever the answer.
] as const;
type Snapshot = Record<(typeof TABLES)[number], string>;

async function snapshot(): Promise<Snapshot> {
  const columns = TABLES.map(
    (table) =>
      `(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from ${table}) as ${table}`,
  );
  const result = await ctx.pool.query<Snapshot>(`select ${columns.join(', ')}`);
  return result.rows[0]!;
}

// --- Generators ---------------------------------------------------------------------------------

const PAYLOADS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\ud83d\ude00',
  '\u202e\u0301\ufeff',
  "'; drop table users; --",
  "' or '1'='1",
  '1; select pg_sleep(10)',
  '$1',
  '%00',
  '%s%s%n',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{7*7}}#{7*7}',
  `$${'{7*7}'}`,
  '=cmd|" /C calc"!A0',
  '__proto__',
  'constructor',
  'true',
  'null',
  '-1',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
];

const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PAYLOADS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  // Huge: past every field's limit, within the 1 MiB body limit.
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'é'.repeat(n)) },
);

const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'role', 'reviewerId', 'isAdmin'),
  fc.string({ unit: 'binary', maxLength: 10 }),
);

/** JSON as a tree whose objects keep their entries in order, so `__proto__` stays a plain key. */
type Json = string | number | boolean | null | Json[] | { entries: Array<[string, Json]> };

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1.5, 6, 2 ** 31, 2 ** 53 + 1, -0),
);

const { json: hostileJson } = fc.letrec<{ json: Json }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('json'), { maxLength: 3 }),
    fc.array(fc.tuple(hostileKey, tie('json')), { maxLength: 3 }).map((entries) => ({ entries })),
  ),
}));

function serialize(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(serialize).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${serialize(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A valid body with some fields replaced, some dropped, and hostile keys added. */
function mutationsOf(valid: () => Record<string, Json>) {
  return fc
    .tuple(
      fc.array(fc.tuple(fc.nat(), hostileJson), { maxLength: 3 }),
      fc.array(fc.nat(), { maxLength: 2 }),
      fc.array(fc.tuple(hostileKey, hostileJson), { maxLength: 2 }),
    )
    .map(([replaced, dropped, extra]) => {
      const entries = Object.entries(valid());
      for (const [index, value] of replaced) {
        if (entries.length) entries[index % entries.length]![1] = value;
      }
      const kept = entries.filter((_, index) => !dropped.includes(index));
      return { entries: [...kept, ...extra] } as Json;
    });
}

/** A valid body with exactly one field's value swapped for hostile text: reaches the handler. */
function oneTextFieldOf(valid: () => Record<string, Json>) {
  return fc.tuple(fc.nat(), hostileText).map(([index, text]) => {
    const entries = Object.entries(valid());
    entries[index % entries.length]![1] = text;
    return { entries } as Json;
  });
}

const bodyFor = (valid: () => Record<string, Json>) =>
  fc.oneof(
    { weight: 1, arbitrary: hostileJson },
    { weight: 2, arbitrary: mutationsOf(valid) },
    { weight: 2, arbitrary: oneTextFieldOf(valid) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '{"a":',
          '[1,2',
          '{"__proto__":{"x":1}}',
          '{"constructor":{"prototype":{"x":1}}}',
          'null',
          '""',
          '\u0000',
        )
        .map((raw) => ({ raw })),
    },
  );

/** Path segments: percent-encoded bytes of any text, raw invalid escapes, traversal. */
const hostileSegment = fc.oneof(
  hostileText
    .filter((text) => text.length < 2_000)
    .map((text) =>
      Array.from(
        Buffer.from(text, 'utf8'),
        (byte) => `%${byte.toString(16).padStart(2, '0')}`,
      ).join(''),
    ),
  fc.constantFrom(
    '%',
    '%zz',
    '%C0%AE',
    '%ED%A0%80',
    '%FF%FE',
    '..',
    '%2e%2e%2f',
    'a%00b',
    '1',
    '0',
    '-1',
  ),
);

// --- Fixtures -----------------------------------------------------------------------------------

let adminCookie: string;
let adminId: string;
let reviewerCookie: string;
let opportunityId: string;
let victimId: string;
let imageId: string;
let reviewerId: string;
/** Opportunities of their own for the conflict calls, so that the saves above stay open. */
let declaredConflictOpportunityId: string;
let recordedConflictOpportunityId: string;
/** Discussion posts (issue 36): the admin's own to edit, a reviewer's to hide. */
let ownPostId: string;
let hideablePostId: string;
/** A finalist of its own (issue 37), so that a valid ballot reaches its save. */
let finalistId: string;
let casesRun = 0;

beforeAll(async () => {
  const admin = await createSignedInUser(ctx.app, ctx.db, 'admin');
  adminCookie = admin.cookie;
  adminId = admin.user.id;
  const reviewer = await createSignedInUser(ctx.app, ctx.db, 'reviewer');
  reviewerCookie = reviewer.cookie;
  reviewerId = reviewer.user.id;
  opportunityId = (await createOpportunity(ctx.db)).id;
  declaredConflictOpportunityId = (await createOpportunity(ctx.db)).id;
  recordedConflictOpportunityId = (await createOpportunity(ctx.db)).id;
  victimId = (await createUser(ctx.db)).id;
  imageId = (await createImage(ctx.db, { width: 40, height: 40 })).id;
  ownPostId = (await createPost(ctx.db, { opportunityId, authorId: adminId })).id;
  hideablePostId = (await createPost(ctx.db, { opportunityId, authorId: reviewerId })).id;
  finalistId = (await createOpportunity(ctx.db)).id;
  await createDecision(ctx.db, { opportunityId: finalistId });
  await setSetting(ctx.db, BALLOT_OPEN, 'true');
  // A meeting in progress, so that a valid move reaches its change.
  await ctx.db.insert(meetingState).values({ active: true, agenda: [opportunityId] });
});

afterAll(() => {
  console.info(`hostile input: ${casesRun} generated requests`);
});

type Endpoint = {
  method: 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  cookie: () => string | undefined;
  valid: () => Record<string, Json>;
  /** Rows a refusal may still write (a failed sign-in is counted and audited). */
  refusalWrites?: Array<keyof Snapshot>;
  runs?: number;
};

/** A nested object of a body, in the generators' form (serialize takes objects as entries). */
const pairJson = (): Json => ({
  entries: [
    ['reviewerId', reviewerId],
    ['opportunityId', opportunityId],
  ],
});

const ENDPOINTS: Record<string, Endpoint> = {
  'POST /api/auth/login': {
    method: 'POST',
    url: () => '/api/auth/login',
    cookie: () => undefined,
    valid: () => ({ email: 'someone@example.test', password: 'a password' }),
    refusalWrites: ['login_attempts', 'audit_logs'],
    runs: 100,
  },
  'POST /api/invitations/:token/accept': {
    method: 'POST',
    url: () => `/api/invitations/${randomBytes(32).toString('base64url')}/accept`,
    cookie: () => undefined,
    valid: () => ({ password: 'a long enough password' }),
  },
  'POST /api/admin/settings': {
    method: 'POST',
    url: () => '/api/admin/settings',
    cookie: () => adminCookie,
    valid: () => ({ key: 'show_reviewer_comments', value: 'false' }),
  },
  'POST /api/admin/reviewers': {
    method: 'POST',
    url: () => '/api/admin/reviewers',
    cookie: () => adminCookie,
    valid: () => ({
      name: 'New Reviewer',
      email: uniqueEmail('new'),
      password: 'a long enough password',
    }),
    runs: 100,
  },
  'PATCH /api/admin/reviewers/:id': {
    method: 'PATCH',
    url: () => `/api/admin/reviewers/${victimId}`,
    cookie: () => adminCookie,
    valid: () => ({ isActive: true }),
  },
  'POST /api/admin/reviewers/bulk-active': {
    method: 'POST',
    url: () => '/api/admin/reviewers/bulk-active',
    cookie: () => adminCookie,
    valid: () => ({ ids: [victimId], isActive: true }),
  },
  'POST /api/admin/reviewers/:id/set-password': {
    method: 'POST',
    url: () => `/api/admin/reviewers/${victimId}/set-password`,
    cookie: () => adminCookie,
    valid: () => ({ password: 'another password' }),
    runs: 100,
  },
  'POST /api/admin/invitations': {
    method: 'POST',
    url: () => '/api/admin/invitations',
    cookie: () => adminCookie,
    valid: () => ({
      email: uniqueEmail('invitee'),
      name: 'Invitee',
      displayName: 'Inv',
      customMessage: 'Welcome',
    }),
  },
  'POST /api/admin/opportunities': {
    method: 'POST',
    url: () => '/api/admin/opportunities',
    cookie: () => adminCookie,
    valid: () => ({
      number: nextOpportunityNumber(),
      title: 'A title',
      description: 'A description',
      tags: ['a', 'b'],
      batch: 'B1',
      status: 'draft',
      imageUrl: '',
    }),
  },
  'PATCH /api/admin/opportunities/:id': {
    method: 'PATCH',
    url: () => `/api/admin/opportunities/${opportunityId}`,
    cookie: () => adminCookie,
    valid: () => ({
      title: 'Edited',
      description: 'Edited description',
      tags: ['x'],
      status: 'published',
    }),
  },
  'POST /api/admin/opportunities/bulk-status': {
    method: 'POST',
    url: () => '/api/admin/opportunities/bulk-status',
    cookie: () => adminCookie,
    valid: () => ({ ids: [opportunityId], status: 'published' }),
  },
  'POST /api/reviewer/reviews': {
    method: 'POST',
    url: () => '/api/reviewer/reviews',
    cookie: () => reviewerCookie,
    valid: () => ({ opportunityId, ...SAMPLE_SCORES }),
  },
  'POST /api/reviewer/comments': {
    method: 'POST',
    url: () => '/api/reviewer/comments',
    cookie: () => reviewerCookie,
    valid: () => ({
      opportunityId,
      howToBiggerBetter: 'More',
      challenges: null,
      otherComments: '',
    }),
  },
  'POST /api/reviewer/viewer-state': {
    method: 'POST',
    url: () => '/api/reviewer/viewer-state',
    cookie: () => reviewerCookie,
    valid: () => ({ lastOpportunityId: opportunityId }),
  },
  'POST /api/reviewer/opportunities/:id/conflict': {
    method: 'POST',
    url: () => `/api/reviewer/opportunities/${declaredConflictOpportunityId}/conflict`,
    cookie: () => reviewerCookie,
    valid: () => ({ reason: 'I know the team' }),
  },
  'PUT /api/reviewer/ballot': {
    method: 'PUT',
    url: () => '/api/reviewer/ballot',
    cookie: () => reviewerCookie,
    valid: () => ({ ranking: [[finalistId]] }),
  },
  'POST /api/admin/assignments': {
    method: 'POST',
    url: () => '/api/admin/assignments',
    cookie: () => adminCookie,
    valid: () => ({ pairs: [pairJson()] }),
  },
  'POST /api/admin/assignments/remove': {
    method: 'POST',
    url: () => '/api/admin/assignments/remove',
    cookie: () => adminCookie,
    valid: () => ({ pairs: [pairJson()], confirmReviewed: true }),
  },
  'POST /api/admin/assignments/auto': {
    method: 'POST',
    url: () => '/api/admin/assignments/auto',
    cookie: () => adminCookie,
    valid: () => ({ perOpportunity: 1, apply: false }),
    runs: 100,
  },
  'POST /api/admin/assignments/import': {
    method: 'POST',
    url: () => '/api/admin/assignments/import',
    cookie: () => adminCookie,
    valid: () => ({ csv: 'email,number\n' }),
  },
  'POST /api/admin/conflicts': {
    method: 'POST',
    url: () => '/api/admin/conflicts',
    cookie: () => adminCookie,
    valid: () => ({
      reviewerId,
      opportunityId: recordedConflictOpportunityId,
      reason: 'Co-founder',
    }),
  },
  'PUT /api/admin/opportunities/:id/decision': {
    method: 'PUT',
    url: () => `/api/admin/opportunities/${opportunityId}/decision`,
    cookie: () => adminCookie,
    valid: () => ({ outcome: 'shortlisted', rationale: 'Strong pilot' }),
  },
  'POST /api/admin/decisions/bulk': {
    method: 'POST',
    url: () => '/api/admin/decisions/bulk',
    cookie: () => adminCookie,
    valid: () => ({ ids: [opportunityId], outcome: 'waitlisted', rationale: '' }),
  },
  'POST /api/admin/decisions/release': {
    method: 'POST',
    url: () => '/api/admin/decisions/release',
    cookie: () => adminCookie,
    valid: () => ({ ids: [opportunityId], sendLetters: false, dryRun: true }),
  },
  'PATCH /api/admin/decisions/waitlist': {
    method: 'PATCH',
    url: () => '/api/admin/decisions/waitlist',
    cookie: () => adminCookie,
    valid: () => ({ ids: [] }),
  },
  'PUT /api/admin/meeting': {
    method: 'PUT',
    url: () => '/api/admin/meeting',
    cookie: () => adminCookie,
    valid: () => ({ agenda: [opportunityId] }),
  },
  'POST /api/admin/meeting/current': {
    method: 'POST',
    url: () => '/api/admin/meeting/current',
    cookie: () => adminCookie,
    valid: () => ({ index: 0 }),
  },
  'PUT /api/admin/opportunities/:id/letter': {
    method: 'PUT',
    url: () => `/api/admin/opportunities/${opportunityId}/letter`,
    cookie: () => adminCookie,
    valid: () => ({ message: 'Thank you', includeBand: true, items: [] }),
  },
  'POST /api/opportunities/:id/discussion': {
    method: 'POST',
    url: () => `/api/opportunities/${opportunityId}/discussion`,
    cookie: () => adminCookie,
    valid: () => ({ body: 'A view on it', mentions: [reviewerId] }),
  },
  'PATCH /api/opportunities/:id/discussion/posts/:postId': {
    method: 'PATCH',
    url: () => `/api/opportunities/${opportunityId}/discussion/posts/${ownPostId}`,
    cookie: () => adminCookie,
    valid: () => ({ body: 'An edited view', mentions: [] }),
  },
  'POST /api/admin/discussion/posts/:postId/hide': {
    method: 'POST',
    url: () => `/api/admin/discussion/posts/${hideablePostId}/hide`,
    cookie: () => adminCookie,
    valid: () => ({ reason: 'Off-topic' }),
  },
  'POST /api/admin/opportunities/:id/discussion/resolve': {
    method: 'POST',
    url: () => `/api/admin/opportunities/${opportunityId}/discussion/resolve`,
    cookie: () => adminCookie,
    valid: () => ({ summary: 'Agreed: fund the pilot' }),
  },
};

async function send(endpoint: Endpoint, payload: string) {
  casesRun++;
  const cookie = endpoint.cookie();
  return ctx.app.inject({
    method: endpoint.method,
    url: endpoint.url(),
    payload,
    remoteAddress: uniqueIp(),
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });
}

function expectCleanError(response: Awaited<ReturnType<typeof send>>, label: string) {
  expect(response.statusCode, label).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = response.json();
    expect(typeof body.message, label).toBe('string');
    // No stack, no SQL in a refusal.
    expect(response.body, label).not.toMatch(
      /\bat .+\.(ts|js):\d+|select .+ from |PostgreSQL|syntax error/i,
    );
  }
}

describe('generated JSON bodies', () => {
  it('covers every route that takes a JSON body', () => {
    const withBody = ctx.app.declaredRoutes
      .filter((route) => route.hasBody)
      .map((route) => `${route.method} ${route.url}`);
    expect(new Set(withBody)).toEqual(new Set(Object.keys(ENDPOINTS)));
  });

  it.each(Object.keys(ENDPOINTS))('%s: no 5xx, and a refusal changes nothing', async (name) => {
    const endpoint = ENDPOINTS[name]!;
    await fc.assert(
      fc.asyncProperty(bodyFor(endpoint.valid), async (body) => {
        const before = await snapshot();
        const payload =
          body !== null && typeof body === 'object' && 'raw' in body ? body.raw : serialize(body);
        const response = await send(endpoint, payload);
        expectCleanError(response, `${name} ${payload.slice(0, 200)}`);
        if (response.statusCode >= 400) {
          const after = await snapshot();
          for (const table of TABLES) {
            if (endpoint.refusalWrites?.includes(table)) continue;
            expect(after[table], `${name} ${response.statusCode} changed ${table}`).toBe(
              before[table],
            );
          }
        }
      }),
      { numRuns: endpoint.runs ?? 200 },
    );
  });
});

describe('text the database cannot store', () => {
  // Found by the properties above: NUL made PostgreSQL fail (22021, a 500) and a lone surrogate
  // was stored as U+FFFD, i.e. silently changed. Both are now a 400 naming the field.
  it.each([
    [
      'PATCH',
      (): string => `/api/admin/opportunities/${opportunityId}`,
      { title: 'a\u0000b' },
      'title',
    ],
    [
      'PATCH',
      (): string => `/api/admin/opportunities/${opportunityId}`,
      { tags: ['ok', 'x\ud800'] },
      'tags.1',
    ],
    [
      'POST',
      (): string => '/api/admin/invitations',
      { email: 'nul@example.test', name: 'N\u0000' },
      'name',
    ],
    [
      'POST',
      (): string => '/api/admin/reviewers',
      { email: 'nul@example.test', name: 'x', password: 'p\u0000ssword', '\udfff': 1 },
      'password',
    ],
  ] as const)('%s %s %j answers 400 and changes nothing', async (method, url, payload, path) => {
    const before = await snapshot();
    const response = await ctx.app.inject({
      method,
      url: url(),
      payload,
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({
      path,
      message: 'Text cannot contain NUL characters or lone surrogates',
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe('generated query strings', () => {
  const encode = (text: string) =>
    Array.from(Buffer.from(text, 'utf8'), (byte) => `%${byte.toString(16).padStart(2, '0')}`).join(
      '',
    );
  const pair = fc
    .tuple(
      fc.oneof(
        fc.constantFrom(
          'w',
          'w[]',
          '__proto__',
          'constructor[prototype]',
          '__proto__[w]',
          'batch',
          'reviewerId',
        ),
        hostileKey,
      ),
      fc.oneof(
        fc.constantFrom('320', '640', '0', '-1', '99999', '1e3', '320.0', ''),
        hostileText.filter((t) => t.length < 500),
      ),
    )
    .map(([key, value]) => `${encode(key)}=${encode(value)}`);
  const query = fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => pairs.join('&'));

  it('every route with a query schema: no 5xx', async () => {
    const routes = ctx.app.declaredRoutes.filter(
      (route) => route.hasQuery && route.method === 'GET',
    );
    expect(routes.map((route) => route.url).sort()).toEqual([
      '/api/admin/assignments',
      '/api/images/:id',
    ]);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(query, async (search) => {
          casesRun++;
          const response = await ctx.app.inject({
            method: 'GET',
            url: `${route.url.replace(':id', imageId)}?${search}`,
            headers: { cookie: adminCookie },
          });
          expectCleanError(response, `${route.url}?${search.slice(0, 200)}`);
          if (response.statusCode === 200 && route.url === '/api/images/:id') {
            expect(response.headers['content-type']).toMatch(/^image\//);
          }
        }),
        { numRuns: 100 },
      );
    }
  });
});

describe('deeply nested JSON', () => {
  it.each([1_000, 4_000, 20_000, 300_000])('%i levels answer 400, never a 5xx', async (depth) => {
    for (const [open, close] of [
      ['[', ']'],
      ['{"a":', '}'],
    ] as const) {
      const payload = `${open.repeat(depth)}"\u0000"${close.repeat(depth)}`;
      if (payload.length > 1024 * 1024) continue;
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/reviewer/comments',
        payload,
        headers: { 'content-type': 'application/json', cookie: reviewerCookie },
      });
      expect(response.statusCode, `${depth} x ${open}`).toBe(400);
    }
  });
});

describe('generated path parameters', () => {
  // 30 requests and snapshots per route with a parameter: the time grows with the API.
  it('every route with a parameter: no 5xx, and a refusal changes nothing', async () => {
    const routes = ctx.app.declaredRoutes.filter(
      (route) => route.url.includes(':') && route.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const route of routes) {
      const cookie =
        route.access === 'admin' || route.access === 'signed-in'
          ? adminCookie
          : route.access === 'reviewer'
            ? reviewerCookie
            : undefined;
      await fc.assert(
        fc.asyncProperty(hostileSegment, async (segment) => {
          const url = route.url.replace(/:\w+/, segment);
          const before = await snapshot();
          casesRun++;
          const response = await ctx.app.inject({
            method: route.method as 'GET',
            url,
            remoteAddress: uniqueIp(),
            headers: cookie ? { cookie } : {},
          });
          expectCleanError(response, `${route.method} ${url.slice(0, 200)}`);
          if (response.statusCode >= 400) expect(await snapshot()).toEqual(before);
        }),
        { numRuns: 30 },
      );
    }
  }, 120_000);
});

// Text that PostgreSQL can hold: anything but NUL and lone surrogates, hostile payloads included.
const storableText = fc
  .oneof(
    fc.constantFrom(...PAYLOADS),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.string({ unit: 'grapheme', maxLength: 200 }),
  )
  .filter(isStorableText);

describe('accepted text comes back byte-identical', () => {
  it('comments: the four fields as sent, in the answer and on reload', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          howToBiggerBetter: storableText,
          challenges: storableText,
          howToGetGoing: storableText,
          otherComments: storableText,
        }),
        async (fields) => {
          casesRun++;
          const response = await ctx.app.inject({
            method: 'POST',
            url: '/api/reviewer/comments',
            payload: { opportunityId, ...fields },
            headers: { cookie: reviewerCookie },
          });
          expect(response.statusCode).toBe(200);
          expect(response.json()).toMatchObject(fields);
          const reload = await ctx.app.inject({
            method: 'GET',
            url: `/api/reviewer/opportunities/${opportunityId}`,
            headers: { cookie: reviewerCookie },
          });
          expect(reload.json().userComment).toMatchObject(fields);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('discussion posts: the body as sent, in the answer and on reload', async () => {
    const body = storableText.filter((text) => text.trim() !== '' && text.length <= 5000);
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        casesRun++;
        const url = `/api/opportunities/${opportunityId}/discussion`;
        const response = await ctx.app.inject({
          method: 'POST',
          url,
          payload: { body: text },
          headers: { cookie: reviewerCookie },
        });
        expect(response.statusCode).toBe(201);
        expect(response.json().body).toBe(text);
        const reload = await ctx.app.inject({
          method: 'GET',
          url,
          headers: { cookie: adminCookie },
        });
        const stored = reload
          .json()
          .posts.find((post: { id: string }) => post.id === response.json().id);
        expect(stored.body).toBe(text);
      }),
      { numRuns: 80 },
    );
  });

  it('opportunities: title (trimmed), description, batch and tags as sent', async () => {
    const title = storableText.filter((text) => text.trim() !== '' && text.length <= 500);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          title,
          description: storableText,
          batch: title.filter((text) => text.length <= 100),
          tags: fc.array(
            title.filter((text) => text.length <= 100),
            { maxLength: 3 },
          ),
        }),
        async (fields) => {
          casesRun++;
          const response = await ctx.app.inject({
            method: 'PATCH',
            url: `/api/admin/opportunities/${opportunityId}`,
            payload: fields,
            headers: { cookie: adminCookie },
          });
          expect(response.statusCode).toBe(200);
          const expected = {
            title: fields.title.trim(),
            description: fields.description,
            batch: fields.batch.trim(),
            tags: fields.tags.map((tag) => tag.trim()),
          };
          expect(response.json()).toMatchObject(expected);
          const list = await ctx.app.inject({
            method: 'GET',
            url: '/api/admin/opportunities',
            headers: { cookie: adminCookie },
          });
          const stored = list.json().find((row: { id: string }) => row.id === opportunityId);
          expect(stored).toMatchObject(expected);
        },
      ),
      { numRuns: 80 },
    );
  });
});
