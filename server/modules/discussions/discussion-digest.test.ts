import { DISCUSSION_DIGEST_MINUTES } from '@shared/discussion';
import { SHOW_REVIEWER_NAMES } from '@shared/settings';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/client';
import { discussionDigestItems } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createComment } from '../../test/factories/comments';
import { createConflict } from '../../test/factories/conflicts';
import { createOpportunity } from '../../test/factories/opportunities';
import { setSetting } from '../../test/factories/settings';
import { createSignedInUser, requestsAs, setupSignedInUser } from '../../test/http';
import { databaseNow, emailsTo } from '../../test/queries';
import { anotherPoolOn } from '../../test/test-database';
import { runDiscussionDigests } from './digest';
import { startDiscussionDigestWorker } from './worker';

// The digest (issue 36 section 2), run on a test clock: runDiscussionDigests takes the instant
// to run at, where the loop passes nothing and the database's now() decides. At most one email
// per person per discussion_digest_minutes, nothing for one's own posts, nothing to whoever may
// no longer read the thread, nothing twice.

const ctx = setupTestApp();
const admin = setupSignedInUser(ctx, 'admin');

const MINUTE = 60_000;
const PUBLIC_URL = 'http://assay.test';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

const runAt = (now: Date, db = ctx.db) => runDiscussionDigests(db, { publicUrl: PUBLIC_URL, now });
const later = (from: Date, minutes: number) => new Date(from.getTime() + minutes * MINUTE);
const digestsTo = (who: SignedIn) => emailsTo(ctx.db, who.user.email, 'discussion_digest');

async function write(who: SignedIn, opportunityId: string, body: string, mentions: string[] = []) {
  const response = await requestsAs(ctx, () => who.cookie)(
    'POST',
    `/api/opportunities/${opportunityId}/discussion`,
    { body, mentions },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

const reviewer = () => createSignedInUser(ctx.app, ctx.db, 'reviewer');

beforeEach(async () => {
  await setSetting(ctx.db, DISCUSSION_DIGEST_MINUTES, '15');
  await setSetting(ctx.db, SHOW_REVIEWER_NAMES, 'true');
});

describe('one email per person per window', () => {
  it('gathers what came meanwhile; the next waits until the window has passed', async () => {
    const opportunity = await createOpportunity(ctx.db, { title: 'Solar roofs' });
    const [alice, bob] = [await reviewer(), await reviewer()];
    await write(bob, opportunity.id, 'Bob starts');
    await write(alice, opportunity.id, 'Alice one');
    await write(alice, opportunity.id, 'Alice two');
    const t0 = await databaseNow(ctx.db);

    const first = await runAt(t0);
    expect(first.emails).toBeGreaterThanOrEqual(1);
    const [email] = await digestsTo(bob);
    expect(await digestsTo(bob)).toHaveLength(1);
    expect(email!.subject).toBe(
      `Assay: 2 new posts in the discussion of #${opportunity.number} Solar roofs`,
    );
    expect(email!.body).toContain('> Alice one');
    expect(email!.body).toContain('> Alice two');
    expect(email!.body).not.toContain('Bob starts');
    // Alice was no one to tell about Bob's first post: she had not posted yet.
    expect(await digestsTo(alice)).toHaveLength(0);

    await write(alice, opportunity.id, 'Alice three');
    await write(bob, opportunity.id, 'Bob answers');
    await runAt(later(t0, 1));
    await runAt(later(t0, 14));
    expect(await digestsTo(bob)).toHaveLength(1);
    // Alice never had one: hers goes at once, with Bob's answer and not her own posts.
    const [toAlice] = await digestsTo(alice);
    expect(toAlice!.body).toContain('> Bob answers');
    expect(toAlice!.body).not.toContain('Alice');

    await runAt(later(t0, 15));
    const toBob = await digestsTo(bob);
    expect(toBob).toHaveLength(2);
    expect(toBob[0]!.body).toContain('> Alice three');
    expect(toBob[0]!.body).not.toContain('Alice one');

    // Nothing is sent twice, at the same time or later.
    await runAt(later(t0, 15));
    await runAt(later(t0, 60));
    expect(await digestsTo(bob)).toHaveLength(2);
    expect(await digestsTo(alice)).toHaveLength(1);
  });

  it('follows discussion_digest_minutes', async () => {
    await setSetting(ctx.db, DISCUSSION_DIGEST_MINUTES, '60');
    const opportunity = await createOpportunity(ctx.db);
    const [alice, bob] = [await reviewer(), await reviewer()];
    await write(alice, opportunity.id, 'One', [bob.user.id]);
    const t0 = await databaseNow(ctx.db);
    await runAt(t0);
    expect(await digestsTo(bob)).toHaveLength(1);
    await write(alice, opportunity.id, 'Two', [bob.user.id]);
    await runAt(later(t0, 30));
    expect(await digestsTo(bob)).toHaveLength(1);
    await runAt(later(t0, 60));
    expect(await digestsTo(bob)).toHaveLength(2);

    await setSetting(ctx.db, DISCUSSION_DIGEST_MINUTES, '5');
    await write(alice, opportunity.id, 'Three', [bob.user.id]);
    await runAt(later(t0, 64));
    expect(await digestsTo(bob)).toHaveLength(2);
    await runAt(later(t0, 65));
    expect(await digestsTo(bob)).toHaveLength(3);
  });
});

describe('who is told', () => {
  it('the mentioned and the participants, never the author', async () => {
    const opportunity = await createOpportunity(ctx.db);
    const [alice, bob, carol, dan] = [
      await reviewer(),
      await reviewer(),
      await reviewer(),
      await reviewer(),
    ];
    await write(alice, opportunity.id, 'Alice opens');
    await write(bob, opportunity.id, 'Bob replies, asking Carol', [carol.user.id]);
    await runAt(await databaseNow(ctx.db));
    expect((await digestsTo(alice))[0]!.body).toContain(
      `${bob.user.name} wrote:\n\n> Bob replies, asking Carol`,
    );
    expect((await digestsTo(carol))[0]!.body).toContain(
      `${bob.user.name} mentioned you:\n\n> Bob replies, asking Carol`,
    );
    expect(await digestsTo(bob)).toHaveLength(0);
    expect(await digestsTo(dan)).toHaveLength(0);
  });

  it('nobody who may no longer read the thread, and no post deleted or hidden meanwhile', async () => {
    const opportunity = await createOpportunity(ctx.db);
    const [alice, conflicted, deactivated, bob] = [
      await reviewer(),
      await reviewer(),
      await reviewer(),
      await reviewer(),
    ];
    const post = await write(alice, opportunity.id, 'For three of you', [
      conflicted.user.id,
      deactivated.user.id,
      bob.user.id,
    ]);
    const gone = await write(alice, opportunity.id, 'Deleted before it went', [bob.user.id]);
    const hidden = await write(alice, opportunity.id, 'Hidden before it went', [bob.user.id]);
    await createConflict(ctx.db, { reviewerId: conflicted.user.id, opportunityId: opportunity.id });
    await ctx.db.execute(sql`update users set is_active = false where id = ${deactivated.user.id}`);
    const asAlice = requestsAs(ctx, () => alice.cookie);
    await asAlice('DELETE', `/api/opportunities/${opportunity.id}/discussion/posts/${gone.id}`);
    const asAdmin = requestsAs(ctx, () => admin.cookie);
    await asAdmin('POST', `/api/admin/discussion/posts/${hidden.id}/hide`, { reason: 'No' });

    const result = await runAt(await databaseNow(ctx.db));
    expect(result.dropped).toBeGreaterThanOrEqual(4);
    expect(await digestsTo(conflicted)).toHaveLength(0);
    expect(await digestsTo(deactivated)).toHaveLength(0);
    const [toBob] = await digestsTo(bob);
    expect(toBob!.body).toContain('> For three of you');
    expect(toBob!.body).not.toContain('Deleted before');
    expect(toBob!.body).not.toContain('Hidden before');
    const dropped = await ctx.db
      .select({ userId: discussionDigestItems.userId })
      .from(discussionDigestItems)
      .where(
        and(eq(discussionDigestItems.postId, post.id), isNotNull(discussionDigestItems.droppedAt)),
      );
    expect(dropped.map((row) => row.userId).sort()).toEqual(
      [conflicted.user.id, deactivated.user.id].sort(),
    );
    // Reactivated later: what was dropped stays dropped.
    await ctx.db.execute(sql`update users set is_active = true where id = ${deactivated.user.id}`);
    await runAt(later(await databaseNow(ctx.db), 60));
    expect(await digestsTo(deactivated)).toHaveLength(0);
  });
});

describe('what the email says', () => {
  it('names authors as the recipient would see them in the thread, with a link for their role', async () => {
    await setSetting(ctx.db, SHOW_REVIEWER_NAMES, 'false');
    const opportunity = await createOpportunity(ctx.db, { title: 'Tidal <power> & more' });
    const named = await createSignedInUser(ctx.app, ctx.db, 'reviewer');
    const recipient = await reviewer();
    await createComment(ctx.db, { opportunityId: opportunity.id, reviewerId: named.user.id });
    await write(recipient, opportunity.id, 'I start');
    await write(named, opportunity.id, 'A reviewer <b>writes</b>\nover two lines');
    await write(admin, opportunity.id, 'The admin writes', [recipient.user.id]);
    await runAt(await databaseNow(ctx.db));

    const [toReviewer] = await digestsTo(recipient);
    expect(toReviewer!.body).toContain(
      'Reviewer A wrote:\n\n> A reviewer <b>writes</b>\n> over two lines',
    );
    expect(toReviewer!.body).toContain('Admin mentioned you:\n\n> The admin writes');
    expect(toReviewer!.body).toContain(
      `${PUBLIC_URL}/reviewer/opportunities/${opportunity.id}#discussion`,
    );
    for (const secret of [named.user.name, named.user.email, admin.user.name, admin.user.email]) {
      expect(toReviewer!.body).not.toContain(secret);
      expect(toReviewer!.html).not.toContain(secret);
      expect(toReviewer!.subject).not.toContain(secret);
    }
    expect(toReviewer!.html).toContain('A reviewer &lt;b&gt;writes&lt;/b&gt;<br>over two lines');
    expect(toReviewer!.html).toContain('Tidal &lt;power&gt; &amp; more');

    // The admin, a participant, sees names and their own page.
    await write(named, opportunity.id, 'Another');
    await runAt(await databaseNow(ctx.db));
    const [toAdmin] = await digestsTo(admin);
    expect(toAdmin!.body).toContain(`${named.user.name} wrote:`);
    expect(toAdmin!.body).toContain(
      `${PUBLIC_URL}/admin/results/decisions/${opportunity.id}#discussion`,
    );
  });
});

describe('several instances and restarts', () => {
  let otherPool: pg.Pool;
  beforeAll(() => {
    otherPool = anotherPoolOn(ctx.pool, 4);
  });
  afterAll(async () => {
    await otherPool.end();
  });

  it('two runs racing send each digest once', async () => {
    const otherDb = createDatabase(otherPool);
    const opportunity = await createOpportunity(ctx.db);
    const author = await reviewer();
    const readers = [];
    for (let i = 0; i < 6; i++) readers.push(await reviewer());
    for (const r of readers) await write(r, opportunity.id, 'Joining');
    await write(
      author,
      opportunity.id,
      'To all of you',
      readers.map((r) => r.user.id),
    );
    const now = later(await databaseNow(ctx.db), 120);
    const results = await Promise.all([
      runAt(now, ctx.db),
      runAt(now, otherDb),
      runAt(now, otherDb),
      runAt(now, ctx.db),
    ]);
    expect(results.reduce((n, r) => n + r.emails, 0)).toBeGreaterThanOrEqual(readers.length);
    for (const r of readers) expect(await digestsTo(r), r.user.email).toHaveLength(1);
    // The author posted last: nothing came after for them to be told about.
    expect(await digestsTo(author)).toHaveLength(0);
  });

  it('a fresh instance over the same database sends nothing new, and its loop queues what is due', async () => {
    const opportunity = await createOpportunity(ctx.db);
    const [alice, bob] = [await reviewer(), await reviewer()];
    await write(alice, opportunity.id, 'Before the restart', [bob.user.id]);
    await runAt(await databaseNow(ctx.db));
    expect(await digestsTo(bob)).toHaveLength(1);

    const restarted = createDatabase(otherPool);
    await runAt(await databaseNow(ctx.db), restarted);
    expect(await digestsTo(bob)).toHaveLength(1);

    // The loop runs on the database's clock: Bob's window is still open, Alice has none.
    await write(bob, opportunity.id, 'After the restart');
    let queued = 0;
    const loop = startDiscussionDigestWorker({
      db: restarted,
      publicUrl: PUBLIC_URL,
      logger: { info: () => {}, error: () => {} },
      intervalMs: 60_000,
      onQueued: () => queued++,
    });
    try {
      await loop.runNow();
    } finally {
      await loop.stop();
    }
    expect(queued).toBeGreaterThanOrEqual(1);
    expect((await digestsTo(alice))[0]!.body).toContain('> After the restart');
    expect(await digestsTo(bob)).toHaveLength(1);
  });
});
