import { eq, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunities, settings, users } from '../db/schema/index';
import { setupTestApp } from '../test/build-test-app';
import { createUser } from '../test/factories/users';
import { signIn } from '../test/http';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { SeedRefusedError, seedDemo } from './seed-demo';
import { DEMO_PASSWORD } from './seed-demo-data';

const ctx = setupTestApp();

async function counts(db: TestDatabase['db']) {
  const result = await db.execute<Record<string, number>>(sql`
    select
      (select count(*)::int from users where role = 'reviewer') as reviewers,
      (select count(*)::int from opportunities) as opportunities,
      (select count(*)::int from opportunities where status = 'published') as published,
      (select count(*)::int from opportunities where status = 'draft') as drafts,
      (select count(*)::int from opportunities where status = 'archived') as archived,
      (select count(distinct batch)::int from opportunities) as batches,
      (select count(*)::int from reviews) as reviews,
      (select count(*)::int from comments) as comments,
      (select count(*)::int from images) as images`);
  return result.rows[0]!;
}

describe('seedDemo', () => {
  it('refuses a database that holds other data, and writes nothing', async () => {
    const stranger = await createUser(ctx.db, { name: 'Not Demo' });
    await expect(seedDemo(ctx.db)).rejects.toBeInstanceOf(SeedRefusedError);
    expect(await counts(ctx.db)).toMatchObject({ reviewers: 1, opportunities: 0, images: 0 });
    await ctx.db.delete(users).where(eq(users.id, stranger.id));
  });

  it('loads the demo set into an empty database', async () => {
    // An admin alone does not count as "other data".
    await createUser(ctx.db, { role: 'admin' });
    const result = await seedDemo(ctx.db);
    expect(result).toMatchObject({ status: 'seeded', reviewers: 12, opportunities: 30, images: 6 });
    const after = await counts(ctx.db);
    expect(after).toMatchObject({
      reviewers: 12,
      opportunities: 30,
      published: 24,
      drafts: 4,
      archived: 2,
      batches: 3,
      images: 6,
    });
    // Most published opportunities reviewed by most reviewers, drafts never.
    expect(after.reviews).toBeGreaterThan(26 * 12 * 0.6);
    expect(after.comments).toBeGreaterThan(after.reviews! * 0.5);
    const [setting] = await ctx.db.select().from(settings);
    expect(setting).toMatchObject({ key: 'show_reviewer_comments', value: 'true' });

    const demoReviewers = await ctx.db
      .select()
      .from(users)
      .where(like(users.email, '%@demo.assay.test'));
    expect(demoReviewers).toHaveLength(12);
    const active = demoReviewers.find((u) => u.isActive)!;
    const cookie = await signIn(ctx.app, { email: active.email, password: DEMO_PASSWORD });
    const withImage = await ctx.db
      .select({ imageUrl: opportunities.imageUrl })
      .from(opportunities)
      .where(sql`${opportunities.imageUrl} is not null and ${opportunities.status} = 'published'`)
      .limit(1);
    const image = await ctx.app.inject({
      method: 'GET',
      url: withImage[0]!.imageUrl!,
      headers: { cookie },
    });
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).format).toMatch(/webp|jpeg/);
  });

  it('is a no-op the second time', async () => {
    const before = await counts(ctx.db);
    expect(await seedDemo(ctx.db)).toEqual({ status: 'already-seeded' });
    expect(await seedDemo(ctx.db, { force: true })).toEqual({ status: 'already-seeded' });
    expect(await counts(ctx.db)).toEqual(before);
  });
});

describe('seedDemo --force', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('adds the demo around existing data, numbered after it and within the limit', async () => {
    await database.db.insert(opportunities).values({ number: 40, title: 'Existing' });
    await expect(seedDemo(database.db)).rejects.toBeInstanceOf(SeedRefusedError);
    const result = await seedDemo(database.db, { force: true });
    expect(result).toMatchObject({ status: 'seeded', opportunities: 30 });
    const numbers = await database.db.execute<{ min: number; max: number; n: number }>(
      sql`select min(number)::int as min, max(number)::int as max, count(*)::int as n from opportunities`,
    );
    expect(numbers.rows[0]).toEqual({ min: 40, max: 70, n: 31 });
  });
});
