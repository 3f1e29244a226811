import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { opportunities } from '../../db/schema/index';
import { expectAdminOnly } from '../../test/assertions';
import { setupTestApp } from '../../test/build-test-app';
import { createOpportunity } from '../../test/factories/opportunities';
import { nextOpportunityNumber, unknownId } from '../../test/factories/sequence';
import { requestsAs, setupAccess } from '../../test/http';

const ctx = setupTestApp();
const access = setupAccess(ctx);

const asAdmin = requestsAs(ctx, () => access.admin.cookie);

async function rowOf(id: string) {
  const [row] = await ctx.db.select().from(opportunities).where(eq(opportunities.id, id));
  return row;
}

const validBody = (overrides: object = {}) => ({
  number: nextOpportunityNumber(),
  title: 'Solar desalination',
  description: 'Fresh water from sunlight',
  imageUrl: null,
  tags: ['water', 'energy'],
  batch: 'Batch A',
  status: 'draft',
  ...overrides,
});

describe('access to the opportunity endpoints', () => {
  it('refuses anonymous (401), reviewers (403) and inactive admins (403)', async () => {
    const existing = await createOpportunity(ctx.db);
    await expectAdminOnly(ctx.app, access, { method: 'GET', url: '/api/admin/opportunities' });
    await expectAdminOnly(ctx.app, access, {
      method: 'POST',
      url: '/api/admin/opportunities',
      payload: validBody({ number: 999 }),
    });
    await expectAdminOnly(ctx.app, access, {
      method: 'PATCH',
      url: `/api/admin/opportunities/${existing.id}`,
      payload: { status: 'archived' },
    });
    expect(await ctx.db.select().from(opportunities).where(eq(opportunities.number, 999))).toEqual(
      [],
    );
    expect((await rowOf(existing.id))?.status).toBe('published');
  });
});

describe('POST /api/admin/opportunities', () => {
  it('creates a draft (201) with trimmed fields and tags, and stores it', async () => {
    const response = await asAdmin('POST', '/api/admin/opportunities', {
      number: 500,
      title: '  Vertical farming  ',
      tags: [' food ', '', '  ', 'cities'],
      batch: '',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(String),
      number: 500,
      title: 'Vertical farming',
      description: '',
      imageUrl: null,
      tags: ['food', 'cities'],
      batch: null,
      status: 'draft',
      createdAt: expect.any(String),
      publishedAt: null,
    });
    expect(await rowOf(body.id)).toMatchObject({
      number: 500,
      title: 'Vertical farming',
      tags: ['food', 'cities'],
      batch: null,
      status: 'draft',
      publishedAt: null,
    });
  });

  it('sets publishedAt when created as published', async () => {
    const response = await asAdmin(
      'POST',
      '/api/admin/opportunities',
      validBody({ status: 'published', imageUrl: '/api/images/x' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().publishedAt).toEqual(expect.any(String));
    expect(response.json().imageUrl).toBe('/api/images/x');
    expect((await rowOf(response.json().id))?.publishedAt).toBeInstanceOf(Date);
  });

  it('validates every field with 400', async () => {
    const cases: Array<[object, string]> = [
      [{ number: 0 }, 'Number must be a positive whole number'],
      [{ number: -3 }, 'Number must be a positive whole number'],
      [{ number: 1.5 }, 'Number must be a whole number'],
      [{ number: '7' }, 'Number must be a whole number'],
      [{ title: '   ' }, 'Title is required'],
      [{ title: 'x'.repeat(501) }, 'Title must be at most 500 characters'],
      [{ description: 'x'.repeat(1001) }, 'Description must be at most 1000 characters'],
      [{ batch: 'b'.repeat(101) }, 'Batch must be at most 100 characters'],
      [{ status: 'deleted' }, "Status must be 'draft', 'published' or 'archived'"],
      [{ tags: 'a,b' }, 'Tags must be a list'],
      [{ imageUrl: 'javascript:alert(1)' }, 'Invalid image URL'],
    ];
    for (const [overrides, message] of cases) {
      const response = await asAdmin('POST', '/api/admin/opportunities', validBody(overrides));
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const { number: _omit, ...withoutNumber } = validBody();
    expect((await asAdmin('POST', '/api/admin/opportunities', withoutNumber)).statusCode).toBe(400);
    const okMax = await asAdmin(
      'POST',
      '/api/admin/opportunities',
      validBody({ title: 't'.repeat(500), description: 'd'.repeat(1000), batch: 'b'.repeat(100) }),
    );
    expect(okMax.statusCode).toBe(201);
  });

  it('refuses a duplicate number with 409', async () => {
    const existing = await createOpportunity(ctx.db);
    const response = await asAdmin(
      'POST',
      '/api/admin/opportunities',
      validBody({ number: existing.number }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: `Opportunity number ${existing.number} already exists`,
    });
  });
});

describe('GET /api/admin/opportunities', () => {
  it('lists every status, ordered by number', async () => {
    const draft = await createOpportunity(ctx.db, { status: 'draft', publishedAt: null });
    const archived = await createOpportunity(ctx.db, { status: 'archived', batch: 'B2' });
    const response = await asAdmin('GET', '/api/admin/opportunities');
    expect(response.statusCode).toBe(200);
    const list = response.json() as Array<{ id: string; number: number }>;
    const numbers = list.map((o) => o.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(list.find((o) => o.id === draft.id)).toEqual({
      id: draft.id,
      number: draft.number,
      title: draft.title,
      description: draft.description,
      imageUrl: null,
      tags: ['energy', 'water'],
      batch: null,
      status: 'draft',
      createdAt: draft.createdAt.toISOString(),
      publishedAt: null,
    });
    expect(list.find((o) => o.id === archived.id)).toMatchObject({
      status: 'archived',
      batch: 'B2',
    });
  });
});

describe('PATCH /api/admin/opportunities/{id}', () => {
  it('edits every field with the full body', async () => {
    const existing = await createOpportunity(ctx.db, { status: 'draft', publishedAt: null });
    const response = await asAdmin('PATCH', `/api/admin/opportunities/${existing.id}`, {
      number: 2000,
      title: 'Renamed',
      description: 'New text',
      imageUrl: '/api/images/abc',
      tags: ['a', ' b '],
      batch: 'Batch Z',
      status: 'draft',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: existing.id,
      number: 2000,
      title: 'Renamed',
      description: 'New text',
      imageUrl: '/api/images/abc',
      tags: ['a', 'b'],
      batch: 'Batch Z',
      status: 'draft',
      publishedAt: null,
    });
    const row = await rowOf(existing.id);
    expect(row).toMatchObject({ number: 2000, title: 'Renamed', batch: 'Batch Z' });
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(existing.updatedAt.getTime());
    // Keeping its own number is not a conflict.
    const same = await asAdmin('PATCH', `/api/admin/opportunities/${existing.id}`, {
      number: 2000,
      title: 'Renamed again',
    });
    expect(same.statusCode).toBe(200);
  });

  it('moves through the statuses; publishedAt is set on first publication and kept', async () => {
    const existing = await createOpportunity(ctx.db, {
      status: 'draft',
      publishedAt: null,
      batch: 'Keep',
      imageUrl: '/api/images/keep',
    });
    const url = `/api/admin/opportunities/${existing.id}`;
    const published = await asAdmin('PATCH', url, { status: 'published' });
    expect(published.statusCode).toBe(200);
    const firstPublishedAt = published.json().publishedAt;
    expect(firstPublishedAt).toEqual(expect.any(String));
    // A status-only body leaves every other field alone.
    expect(published.json()).toMatchObject({ batch: 'Keep', imageUrl: '/api/images/keep' });

    const unpublished = await asAdmin('PATCH', url, { status: 'draft' });
    expect(unpublished.json()).toMatchObject({ status: 'draft', publishedAt: firstPublishedAt });
    const archived = await asAdmin('PATCH', url, { status: 'archived' });
    expect(archived.json()).toMatchObject({ status: 'archived', publishedAt: firstPublishedAt });
    const republished = await asAdmin('PATCH', url, { status: 'published' });
    expect(republished.json()).toMatchObject({
      status: 'published',
      publishedAt: firstPublishedAt,
    });
    const row = await rowOf(existing.id);
    expect(row).toMatchObject({ status: 'published', batch: 'Keep' });
    expect(row!.publishedAt?.toISOString()).toBe(firstPublishedAt);
  });

  it('answers 409 for a number taken by another opportunity', async () => {
    const a = await createOpportunity(ctx.db);
    const b = await createOpportunity(ctx.db);
    const response = await asAdmin('PATCH', `/api/admin/opportunities/${b.id}`, {
      number: a.number,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: `Opportunity number ${a.number} already exists` });
    expect((await rowOf(b.id))?.number).toBe(b.number);
  });

  it('answers 400 for bad input, 404 for an unknown id', async () => {
    const existing = await createOpportunity(ctx.db);
    const url = `/api/admin/opportunities/${existing.id}`;
    for (const payload of [{}, { status: 'gone' }, { title: '' }, { number: 0 }]) {
      expect((await asAdmin('PATCH', url, payload)).statusCode).toBe(400);
    }
    const badId = await asAdmin('PATCH', '/api/admin/opportunities/42', { status: 'draft' });
    expect(badId.statusCode).toBe(400);
    const unknown = await asAdmin('PATCH', `/api/admin/opportunities/${unknownId()}`, {
      status: 'draft',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Opportunity not found' });
    expect((await rowOf(existing.id))?.status).toBe('published');
  });
});
