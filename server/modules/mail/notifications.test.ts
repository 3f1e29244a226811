import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailNotifications, opportunities } from '../../db/schema/index';
import { expectAdminOnly } from '../../test/assertions';
import { setupTestApp } from '../../test/build-test-app';
import { createEmail } from '../../test/factories/emails';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview, scoresOf } from '../../test/factories/reviews';
import { nextOpportunityNumber, uniqueEmail } from '../../test/factories/sequence';
import { createUser } from '../../test/factories/users';
import { requestsAs, setupAccess } from '../../test/http';
import { emailsTo, tokenFromEmail } from '../../test/queries';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { smtpTransport } from './transport';
import { processDueEmails } from './worker';

const ctx = setupTestApp();
const FROM = 'Assay <no-reply@assay.test>';
const access = setupAccess(ctx);
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});

const asAdmin = requestsAs(ctx, () => access.admin.cookie);

const deliver = () => processDueEmails(ctx.db, smtpTransport(sink.url), { from: FROM });
const receivedBy = (address: string) => sink.received.filter((m) => m.to.includes(address));

/** Creates an opportunity through the admin API, which is what queues the emails. */
async function postOpportunity(status: 'draft' | 'published' = 'draft', title = 'Solar roofs') {
  const response = await asAdmin('POST', '/api/admin/opportunities', {
    number: nextOpportunityNumber(),
    title,
    description: 'Cheap panels',
    status,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; number: number; title: string };
}

describe('new_opportunity emails', () => {
  it('notifies each active reviewer once, when an opportunity is first published', async () => {
    const ann = await createUser(ctx.db, { name: 'Ann Active' });
    const bob = await createUser(ctx.db, { name: 'Bob Active' });
    const inactive = await createUser(ctx.db, { isActive: false });
    const opportunity = await postOpportunity('draft', 'Tidal <power> & more');
    expect(await emailsTo(ctx.db, ann.email)).toHaveLength(0);

    const publish = (status: string) =>
      asAdmin('PATCH', `/api/admin/opportunities/${opportunity.id}`, { status });
    expect((await publish('published')).statusCode).toBe(200);
    for (const reviewer of [ann, bob]) {
      const mails = await emailsTo(ctx.db, reviewer.email, 'new_opportunity');
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ recipientId: reviewer.id, status: 'pending' });
    }
    expect(await emailsTo(ctx.db, inactive.email)).toHaveLength(0);
    expect(await emailsTo(ctx.db, access.admin.user.email)).toHaveLength(0);

    // Unpublishing and publishing again is not a first publication.
    expect((await publish('draft')).statusCode).toBe(200);
    expect((await publish('published')).statusCode).toBe(200);
    expect(await emailsTo(ctx.db, ann.email, 'new_opportunity')).toHaveLength(1);

    await deliver();
    const [mail] = receivedBy(ann.email);
    expect(receivedBy(ann.email)).toHaveLength(1);
    expect(mail!.subject).toBe(
      `Assay: new opportunity #${opportunity.number} Tidal <power> & more`,
    );
    expect(mail!.decoded).toContain(`http://assay.test/reviewer/opportunities/${opportunity.id}`);
    expect(mail!.decoded).toContain('Tidal &lt;power&gt; &amp; more');
    expect(mail!.decoded).toContain('Hello Ann Active,');
    expect(receivedBy(bob.email)).toHaveLength(1);
    expect(receivedBy(inactive.email)).toHaveLength(0);
  });

  it('notifies when an opportunity is created as published', async () => {
    const reviewer = await createUser(ctx.db);
    await postOpportunity('published');
    expect(await emailsTo(ctx.db, reviewer.email, 'new_opportunity')).toHaveLength(1);
  });

  it('queues nothing when the publishing change is refused', async () => {
    const reviewer = await createUser(ctx.db);
    const taken = await postOpportunity('draft');
    const other = await postOpportunity('draft');
    const response = await asAdmin('PATCH', `/api/admin/opportunities/${other.id}`, {
      number: taken.number,
      status: 'published',
    });
    expect(response.statusCode).toBe(409);
    expect(await emailsTo(ctx.db, reviewer.email)).toHaveLength(0);
    const [row] = await ctx.db.select().from(opportunities).where(eq(opportunities.id, other.id));
    expect(row!.publishedAt).toBeNull();
  });
});

describe('POST /api/admin/reviewers/send-reminders', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(ctx.app, access, {
      method: 'POST',
      url: '/api/admin/reviewers/send-reminders',
    });
  });

  it('queues one reminder per active reviewer with unreviewed published opportunities', async () => {
    await createOpportunity(ctx.db, { status: 'published', publishedAt: new Date() });
    await createOpportunity(ctx.db, { status: 'draft' });
    const published = await ctx.db
      .select()
      .from(opportunities)
      .where(eq(opportunities.status, 'published'));
    expect(published.length).toBeGreaterThanOrEqual(2);
    const done = await createUser(ctx.db, { name: 'Done Reviewer' });
    const behind = await createUser(ctx.db, { name: 'Behind Reviewer' });
    const inactive = await createUser(ctx.db, { isActive: false });
    for (const opportunity of published) {
      await createReview(ctx.db, {
        opportunityId: opportunity.id,
        reviewerId: done.id,
        scores: scoresOf([3, 3, 3, 3, 3]),
      });
    }
    await createReview(ctx.db, {
      opportunityId: published[0]!.id,
      reviewerId: behind.id,
      scores: scoresOf([4, 4, 4, 4, 4]),
    });
    const remaining = published.length - 1;

    const startedAt = new Date(Date.now() - 1);
    const response = await asAdmin('POST', '/api/admin/reviewers/send-reminders');
    expect(response.statusCode).toBe(200);
    const queuedRows = await ctx.db
      .select()
      .from(emailNotifications)
      .where(
        and(
          eq(emailNotifications.type, 'review_reminder'),
          gt(emailNotifications.createdAt, startedAt),
        ),
      );
    expect(response.json()).toEqual({ queued: queuedRows.length });
    expect(await emailsTo(ctx.db, done.email)).toHaveLength(0);
    expect(await emailsTo(ctx.db, inactive.email)).toHaveLength(0);
    const [reminder] = await emailsTo(ctx.db, behind.email, 'review_reminder');
    expect(reminder!.body).toContain(`${remaining} opportunities still waiting for your review`);

    await deliver();
    const mails = receivedBy(behind.email).filter((m) => m.subject.includes('waiting'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      `Assay: ${remaining} opportunities still waiting for your review`,
    );
    expect(mails[0]!.decoded).toContain('http://assay.test/reviewer/opportunities');
    expect(receivedBy(done.email)).toHaveLength(0);
  });
});

describe('invitation emails over SMTP', () => {
  it('arrive with the link to PUBLIC_URL/invite/{token} that opens the invitation', async () => {
    const email = uniqueEmail('smtp-invitee');
    const response = await asAdmin('POST', '/api/admin/invitations', {
      email,
      name: 'Smtp Invitee',
      customMessage: 'See you <soon>',
    });
    expect(response.statusCode).toBe(201);
    await deliver();
    const mails = receivedBy(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('You are invited to review opportunities on Assay');
    const token = tokenFromEmail(mails[0]!.decoded);
    expect(mails[0]!.decoded).toContain(`http://assay.test/invite/${token}`);
    expect(mails[0]!.decoded).toContain('See you &lt;soon&gt;');
    expect(mails[0]!.decoded).not.toMatch(/argon2|password_hash/);
    const opened = await ctx.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().email).toBe(email);
  });
});

describe('GET /api/admin/reviewers lastEmail', () => {
  it("shows each reviewer's latest email, with a constant number of statements", async () => {
    const list = async () => {
      const response = await asAdmin('GET', '/api/admin/reviewers');
      expect(response.statusCode).toBe(200);
      return response.json() as {
        id: string;
        lastEmail: null | {
          type: string;
          status: string;
          createdAt: string;
          sentAt: string | null;
          errorMessage: string | null;
        };
      }[];
    };
    const quiet = await createUser(ctx.db);
    const failing = await createUser(ctx.db);
    await createEmail(ctx.db, {
      recipientId: failing.id,
      recipientEmail: failing.email,
      type: 'new_opportunity',
      subject: 'old',
      body: 'old',
      status: 'sent',
      sentAt: new Date(Date.now() - 60_000),
      createdAt: new Date(Date.now() - 120_000),
    });
    await createEmail(ctx.db, {
      recipientId: failing.id,
      recipientEmail: failing.email,
      type: 'review_reminder',
      subject: 'new',
      body: 'new',
      status: 'failed',
      errorMessage: '550 No such user',
    });
    const rows = await list();
    expect(rows.find((r) => r.id === quiet.id)!.lastEmail).toBeNull();
    const latest = rows.find((r) => r.id === failing.id)!.lastEmail;
    expect(latest).toMatchObject({
      type: 'review_reminder',
      status: 'failed',
      sentAt: null,
      errorMessage: '550 No such user',
    });
    expect(Number.isNaN(Date.parse(latest!.createdAt))).toBe(false);

    const few = await ctx.countStatements(list);
    for (let i = 0; i < 8; i++) {
      const reviewer = await createUser(ctx.db);
      await createEmail(ctx.db, { recipientId: reviewer.id, recipientEmail: reviewer.email });
    }
    const many = await ctx.countStatements(list);
    // Session + user for the guard, the reviewers, their latest emails.
    expect(few).toBe(4);
    expect(many).toBe(few);
  });
});
