import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase } from '../../db/client';
import { emailNotifications } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createEmail } from '../../test/factories/emails';
import { nextSequence } from '../../test/factories/sequence';
import { createUser } from '../../test/factories/users';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { escapeHtml, reviewReminderEmail } from './templates';
import { createMailTransport, fileDropTransport, smtpTransport } from './transport';
import { BACKOFF_BASE_MS, MAX_ATTEMPTS, processDueEmails, startEmailWorker } from './worker';

const ctx = setupTestApp();
const FROM = 'Assay <no-reply@assay.test>';
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});

/**
 * Queues emails with unique recipients and answers their rows. They are due by Node's clock, which
 * the tests pass as `now`: the database's now() has microseconds and can fall after a Date taken
 * in the same millisecond, which would leave the email not yet due.
 */
async function queue(count = 1, subjectPrefix = 'Worker test') {
  const rows = [];
  for (let i = 0; i < count; i++) {
    const subject = `${subjectPrefix} ${nextSequence()}`;
    rows.push(await createEmail(ctx.db, { subject, nextAttemptAt: new Date() }));
  }
  return rows;
}

async function rowOf(id: string) {
  const [row] = await ctx.db.select().from(emailNotifications).where(eq(emailNotifications.id, id));
  return row!;
}

const receivedBy = (address: string) => sink.received.filter((m) => m.to.includes(address));

describe('processDueEmails over SMTP', () => {
  it('sends a pending email with a text and an HTML part and marks it sent', async () => {
    const [email] = await queue();
    const now = new Date();
    const result = await processDueEmails(ctx.db, smtpTransport(sink.url), { from: FROM, now });
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const mails = receivedBy(email!.recipientEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.from).toBe('no-reply@assay.test');
    expect(mails[0]!.subject).toBe(email!.subject);
    expect(mails[0]!.raw).toMatch(/Content-Type: text\/plain/);
    expect(mails[0]!.raw).toMatch(/Content-Type: text\/html/);
    expect(mails[0]!.decoded).toContain(email!.body.trimEnd());
    const row = await rowOf(email!.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, errorMessage: null });
    expect(row.sentAt?.getTime()).toBe(now.getTime());
  });

  it('retries a transient refusal with growing back-off, then marks it failed with the error', async () => {
    const [email] = await queue();
    sink.rejectWith({ code: 451, message: 'Mailbox busy, try later' });
    try {
      let now = new Date();
      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
        await processDueEmails(ctx.db, smtpTransport(sink.url), { from: FROM, now });
        const row = await rowOf(email!.id);
        expect(row.status).toBe('pending');
        expect(row.attempts).toBe(attempt);
        expect(row.errorMessage).toContain('Mailbox busy');
        const delay = BACKOFF_BASE_MS * 2 ** (attempt - 1);
        expect(row.nextAttemptAt.getTime()).toBe(now.getTime() + delay);
        // Not due yet: a run just before the next attempt time leaves it alone.
        await processDueEmails(ctx.db, smtpTransport(sink.url), {
          from: FROM,
          now: new Date(now.getTime() + delay - 1),
        });
        expect((await rowOf(email!.id)).attempts).toBe(attempt);
        now = new Date(now.getTime() + delay);
      }
      await processDueEmails(ctx.db, smtpTransport(sink.url), { from: FROM, now });
      const row = await rowOf(email!.id);
      expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, sentAt: null });
      expect(row.errorMessage).toMatch(/451.*Mailbox busy/);
      // A failed email is never tried again.
      await processDueEmails(ctx.db, smtpTransport(sink.url), {
        from: FROM,
        now: new Date(now.getTime() + 10 * 24 * 3600 * 1000),
      });
      expect((await rowOf(email!.id)).attempts).toBe(MAX_ATTEMPTS);
    } finally {
      sink.rejectWith(null);
    }
    expect(receivedBy(email!.recipientEmail)).toHaveLength(0);
  });

  it('gives up at once on a permanent (5xx) refusal', async () => {
    const [email] = await queue();
    sink.rejectWith({ code: 550, message: 'No such user here' });
    try {
      await processDueEmails(ctx.db, smtpTransport(sink.url), { from: FROM });
    } finally {
      sink.rejectWith(null);
    }
    const row = await rowOf(email!.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.errorMessage).toMatch(/550.*No such user/);
  });

  it('sends on a later attempt after a transient failure', async () => {
    const [email] = await queue();
    sink.rejectWith({ code: 421, message: 'Service not available' });
    const now = new Date();
    try {
      await processDueEmails(ctx.db, smtpTransport(sink.url), { from: FROM, now });
    } finally {
      sink.rejectWith(null);
    }
    expect((await rowOf(email!.id)).status).toBe('pending');
    await processDueEmails(ctx.db, smtpTransport(sink.url), {
      from: FROM,
      now: new Date(now.getTime() + BACKOFF_BASE_MS),
    });
    const row = await rowOf(email!.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, errorMessage: null });
    expect(receivedBy(email!.recipientEmail)).toHaveLength(1);
  });

  it('sends an email queued within the same millisecond as the poll', async () => {
    // The database stamps a queued row in microseconds; Node's clock has milliseconds. Freeze
    // Node's clock at a millisecond and stamp the row half a millisecond after it: the row is due
    // by the database's clock and must be sent.
    const [email] = await queue(1, 'Same millisecond');
    const frozen = Date.now() - 1000;
    await ctx.db.execute(sql`
      update email_notifications
         set next_attempt_at = to_timestamp(${(frozen + 0.5) / 1000})
       where id = ${email!.id}`);
    vi.useFakeTimers({ toFake: ['Date'], now: frozen });
    try {
      await processDueEmails(ctx.db, smtpTransport(sink.url), { from: FROM });
    } finally {
      vi.useRealTimers();
    }
    expect((await rowOf(email!.id)).status).toBe('sent');
  });

  it('an unreachable server is a transient failure', async () => {
    const [email] = await queue();
    await processDueEmails(ctx.db, smtpTransport('smtp://127.0.0.1:1'), { from: FROM });
    const row = await rowOf(email!.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.errorMessage).toMatch(/ECONNREFUSED|connect/i);
    // Clean up so the other tests' runs do not retry it against the sink.
    await ctx.db
      .update(emailNotifications)
      .set({ status: 'failed' })
      .where(eq(emailNotifications.id, email!.id));
  });

  it('two workers on one database send each email exactly once', async () => {
    const emails = await queue(30, 'Concurrent');
    const secondPool = new pg.Pool({
      ...ctx.pool.options,
      password: ctx.pool.options.password,
      max: 3,
    });
    try {
      const secondDb = createDatabase(secondPool);
      const results = await Promise.all([
        processDueEmails(ctx.db, smtpTransport(sink.url), { from: FROM, batchSize: 100 }),
        processDueEmails(secondDb, smtpTransport(sink.url), { from: FROM, batchSize: 100 }),
        processDueEmails(secondDb, smtpTransport(sink.url), { from: FROM, batchSize: 100 }),
      ]);
      expect(results.reduce((sum, r) => sum + r.sent, 0)).toBeGreaterThanOrEqual(30);
    } finally {
      await secondPool.end();
    }
    for (const email of emails) {
      expect(receivedBy(email.recipientEmail), email.recipientEmail).toHaveLength(1);
      expect((await rowOf(email.id)).status).toBe('sent');
    }
  });
});

describe('the .eml drop when SMTP_URL is unset', () => {
  it('writes one .eml file per email under DATA_DIR/mail and counts it as sent', async () => {
    const transport = createMailTransport({ smtpUrl: undefined, dataDir: ctx.config.dataDir });
    expect(transport.description).toContain(path.join(ctx.config.dataDir, 'mail'));
    const reviewer = await createUser(ctx.db, { name: 'Eml <Reader>' });
    const content = reviewReminderEmail({
      name: reviewer.name,
      remaining: 2,
      link: 'http://assay.test/reviewer/opportunities',
    });
    await createEmail(ctx.db, {
      recipientId: reviewer.id,
      recipientEmail: reviewer.email,
      type: 'review_reminder',
      subject: content.subject,
      body: content.text,
      html: content.html,
    });
    await processDueEmails(ctx.db, transport, { from: FROM });
    const folder = path.join(ctx.config.dataDir, 'mail');
    const files = fs.readdirSync(folder).filter((name) => name.endsWith('.eml'));
    const mine = files
      .map((name) => fs.readFileSync(path.join(folder, name), 'utf8'))
      .filter((text) => text.includes(reviewer.email));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain('Subject: Assay: 2 opportunities still waiting for your review');
    expect(mine[0]).toContain(escapeHtml('Eml <Reader>'));
    const [row] = await ctx.db
      .select()
      .from(emailNotifications)
      .where(eq(emailNotifications.recipientId, reviewer.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('fileDropTransport creates its folder', async () => {
    const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'assay-mail-')), 'nested');
    const transport = fileDropTransport(folder);
    await transport.send({
      id: '00000000-0000-4000-8000-000000000001',
      from: FROM,
      to: 'someone@example.test',
      subject: 'Hello',
      text: 'Hi',
      html: '<p>Hi</p>',
    });
    expect(fs.readdirSync(folder)).toHaveLength(1);
    fs.rmSync(path.dirname(folder), { recursive: true, force: true });
  });
});

describe('startEmailWorker', () => {
  it('polls the outbox until stopped', async () => {
    const logs: object[] = [];
    const worker = startEmailWorker({
      db: ctx.db,
      transport: smtpTransport(sink.url),
      from: FROM,
      intervalMs: 20,
      logger: { info: (obj) => logs.push(obj), error: (obj) => logs.push(obj) },
    });
    try {
      const [email] = await queue();
      await vi.waitFor(
        async () => {
          expect((await rowOf(email!.id)).status).toBe('sent');
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await worker.stop();
    }
    // Stopped: nothing is sent any more.
    const [later] = await queue();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await rowOf(later!.id)).status).toBe('pending');
    expect(logs.some((entry) => 'sent' in entry)).toBe(true);
    await ctx.db
      .update(emailNotifications)
      .set({ status: 'failed' })
      .where(eq(emailNotifications.id, later!.id));
  });
});
