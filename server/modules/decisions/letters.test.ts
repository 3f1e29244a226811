import {
  type FeedbackLetter,
  feedbackLetterSchema,
  type LetterEditor,
  letterEditorSchema,
} from '@shared/decision-schemas';
import { LETTER_COMMENT_FIELDS } from '@shared/decisions';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, comments, decisions, emailNotifications } from '../../db/schema/index';
import { setupSecondApp, setupTestApp } from '../../test/build-test-app';
import { createComment } from '../../test/factories/comments';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview, scoresOf } from '../../test/factories/reviews';
import { setSetting } from '../../test/factories/settings';
import { createUser, type TestUser } from '../../test/factories/users';
import { type AccessFixtures, createAccessFixtures, type Method, send } from '../../test/http';

// Issue 35, section 2: the feedback letter. What the owner receives never names a reviewer, a
// redaction keeps the original, and a release queues each letter exactly once, whatever instance
// or restart.

const ctx = setupTestApp();
const second = setupSecondApp(ctx);
let access: AccessFixtures;

const call = (method: Method, url: string, payload?: unknown, app = ctx.app) =>
  send(app, {
    method,
    url,
    cookie: access.admin.cookie,
    payload: payload as Record<string, unknown>,
  });
async function ok<T>(method: Method, url: string, payload?: unknown): Promise<T> {
  const response = await call(method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json() as T;
}
const editor = async (id: string) =>
  letterEditorSchema.parse(await ok<LetterEditor>('GET', `/api/admin/opportunities/${id}/letter`));
const preview = async (id: string) =>
  feedbackLetterSchema.parse(
    await ok<FeedbackLetter>('GET', `/api/admin/opportunities/${id}/feedback`),
  );
const lettersQueued = () =>
  ctx.db
    .select()
    .from(emailNotifications)
    .where(eq(emailNotifications.type, 'decision_letter'))
    .orderBy(asc(emailNotifications.createdAt));

const reviewers: TestUser[] = [];
type Opportunity = Awaited<ReturnType<typeof createOpportunity>>;
let owned: Opportunity;
let unowned: Opportunity;

/** Every identity a letter must never carry: names, display names, emails and ids. */
const identities = () =>
  reviewers.flatMap((r) => [r.name, r.displayName!, r.email, r.id, r.email.split('@')[0]!]);

function expectNoIdentity(letter: { subject: string; text: string; html: string }) {
  for (const part of [letter.subject, letter.text, letter.html]) {
    for (const identity of identities()) {
      expect(part.toLowerCase(), identity).not.toContain(identity.toLowerCase());
    }
  }
}

beforeAll(async () => {
  access = await createAccessFixtures(ctx.app, ctx.db);
  for (const [name, display] of [
    ['Zebulon Quartermaine', 'Zeb Q'],
    ['Ottoline Vantablack', 'Otto V'],
    ['Marisol Featherstonehaugh', 'Mari F'],
  ]) {
    reviewers.push(await createUser(ctx.db, { name, displayName: display }));
  }
  owned = await createOpportunity(ctx.db, {
    title: 'Tidal storage',
    ownerName: 'Ada Owner',
    ownerEmail: 'ada.owner@example.org',
  });
  unowned = await createOpportunity(ctx.db, { title: 'No owner yet' });
  for (const [i, reviewer] of reviewers.entries()) {
    for (const opportunity of [owned, unowned]) {
      await createReview(ctx.db, {
        opportunityId: opportunity.id,
        reviewerId: reviewer.id,
        scores: scoresOf([5 - i, 4, 4, 3, 4]),
      });
      await createComment(ctx.db, {
        opportunityId: opportunity.id,
        reviewerId: reviewer.id,
        howToBiggerBetter: `Bigger idea number ${i + 1}: partner with ports.`,
        challenges: `Challenge ${i + 1}: permits take long.`,
        howToGetGoing: i === 2 ? '   ' : `Get going ${i + 1}: a pilot in one harbour.`,
        otherComments: i === 0 ? 'Frankly the pitch deck was sloppy and rude.' : null,
      });
    }
  }
});

describe('the letter editor', () => {
  it('offers every comment that holds text, labelled in the order of their first save', async () => {
    const body = await editor(owned.id);
    expect(body).toMatchObject({ message: '', includeBand: false, items: [], updatedAt: null });
    expect(body.sources.map((s) => [s.label, s.name])).toEqual(
      reviewers.map((r, i) => [`Reviewer ${'ABC'[i]}`, r.name]),
    );
    expect(body.sources[2]!.fields.howToGetGoing).toBe('   ');
  });

  it('refuses an item that quotes nothing (blank, absent or another opportunity) and saves nothing', async () => {
    for (const item of [
      { reviewerId: reviewers[2]!.id, field: 'howToGetGoing', text: 'Invented' },
      { reviewerId: reviewers[1]!.id, field: 'otherComments', text: 'Invented' },
      { reviewerId: access.admin.user.id, field: 'challenges', text: 'Invented' },
    ]) {
      const response = await call('PUT', `/api/admin/opportunities/${owned.id}/letter`, {
        message: 'Hello',
        items: [item],
      });
      expect(response.statusCode, JSON.stringify(item)).toBe(400);
      expect(response.json().message).toMatch(/No comment to quote/);
    }
    const bad = await call('PUT', `/api/admin/opportunities/${owned.id}/letter`, {
      items: [{ reviewerId: reviewers[0]!.id, field: 'secret', text: 'x' }],
    });
    expect(bad.statusCode).toBe(400);
    expect((await editor(owned.id)).updatedAt).toBeNull();
  });

  it('keeps the original of a redacted comment in the comment and the audit log', async () => {
    const original = 'Frankly the pitch deck was sloppy and rude.';
    const saved = letterEditorSchema.parse(
      await ok('PUT', `/api/admin/opportunities/${owned.id}/letter`, {
        message: 'Thank you for applying.\nWe enjoyed the pitch.',
        includeBand: true,
        items: [
          {
            reviewerId: reviewers[0]!.id,
            field: 'howToBiggerBetter',
            text: 'Bigger idea number 1: partner with ports.',
          },
          {
            reviewerId: reviewers[1]!.id,
            field: 'howToGetGoing',
            text: 'Get going 2: a pilot in one harbour.',
          },
          {
            reviewerId: reviewers[0]!.id,
            field: 'otherComments',
            text: 'The pitch deck could be tighter.',
          },
        ],
      }),
    );
    expect(saved.items.map((item) => [item.field, item.redacted])).toEqual([
      ['howToBiggerBetter', false],
      ['howToGetGoing', false],
      ['otherComments', true],
    ]);
    const [comment] = await ctx.db
      .select()
      .from(comments)
      .where(eq(comments.reviewerId, reviewers[0]!.id))
      .limit(1);
    expect(comment!.otherComments).toBe(original);
    const [audit] = await ctx.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'letter.update'));
    expect(JSON.stringify(audit!.changes)).toContain(original);
    expect(JSON.stringify(audit!.changes)).toContain('The pitch deck could be tighter.');
  });
});

describe('a comment quoted as written', () => {
  it('is no redaction, whatever spaces and line ends surround it', async () => {
    const padded = await createOpportunity(ctx.db, { title: 'Padded' });
    await createComment(ctx.db, {
      opportunityId: padded.id,
      reviewerId: reviewers[0]!.id,
      howToBiggerBetter: '\n  Padded idea.\n\n',
    });
    const saved = letterEditorSchema.parse(
      await ok('PUT', `/api/admin/opportunities/${padded.id}/letter`, {
        items: [
          {
            reviewerId: reviewers[0]!.id,
            field: 'howToBiggerBetter',
            text: '\n  Padded idea.\n\n',
          },
        ],
      }),
    );
    expect(saved.items).toEqual([
      {
        reviewerId: reviewers[0]!.id,
        field: 'howToBiggerBetter',
        text: 'Padded idea.',
        redacted: false,
      },
    ]);
  });
});

describe('the letter the owner receives', () => {
  it('is 409 while the opportunity has no decision', async () => {
    const response = await call('GET', `/api/admin/opportunities/${owned.id}/feedback`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/no decision yet/);
  });

  it('states the outcome, the message, the band and the chosen texts, redacted, and never a reviewer', async () => {
    await ok('PUT', `/api/admin/opportunities/${owned.id}/decision`, { outcome: 'accepted' });
    const letter = await preview(owned.id);
    expect(letter.to).toEqual({ name: 'Ada Owner', email: 'ada.owner@example.org' });
    expect(letter).toMatchObject({ outcome: 'accepted', state: 'draft' });
    expect(letter.subject).toBe(`Decision on #${owned.number} "Tidal storage": Accepted`);
    expect(letter.text).toContain('Dear Ada Owner,');
    expect(letter.text).toContain('> Thank you for applying.\n> We enjoyed the pitch.');
    expect(letter.text).toMatch(/yours placed in top \d+%|yours placed in the lower half/);
    expect(letter.text).toContain('How to make this bigger and better:\n\n> Bigger idea number 1');
    expect(letter.text).toContain('> The pitch deck could be tighter.');
    expect(letter.text).not.toContain('sloppy');
    expect(letter.html).not.toContain('sloppy');
    expect(letter.html).toContain(
      '<blockquote>Thank you for applying.<br>We enjoyed the pitch.</blockquote>',
    );
    expectNoIdentity(letter);
  });

  it('names no reviewer for any comment a panel wrote, with names shown or hidden', async () => {
    const all = await editor(unowned.id);
    const items = all.sources.flatMap((source) =>
      LETTER_COMMENT_FIELDS.filter((field) => /\S/.test(source.fields[field] ?? '')).map(
        (field) => ({ reviewerId: source.reviewerId, field, text: source.fields[field]! }),
      ),
    );
    expect(items).toHaveLength(3 * 4 - 1 - 2);
    await ok('PUT', `/api/admin/opportunities/${unowned.id}/letter`, { items, includeBand: true });
    await ok('PUT', `/api/admin/opportunities/${unowned.id}/decision`, { outcome: 'declined' });
    for (const shown of ['true', 'false'] as const) {
      await setSetting(ctx.db, 'show_reviewer_names', shown);
      const letter = await preview(unowned.id);
      for (const item of items) expect(letter.text).toContain(item.text.trim().split('\n')[0]!);
      expectNoIdentity(letter);
    }
  });

  it('is the outcome alone when nothing was added', async () => {
    const bare = await createOpportunity(ctx.db, { title: 'Bare', ownerEmail: 'bare@example.org' });
    await ok('PUT', `/api/admin/opportunities/${bare.id}/decision`, { outcome: 'waitlisted' });
    const letter = await preview(bare.id);
    expect(letter.text).toBe(
      `Dear applicant,\n\nThe review panel has reached its decision on opportunity #${bare.number} "Bare": Waitlisted.\n\n-- Assay\n`,
    );
    expect(letter.to).toEqual({ name: null, email: 'bare@example.org' });
  });
});

describe('sending letters', () => {
  it('queues nothing without sendLetters, and nothing for a draft', async () => {
    const dry = await ok<{ letters: unknown[] }>('POST', '/api/admin/decisions/release', {
      ids: [unowned.id],
      dryRun: true,
      sendLetters: true,
    });
    expect(dry.letters).toEqual([]);
    await ok('POST', '/api/admin/decisions/release', { ids: [unowned.id] });
    expect(await lettersQueued()).toEqual([]);
  });

  it('queues each letter exactly once, with two instances releasing at once and on a later release', async () => {
    const expected = await preview(owned.id);
    const dry = await ok<{ letters: Array<{ to: string }>; withoutOwnerEmail: number[] }>(
      'POST',
      '/api/admin/decisions/release',
      { sendLetters: true, dryRun: true },
    );
    expect(dry.letters.map((l) => l.to).sort()).toEqual([
      'ada.owner@example.org',
      'bare@example.org',
    ]);
    expect(await lettersQueued()).toEqual([]);
    const [a, b] = await Promise.all([
      call('POST', '/api/admin/decisions/release', { sendLetters: true }),
      call('POST', '/api/admin/decisions/release', { sendLetters: true }, second.app),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const releasedCounts = [a.json().released.length, b.json().released.length].sort();
    expect(releasedCounts).toEqual([0, 2]);
    let queued = await lettersQueued();
    expect(queued.map((row) => row.recipientEmail).sort()).toEqual([
      'ada.owner@example.org',
      'bare@example.org',
    ]);
    const toAda = queued.find((row) => row.recipientEmail === 'ada.owner@example.org')!;
    expect({ subject: toAda.subject, text: toAda.body, html: toAda.html }).toEqual({
      subject: expected.subject,
      text: expected.text,
      html: expected.html,
    });
    expect(toAda.recipientId).toBeNull();
    expectNoIdentity({ subject: toAda.subject, text: toAda.body, html: toAda.html ?? '' });
    const [released] = await ctx.db
      .select()
      .from(decisions)
      .where(eq(decisions.opportunityId, owned.id))
      .orderBy(asc(decisions.revision));
    expect(released!.letterTo).toBe('ada.owner@example.org');

    // A later release, on any instance (a restarted one holds nothing more: the database decides),
    // sends nothing again.
    const restarted = await call(
      'POST',
      '/api/admin/decisions/release',
      { sendLetters: true },
      second.app,
    );
    expect(restarted.json().released).toEqual([]);
    queued = await lettersQueued();
    expect(queued).toHaveLength(2);
  });
});
