import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import {
  appliedMigrations,
  contentsOf,
  craftArchive,
  linesOf,
  manifestOf,
  sourceOf,
  takeBackup,
} from '../../test/backups';
import { type BareDatabase, createBareDatabase } from '../../test/bare-database';
import { createAssignment } from '../../test/factories/assignments';
import { createComment } from '../../test/factories/comments';
import { createConflict } from '../../test/factories/conflicts';
import { createEmail } from '../../test/factories/emails';
import { createImage } from '../../test/factories/images';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview } from '../../test/factories/reviews';
import { setShowReviewerComments } from '../../test/factories/settings';
import { createUser } from '../../test/factories/users';
import { createViewerState } from '../../test/factories/viewer-states';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { BackupArchiveError, BackupRefusedError } from './archive-format';
import { restoreBackup } from './restore-backup';
import { applyMigrationsUpTo, readKnownMigrations } from './schema-versions';

const known = readKnownMigrations();
const latest = known.at(-1)!;

/**
 * A row in every table, with values that are easy to get wrong: line breaks, quotes, backslashes,
 * emoji, a numeric's trailing zeros, microseconds, an array with a comma, nested JSON, bytes.
 */
async function fillEveryTable(db: Database) {
  const admin = await createUser(db, { role: 'admin', name: 'Ada "the admin"' });
  const reviewer = await createUser(db, { name: 'Zoë \\ O’Brien\nsecond line', displayName: '🦊' });
  const image = await createImage(db, { width: 40, height: 30 });
  const opportunity = await createOpportunity(db, {
    title: 'Heat, "pumps" & \\backslashes\\',
    tags: ['a,b', 'quote"d', '{braces}'],
    imageUrl: `/api/images/${image.id}`,
    batch: 'Spring',
  });
  await createReview(db, { opportunityId: opportunity.id, reviewerId: reviewer.id });
  await createComment(db, {
    opportunityId: opportunity.id,
    reviewerId: reviewer.id,
    otherComments: 'tab\there, NUL-free, ünïcödé, 𝄞',
  });
  await createViewerState(db, { reviewerId: reviewer.id, lastOpportunityId: opportunity.id });
  await createAssignment(db, {
    reviewerId: reviewer.id,
    opportunityId: opportunity.id,
    createdBy: admin.id,
  });
  await createConflict(db, {
    reviewerId: reviewer.id,
    opportunityId: opportunity.id,
    reason: 'My "brother"\nruns it',
    declaredBy: 'admin',
    createdBy: admin.id,
  });
  await createEmail(db, { recipientId: reviewer.id });
  await setShowReviewerComments(db, 'true');
  await db.execute(sql`
    insert into invitation_tokens (token, email, name, created_by_id, expires_at)
    values ('hashed-token', 'invitee@example.test', 'Invitee', ${admin.id},
            '2031-01-02 03:04:05.123456+00')`);
  await db.execute(sql`
    insert into audit_logs (user_id, action, entity_type, entity_id, changes, ip_address, created_at)
    values (${admin.id}, 'opportunity.create', 'opportunity', ${opportunity.id},
            '{"after": {"title": "x", "tags": ["a", "b"], "n": 1.50}}'::jsonb, '10.0.0.1',
            '2025-06-07 08:09:10.654321+00')`);
  await db.execute(sql`
    insert into login_attempts (email, ip_address) values ('a@example.test', '10.0.0.2'),
      ('b@example.test', '10.0.0.3'), ('c@example.test', '10.0.0.4')`);
  // A gap in the sequence: the restored one must carry on after it, not reuse it.
  await db.execute(sql`delete from login_attempts where email = 'c@example.test'`);
  await db.execute(sql`
    insert into rate_limits (scope, key, window_start, hits)
    values ('invitation', '10.0.0.5', now(), 3)`);
  await db.execute(sql`
    insert into session (sid, sess, expire)
    values ('a-live-session', ${JSON.stringify({ userId: admin.id })}::jsonb, now() + interval '1 day')`);
  // The instances' shared cookie secret (decision 0015): a credential, left out like the sessions.
  await db.execute(sql`
    insert into settings (key, value) values ('session_secret', 'a-shared-cookie-secret-of-this-installation')`);
  // The review clock (issue 34): a sent reminder batch and its receipt.
  await db.execute(sql`
    insert into review_clock_jobs (kind, deadline, offset_label, offset_minutes, run_at, state, finished_at, sent_count)
    values ('reminder', '2026-12-15T16:00:00Z', '2d', 2880, '2026-12-13T16:00:00Z', 'done', '2026-12-13T16:00:01Z', 1)`);
  await db.execute(sql`
    insert into review_reminder_receipts (reviewer_id, deadline, offset_minutes)
    values (${reviewer.id}, '2026-12-15T16:00:00Z', 2880)`);
  // Decisions (issue 35): a released revision with its evidence, the waitlist, a letter.
  await db.execute(sql`
    insert into decisions (opportunity_id, revision, outcome, rationale, state, decided_by, released_by, released_at, evidence, letter_to)
    values (${opportunity.id}, 1, 'waitlisted', 'Close "call"
second line', 'released', ${admin.id}, ${admin.id},
            '2026-12-20T10:00:00.123456Z',
            '{"reviewCount": 1, "rawComposite": 3.4, "calibratedComposite": 3.41, "calibratedRank": 1, "calibratedRankInterval": {"low": 1, "high": 1}, "flags": ["few-reviews"], "alpha": null, "ranked": 1}'::jsonb,
            'owner@example.test')`);
  await db.execute(sql`
    insert into decision_waitlist (opportunity_id, position) values (${opportunity.id}, 1)`);
  await db.execute(sql`
    insert into feedback_letters (opportunity_id, message, include_band, updated_by)
    values (${opportunity.id}, 'Thank you, ünïcödé', true, ${admin.id})`);
  await db.execute(sql`
    insert into feedback_letter_items (opportunity_id, reviewer_id, field, text, position)
    values (${opportunity.id}, ${reviewer.id}, 'otherComments', 'redacted 𝄞', 0)`);
  // Deliberation (issue 36): a resolved thread, an edited post with its history and mention,
  // a read marker, a sent digest item, the digest state and the meeting.
  await db.execute(sql`
    insert into discussion_threads (opportunity_id, state, summary, resolved_by, resolved_at)
    values (${opportunity.id}, 'resolved', 'Agreed: "fund"
if the pilot works', ${admin.id}, '2026-12-21T09:00:00.5Z')`);
  await db.execute(sql`
    insert into discussion_posts (id, opportunity_id, author_id, body, mentions, created_at, edited_at)
    values ('0f0f0f0f-0000-4000-8000-000000000036', ${opportunity.id}, ${reviewer.id},
            'See https://example.test/a?b=1
@Admin ünïcödé', array[${admin.id}]::uuid[], '2026-12-21T08:00:00Z', '2026-12-21T08:05:00Z')`);
  await db.execute(sql`
    insert into discussion_post_revisions (post_id, kind, body, changed_at)
    values ('0f0f0f0f-0000-4000-8000-000000000036', 'edit', 'first text', '2026-12-21T08:05:00Z')`);
  await db.execute(sql`
    insert into discussion_reads (user_id, opportunity_id, last_read_seq)
    select ${admin.id}, ${opportunity.id}, seq from discussion_posts`);
  await db.execute(sql`
    insert into discussion_digest_items (user_id, post_id, reason, sent_at)
    values (${admin.id}, '0f0f0f0f-0000-4000-8000-000000000036', 'mention', '2026-12-21T08:10:00Z')`);
  await db.execute(sql`
    insert into discussion_digest_state (user_id, last_sent_at) values (${admin.id}, '2026-12-21T08:10:00Z')`);
  await db.execute(sql`
    insert into meeting_state (id, active, agenda, current_index, version, updated_by)
    values (1, true, array[${opportunity.id}]::uuid[], 0, 3, ${admin.id})`);
  // The finalist ballot (issue 37): a reviewer's ranking, its first group.
  await db.execute(sql`
    insert into ballots (reviewer_id, ranking, saved_at)
    values (${reviewer.id}, ${JSON.stringify([[opportunity.id]])}::jsonb, '2026-12-22T10:00:00.25Z')`);
  return { admin, reviewer };
}

/** The app's triggers (the later migrations' change notifications among them), by table. */
async function triggersOf(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    `select tgrelid::regclass || '.' || tgname as name from pg_trigger where not tgisinternal order by 1`,
  );
  return rows.map((row) => row.name);
}

/** What a backup carries: no session, and no `session_secret` row of `settings`. */
const withoutSessions = (contents: Record<string, string[]>): Record<string, string[]> => {
  const { session: _sessions, ...rest } = contents;
  return {
    ...rest,
    settings: (rest.settings ?? []).filter((row) => !row.startsWith('(session_secret,')),
  };
};

let source: TestDatabase;
let archive: Buffer;
const targets: Array<{ drop: () => Promise<void> }> = [];

async function bareTarget(): Promise<BareDatabase> {
  const target = await createBareDatabase();
  targets.push(target);
  return target;
}

async function migratedTarget(): Promise<TestDatabase> {
  const target = await createTestDatabase();
  targets.push(target);
  return target;
}

beforeAll(async () => {
  source = await createTestDatabase();
  await fillEveryTable(source.db);
  archive = await takeBackup(source.pool);
});

afterEach(async () => {
  for (const target of targets.splice(0)) await target.drop();
});

afterAll(async () => {
  await source?.drop();
});

describe('the archive', () => {
  it('lists every table but the sessions with its columns and rows, at the latest schema', async () => {
    const manifest = manifestOf(archive);
    expect(manifest.formatVersion).toBe(1);
    expect(manifest.schemaVersion).toEqual({
      index: latest.index,
      tag: latest.tag,
      createdAt: latest.createdAt,
      hash: latest.hash,
    });
    expect(manifest.excluded).toEqual(['session']);
    const contents = withoutSessions(await contentsOf(source.pool));
    expect(manifest.tables.map((table) => table.name).sort()).toEqual(Object.keys(contents).sort());
    for (const table of manifest.tables) {
      expect(table.rows, table.name).toBe(contents[table.name]!.length);
      expect(table.rows, `${table.name} has a row to carry`).toBeGreaterThan(0);
    }
    // Parents before the tables that refer to them.
    const order = manifest.tables.map((table) => table.name);
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('reviews'));
    expect(order.indexOf('opportunities')).toBeLessThan(order.indexOf('viewer_states'));
    expect(manifest.sequences).toEqual([
      { table: 'discussion_posts', column: 'seq', lastValue: '1', isCalled: true },
      { table: 'login_attempts', column: 'id', lastValue: '3', isCalled: true },
    ]);
  });

  it('holds each table as a section of JSON rows, then a SHA-256 trailer, and no session', () => {
    const lines = linesOf(archive);
    const manifest = manifestOf(archive);
    let at = 1;
    for (const table of manifest.tables) {
      expect(JSON.parse(lines[at]!)).toEqual({ table: table.name });
      for (const line of lines.slice(at + 1, at + 1 + table.rows)) {
        expect(Object.keys(JSON.parse(line))).toEqual(table.columns);
      }
      at += 1 + table.rows;
    }
    expect(at).toBe(lines.length - 1);
    expect(JSON.parse(lines.at(-1)!)).toEqual({
      end: 'assay-backup',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(lines.join('\n')).not.toContain('a-live-session');
    expect(lines.join('\n')).not.toContain('a-shared-cookie-secret-of-this-installation');
    expect(lines.join('\n')).toContain('show_reviewer_comments');
  });

  it('is the same bytes, but for its date, when nothing changed', async () => {
    const again = await takeBackup(source.pool);
    const dateless = (lines: string[]) =>
      lines.slice(1, -1).concat(JSON.stringify({ ...manifestOf(archive), createdAt: null }));
    expect(dateless(linesOf(again))).toEqual(dateless(linesOf(archive)));
  });
});

describe('restoring', () => {
  it('loads a bare database: every row equal, sequences carry on, the app migrates nothing more', async () => {
    const target = await bareTarget();
    const summary = await restoreBackup(target.pool, sourceOf(archive));
    expect(summary).toMatchObject({
      archiveVersion: { tag: latest.tag },
      schemaVersion: { tag: latest.tag },
      migratedForward: 0,
      replaced: [],
    });
    const expected = withoutSessions(await contentsOf(source.pool));
    expect(summary.rows).toBe(Object.values(expected).flat().length);
    expect(await contentsOf(target.pool)).toEqual({ ...expected, session: [] });
    expect(await appliedMigrations(target.pool)).toEqual(known.map((m) => m.hash));
    await runMigrations(target.pool);
    expect(await appliedMigrations(target.pool)).toEqual(known.map((m) => m.hash));
    const next = await target.pool.query<{ id: string }>(
      `insert into login_attempts (email, ip_address) values ('d@example.test', '1') returning id`,
    );
    expect(next.rows[0]!.id).toBe('4');
  });

  it('loads a migrated but empty database (the schema is rebuilt at the archive version)', async () => {
    const target = await migratedTarget();
    await restoreBackup(target.pool, sourceOf(archive));
    expect(withoutSessions(await contentsOf(target.pool))).toEqual(
      withoutSessions(await contentsOf(source.pool)),
    );
    // The triggers of the migrations are there once, as after a normal start.
    expect(await triggersOf(target.pool)).toEqual(await triggersOf(source.pool));
    expect(await triggersOf(target.pool)).toContain('users.users_change_notify');
  });

  it('refuses a database holding data without force, and changes nothing', async () => {
    const target = await migratedTarget();
    const stranger = await createUser(target.db, { name: 'Already here' });
    const before = await contentsOf(target.pool);
    const refused = restoreBackup(target.pool, sourceOf(archive));
    await expect(refused).rejects.toBeInstanceOf(BackupRefusedError);
    await expect(refused).rejects.toThrow(
      'The database is not empty (users hold rows). Restore into an empty database, or pass --force to replace everything in it.',
    );
    expect(await contentsOf(target.pool)).toEqual(before);
    expect(before.users!.join()).toContain(stranger.id);
  });

  it('replaces a database holding data with force', async () => {
    const target = await migratedTarget();
    const stranger = await createUser(target.db, { name: 'Already here' });
    await createOpportunity(target.db, { number: 7 });
    const summary = await restoreBackup(target.pool, sourceOf(archive), { force: true });
    expect(summary.replaced).toEqual(['opportunities', 'users']);
    const after = await contentsOf(target.pool);
    expect(withoutSessions(after)).toEqual(withoutSessions(await contentsOf(source.pool)));
    expect(after.users!.join()).not.toContain(stranger.id);
  });

  it('migrates an archive of an earlier schema forward, its rows given the later columns', async () => {
    // A database left at the first migration, as an installation of that version held it.
    const old = await bareTarget();
    const client = await old.pool.connect();
    try {
      await client.query('begin');
      await applyMigrationsUpTo(client, known, 0);
      await client.query('commit');
    } finally {
      client.release();
    }
    const reviewer = await createUser(old.db, { name: 'Old Reviewer' });
    await old.pool.query(
      `insert into email_notifications (recipient_id, recipient_email, type, subject, body)
       values ($1, 'old@example.test', 'review_reminder', 'Old', 'Body')`,
      [reviewer.id],
    );
    const oldArchive = await takeBackup(old.pool);
    expect(manifestOf(oldArchive).schemaVersion.tag).toBe(known[0]!.tag);
    expect(manifestOf(oldArchive).tables.map((table) => table.name)).not.toContain('rate_limits');

    const target = await bareTarget();
    const summary = await restoreBackup(target.pool, sourceOf(oldArchive));
    expect(summary).toMatchObject({
      archiveVersion: { tag: known[0]!.tag },
      schemaVersion: { tag: latest.tag },
      migratedForward: known.length - 1,
    });
    expect(await appliedMigrations(target.pool)).toEqual(known.map((m) => m.hash));
    const { rows } = await target.pool.query(
      `select recipient_email, attempts, next_attempt_at is not null as due, html from email_notifications`,
    );
    expect(rows).toEqual([
      { recipient_email: 'old@example.test', attempts: 0, due: true, html: null },
    ]);
    const users = await target.pool.query('select id, name from users');
    expect(users.rows).toEqual([{ id: reviewer.id, name: 'Old Reviewer' }]);
    // Later migrations' objects exist: the rate-limit table and the change triggers.
    await target.pool.query('select count(*) from rate_limits');
    expect(await triggersOf(target.pool)).toEqual(await triggersOf(source.pool));
  });
});

describe('refusing an archive', () => {
  // One target holding data (restored with force) and one bare: every refusal must leave both as
  // they were, so they serve every test of this block.
  let filled: TestDatabase;
  let bare: BareDatabase;
  let filledBefore: Record<string, string[]>;
  beforeAll(async () => {
    filled = await createTestDatabase();
    await createUser(filled.db, { name: 'Keep me' });
    filledBefore = await contentsOf(filled.pool);
    bare = await createBareDatabase();
  });
  afterAll(async () => {
    await filled?.drop();
    await bare?.drop();
  });

  async function expectRefusedLeavingTarget(bad: Buffer, message: string | RegExp) {
    const attempt = restoreBackup(filled.pool, sourceOf(bad), { force: true });
    await expect(attempt).rejects.toBeInstanceOf(BackupArchiveError);
    await expect(attempt).rejects.toThrow(message);
    expect(await contentsOf(filled.pool)).toEqual(filledBefore);
    // A bare database stays bare: no table, no record of a migration.
    await expect(restoreBackup(bare.pool, sourceOf(bad))).rejects.toThrow(message);
    const tables = await bare.pool.query(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'drizzle') and c.relkind = 'r'`,
    );
    expect(tables.rows[0].n).toBe(0);
  }

  it('cut short anywhere', async () => {
    for (const keep of [0.1, 0.5, 0.99]) {
      const cut = archive.subarray(0, Math.floor(archive.length * keep));
      await expectRefusedLeavingTarget(cut, 'The archive is damaged: it ends early (cut short).');
    }
  });

  it('with a flipped byte in its compressed data', async () => {
    for (const at of [0.3, 0.6, 0.9]) {
      const flipped = Buffer.from(archive);
      const offset = Math.floor(flipped.length * at);
      flipped[offset] = flipped[offset]! ^ 0x10;
      await expectRefusedLeavingTarget(flipped, /^The archive is damaged: /);
    }
  });

  it('whose contents do not match its checksum', async () => {
    const lines = linesOf(archive);
    const edited = lines.map((line) => line.replace('Ada \\"the admin\\"', 'Eve'));
    expect(edited).not.toEqual(lines);
    const tampered = gzipSync(Buffer.from(edited.map((line) => `${line}\n`).join('')));
    await expectRefusedLeavingTarget(
      tampered,
      'The archive is damaged: its checksum does not match its contents.',
    );
  });

  it('missing a row the manifest counts, or with data after its end', async () => {
    const users = manifestOf(archive).tables.find((table) => table.name === 'users')!;
    const short = craftArchive(archive, (lines) => {
      const at = lines.indexOf(JSON.stringify({ table: 'users' }));
      return [...lines.slice(0, at + users.rows), ...lines.slice(at + 1 + users.rows)];
    });
    await expectRefusedLeavingTarget(short, /^The archive is damaged: /);
    const extra = gzipSync(Buffer.concat([gunzipSync(archive), Buffer.from('{"more":1}\n')]));
    await expectRefusedLeavingTarget(extra, 'The archive is damaged: there is data after its end.');
  });

  it('that is not an archive at all', async () => {
    await expectRefusedLeavingTarget(
      Buffer.from('number,title\r\n1,Heat pumps\r\n'),
      'The archive is damaged: it is not a gzip file.',
    );
    await expectRefusedLeavingTarget(
      gzipSync('number,title\r\n1,Heat pumps\r\n'),
      'This is not an Assay backup: its first line is not a manifest.',
    );
  });

  it('of a later schema version or a later format', async () => {
    const future = craftArchive(archive, ([manifest, ...rest]) => {
      const parsed = JSON.parse(manifest!);
      parsed.schemaVersion = {
        index: latest.index + 1,
        tag: '0099_from_the_future',
        createdAt: latest.createdAt + 86_400_000,
        hash: 'f'.repeat(64),
      };
      return [JSON.stringify(parsed), ...rest];
    });
    await expectRefusedLeavingTarget(
      future,
      `The archive was written by a later version of Assay (schema 0099_from_the_future; this version knows schemas up to ${latest.tag}). Restore it with that version or a later one.`,
    );
    const laterFormat = craftArchive(archive, ([manifest, ...rest]) => [
      JSON.stringify({ ...JSON.parse(manifest!), formatVersion: 2 }),
      ...rest,
    ]);
    await expectRefusedLeavingTarget(
      laterFormat,
      'The archive was written by a later version of Assay (archive format 2; this version reads format 1). Restore it with that version or a later one.',
    );
  });

  it('whose rows PostgreSQL rejects, found only while loading: nothing is kept', async () => {
    // Well-formed and checksummed, but two users share an email: the unique index refuses the
    // second row after the others were inserted, and the transaction takes them all back.
    const clash = craftArchive(archive, (lines) => {
      const at = lines.indexOf(JSON.stringify({ table: 'users' }));
      const first = JSON.parse(lines[at + 1]!);
      const second = JSON.parse(lines[at + 2]!);
      const copy = { ...second, email: first.email.toUpperCase() };
      return [...lines.slice(0, at + 2), JSON.stringify(copy), ...lines.slice(at + 3)];
    });
    await expect(restoreBackup(filled.pool, sourceOf(clash), { force: true })).rejects.toThrow(
      /users_email_lower_unique/,
    );
    expect(await contentsOf(filled.pool)).toEqual(filledBefore);
  });

  it('that changes between the check and the load: nothing is kept', async () => {
    let opened = 0;
    const cut = archive.subarray(0, Math.floor(archive.length * 0.8));
    const changing = () => sourceOf(opened++ === 0 ? archive : cut)();
    await expect(restoreBackup(filled.pool, changing, { force: true })).rejects.toThrow(
      'The archive is damaged: it ends early (cut short).',
    );
    expect(opened).toBe(2);
    expect(await contentsOf(filled.pool)).toEqual(filledBefore);
  });
});

describe('a database migrated by a later version', () => {
  it('is neither backed up nor restored into', async () => {
    const later = await migratedTarget();
    await later.pool.query(
      `insert into drizzle.__drizzle_migrations (hash, created_at) values ('later', $1)`,
      [latest.createdAt + 1000],
    );
    await expect(takeBackup(later.pool)).rejects.toThrow(
      /^The database was migrated by a later version of Assay/,
    );
    await expect(restoreBackup(later.pool, sourceOf(archive))).rejects.toThrow(
      /^The database was migrated by a later version of Assay/,
    );
    expect(await appliedMigrations(later.pool)).toEqual([...known.map((m) => m.hash), 'later']);
  });
});
