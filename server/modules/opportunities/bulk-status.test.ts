import { BULK_IDS_MAX } from '@shared/limits';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { opportunities } from '../../db/schema/index';
import { expectAdminOnly } from '../../test/assertions';
import { setupTestApp } from '../../test/build-test-app';
import { createOpportunity } from '../../test/factories/opportunities';
import { unknownId } from '../../test/factories/sequence';
import { createUser } from '../../test/factories/users';
import { requestsAs, setupAccess } from '../../test/http';
import { auditRowsFor, emailsTo } from '../../test/queries';

const ctx = setupTestApp();
const access = setupAccess(ctx);

const asAdmin = requestsAs(ctx, () => access.admin.cookie);
const URL = '/api/admin/opportunities/bulk-status';

const bulk = (ids: string[], status: string) => asAdmin('POST', URL, { ids, status });

/** The stored status and publishedAt of these rows, by id. */
async function statesOf(ids: string[]) {
  const rows = await ctx.db
    .select({ id: opportunities.id, status: opportunities.status, at: opportunities.publishedAt })
    .from(opportunities)
    .where(inArray(opportunities.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, { status: row.status, at: row.at }]));
}

const draft = () => createOpportunity(ctx.db, { status: 'draft', publishedAt: null });

describe('access to POST /api/admin/opportunities/bulk-status', () => {
  it('refuses anonymous (401), reviewers (403) and inactive admins (403), changing nothing', async () => {
    const row = await draft();
    await expectAdminOnly(ctx.app, access, {
      method: 'POST',
      url: URL,
      payload: { ids: [row.id], status: 'published' },
    });
    expect((await statesOf([row.id]))[row.id]).toEqual({ status: 'draft', at: null });
    expect(await auditRowsFor(ctx.db, row.id)).toEqual([]);
  });
});

describe('POST /api/admin/opportunities/bulk-status', () => {
  it('answers 400 with a message for a bad body, and changes nothing', async () => {
    const row = await draft();
    const tooMany = Array.from({ length: BULK_IDS_MAX + 1 }, () => unknownId());
    const cases: Array<[object, string]> = [
      [{ status: 'published' }, 'ids must be a list of ids'],
      [{ ids: [], status: 'published' }, 'Select at least one row'],
      [{ ids: tooMany, status: 'published' }, `At most ${BULK_IDS_MAX} rows at once`],
      [{ ids: [row.id, row.id], status: 'published' }, 'Each id may appear only once'],
      [{ ids: [row.id, 'not-a-uuid'], status: 'published' }, 'Each id must be a UUID'],
      [{ ids: [row.id], status: 'deleted' }, "Status must be 'draft', 'published' or 'archived'"],
      [{ ids: [row.id] }, "Status must be 'draft', 'published' or 'archived'"],
    ];
    for (const [payload, message] of cases) {
      const response = await asAdmin('POST', URL, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message, message).toContain(message);
    }
    expect((await statesOf([row.id]))[row.id]?.status).toBe('draft');
    expect(await auditRowsFor(ctx.db, row.id)).toEqual([]);
  });

  it('publishes many in one call: audit row and first-publication emails per row, as a PATCH does', async () => {
    const ann = await createUser(ctx.db);
    const inactive = await createUser(ctx.db, { isActive: false });
    const first = await draft();
    const second = await draft();
    const already = await createOpportunity(ctx.db, { status: 'published' });
    // Published once before, so publishing again is not a first publication: no email.
    const earlier = new Date('2024-01-02T03:04:05Z');
    const republished = await createOpportunity(ctx.db, { status: 'draft', publishedAt: earlier });

    const response = await bulk([second.id, already.id, first.id, republished.id], 'published');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.status).toBe('published');
    // Changed rows in number order, each as the list presents it.
    expect(body.changed.map((o: { id: string }) => o.id)).toEqual([
      first.id,
      second.id,
      republished.id,
    ]);
    expect(body.changed[0]).toMatchObject({
      number: first.number,
      status: 'published',
      publishedAt: expect.any(String),
    });
    expect(body.unchanged.map((o: { id: string }) => o.id)).toEqual([already.id]);

    const states = await statesOf([first.id, second.id, already.id, republished.id]);
    for (const id of [first.id, second.id, republished.id]) {
      expect(states[id]?.status).toBe('published');
    }
    expect(states[republished.id]?.at).toEqual(earlier);
    expect(states[already.id]?.at).toEqual(already.publishedAt);

    for (const row of [first, second]) {
      const audit = await auditRowsFor(ctx.db, row.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'opportunity.status_change',
        entityType: 'opportunity',
        userId: access.admin.user.id,
        changes: {
          before: { status: 'draft', publishedAt: null },
          after: { status: 'published', publishedAt: expect.any(String) },
        },
      });
    }
    expect(await auditRowsFor(ctx.db, already.id)).toEqual([]);
    expect(await auditRowsFor(ctx.db, republished.id)).toHaveLength(1);

    const mails = await emailsTo(ctx.db, ann.email, 'new_opportunity');
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [first, second].map((o) => `Assay: new opportunity #${o.number} ${o.title}`).sort(),
    );
    expect(await emailsTo(ctx.db, inactive.email)).toHaveLength(0);
  });

  it('unpublishes published rows and archives any; rows already there are reported unchanged', async () => {
    const live = await createOpportunity(ctx.db, { status: 'published' });
    const idle = await draft();
    const unpublish = await bulk([live.id, idle.id], 'draft');
    expect(unpublish.statusCode, unpublish.body).toBe(200);
    expect(unpublish.json().changed.map((o: { id: string }) => o.id)).toEqual([live.id]);
    expect(unpublish.json().unchanged.map((o: { id: string }) => o.id)).toEqual([idle.id]);
    // publishedAt records the first publication and stays.
    expect((await statesOf([live.id]))[live.id]).toEqual({
      status: 'draft',
      at: live.publishedAt,
    });

    const archive = await bulk([live.id, idle.id], 'archived');
    expect(archive.statusCode).toBe(200);
    expect(archive.json().changed).toHaveLength(2);
    const states = await statesOf([live.id, idle.id]);
    expect([states[live.id]?.status, states[idle.id]?.status]).toEqual(['archived', 'archived']);
    expect((await auditRowsFor(ctx.db, idle.id)).map((row) => row.action)).toEqual([
      'opportunity.status_change',
    ]);
  });

  it('answers 404 naming an unknown id and changes none of the other rows', async () => {
    const reviewer = await createUser(ctx.db);
    const row = await draft();
    const gone = await draft();
    await ctx.db.delete(opportunities).where(eq(opportunities.id, gone.id));
    const missing = unknownId();

    const one = await bulk([row.id, gone.id], 'published');
    expect(one.statusCode).toBe(404);
    expect(one.json()).toEqual({ message: `Opportunity not found: ${gone.id}` });
    const two = await bulk([missing, row.id, gone.id], 'published');
    expect(two.json()).toEqual({ message: `Opportunities not found: ${missing}, ${gone.id}` });

    expect((await statesOf([row.id]))[row.id]).toEqual({ status: 'draft', at: null });
    expect(await auditRowsFor(ctx.db, row.id)).toEqual([]);
    expect(await emailsTo(ctx.db, reviewer.email)).toHaveLength(0);
  });

  it('answers 409 naming archived rows asked to be unpublished, and changes none', async () => {
    const live = await createOpportunity(ctx.db, { status: 'published' });
    const old = await createOpportunity(ctx.db, { status: 'archived' });
    const older = await createOpportunity(ctx.db, { status: 'archived' });

    const one = await bulk([live.id, old.id], 'draft');
    expect(one.statusCode).toBe(409);
    expect(one.json()).toEqual({
      message: `Only published opportunities can be unpublished: #${old.number} is archived`,
    });
    const two = await bulk([older.id, live.id, old.id], 'draft');
    expect(two.json().message).toBe(
      `Only published opportunities can be unpublished: #${old.number}, #${older.number} are archived`,
    );
    expect((await statesOf([live.id]))[live.id]?.status).toBe('published');
    expect(await auditRowsFor(ctx.db, live.id)).toEqual([]);
  });

  it('serialises overlapping calls: each row is published once, with one round of emails', async () => {
    const reviewer = await createUser(ctx.db);
    const rows = [await draft(), await draft(), await draft()];
    const ids = rows.map((row) => row.id);
    const [a, b] = await Promise.all([bulk(ids, 'published'), bulk(ids.toReversed(), 'published')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().changed.length + b.json().changed.length).toBe(3);
    expect(await emailsTo(ctx.db, reviewer.email, 'new_opportunity')).toHaveLength(3);
    for (const row of rows) expect(await auditRowsFor(ctx.db, row.id)).toHaveLength(1);
  });
});
