import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { CRITERION_KEYS, type Scores } from '@shared/criteria';
import { MAX_OPPORTUNITIES } from '@shared/limits';
import type { OpportunityStatus } from '@shared/opportunity-schemas';
import { compositeOf, toNumericText } from '@shared/scoring';
import { SHOW_REVIEWER_COMMENTS } from '@shared/settings';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import type { Config } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { comments, opportunities, reviews, users } from '../db/schema/index';
import { bootstrapAdmin } from '../modules/auth/bootstrap-admin';
import { hashPassword } from '../modules/auth/passwords';
import { processImage } from '../modules/images/image-processing';
import { storeImage } from '../modules/images/queries';
import { upsertSetting } from '../modules/settings/queries';
import { runCli } from './run-cli';
import {
  DEMO_BATCHES,
  DEMO_COMMENTS,
  DEMO_EMAIL_DOMAIN,
  DEMO_OPPORTUNITIES,
  DEMO_PASSWORD,
  DEMO_REVIEWERS,
} from './seed-demo-data';

export type SeedResult =
  | {
      status: 'seeded';
      reviewers: number;
      opportunities: number;
      reviews: number;
      comments: number;
      images: number;
    }
  | { status: 'already-seeded' };

export class SeedRefusedError extends Error {}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A small deterministic PRNG (mulberry32): the same demo data on every run. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const emailOf = (name: string) =>
  `${name
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '')}@${DEMO_EMAIL_DOMAIN}`;

// 24 published, 4 drafts, 2 archived, in catalogue order.
const statusAt = (index: number): OpportunityStatus =>
  index < 24 ? 'published' : index < 28 ? 'draft' : 'archived';

/** A gradient picture, square or 4:3, made of raw pixels (no files needed). */
async function gradientImage(index: number) {
  const [width, height] = index % 2 === 0 ? [400, 400] : [400, 300];
  const pixels = Buffer.alloc(width * height * 3);
  const hue = (index * 47) % 255;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      pixels[offset] = (hue + (x * 255) / width) % 255;
      pixels[offset + 1] = (y * 255) / height;
      pixels[offset + 2] = 255 - hue;
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  // WebP and JPEG, as photos would be uploaded (a gradient PNG weighs ~120 KB for 400 px).
  const encoded = index % 2 === 0 ? image.webp({ quality: 85 }) : image.jpeg({ quality: 85 });
  // Through the same checks and re-encoding as an upload.
  return processImage(await encoded.toBuffer());
}

async function hasDemoData(db: Tx) {
  const result = await db.execute<{ found: boolean }>(
    sql`select exists(select 1 from users where email like ${`%@${DEMO_EMAIL_DOMAIN}`}) as found`,
  );
  return result.rows[0]!.found;
}

async function hasOtherData(db: Tx) {
  const result = await db.execute<{ found: boolean }>(
    sql`select exists(select 1 from opportunities) or exists(select 1 from users where role <> 'admin') as found`,
  );
  return result.rows[0]!.found;
}

/**
 * Loads the demo data set in one transaction. Idempotent: a database that already holds the demo
 * is left alone. Refuses a database holding other data unless `force` (then it adds around it).
 */
export async function seedDemo(
  db: Database,
  options: { force?: boolean } = {},
): Promise<SeedResult> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const pictures = await Promise.all([0, 1, 2, 3, 4, 5].map(gradientImage));
  return db.transaction(async (tx) => {
    // Two seeders started at once must not both see an empty database.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('assay.seed-demo'))`);
    if (await hasDemoData(tx)) return { status: 'already-seeded' as const };
    if (!options.force && (await hasOtherData(tx))) {
      throw new SeedRefusedError(
        'The database already holds opportunities or reviewers; run with --force to add the demo data anyway.',
      );
    }
    const random = createRandom(20_250_401);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

    const reviewerRows = await tx
      .insert(users)
      .values(
        DEMO_REVIEWERS.map((reviewer, index) => ({
          name: reviewer.name,
          email: emailOf(reviewer.name),
          displayName: reviewer.displayName ?? null,
          passwordHash,
          role: 'reviewer' as const,
          isActive: reviewer.isActive ?? true,
          lastLogin: index % 3 === 2 ? null : new Date(Date.now() - (index + 1) * 86_400_000),
        })),
      )
      .returning();

    const imageUrls: string[] = [];
    for (const picture of pictures) {
      imageUrls.push((await storeImage(tx, { ...picture, createdById: null })).url);
    }

    // With --force the demo goes after existing numbers and stays within MAX_OPPORTUNITIES.
    const existing = await tx.execute<{ total: number; highest: number }>(
      sql`select count(*)::int as total, coalesce(max(number), 0)::int as highest from opportunities`,
    );
    const { total, highest } = existing.rows[0]!;
    const catalogue = DEMO_OPPORTUNITIES.slice(0, Math.max(0, MAX_OPPORTUNITIES - total));
    const opportunityRows = catalogue.length
      ? await tx
          .insert(opportunities)
          .values(
            catalogue.map((item, index) => {
              const status = statusAt(index);
              return {
                number: highest + index + 1,
                title: item.title,
                description: item.description,
                tags: item.tags,
                batch: DEMO_BATCHES[Math.floor(index / 10)] ?? null,
                imageUrl: index % 5 === 0 ? (imageUrls[index / 5] ?? null) : null,
                status,
                publishedAt:
                  status === 'draft' ? null : new Date(Date.now() - (30 - index) * 86_400_000),
              };
            }),
          )
          .returning()
      : [];

    const reviewValues: (typeof reviews.$inferInsert)[] = [];
    const commentValues: (typeof comments.$inferInsert)[] = [];
    const bias = reviewerRows.map(() => random() - 0.5);
    for (const opportunity of opportunityRows) {
      if (opportunity.status === 'draft') continue;
      // Each opportunity has its own quality; each criterion and reviewer moves around it.
      const quality = 1.8 + random() * 2.8;
      reviewerRows.forEach((reviewer, r) => {
        if (random() < 0.2) return; // most, not all, reviewers reviewed each opportunity
        const scores = Object.fromEntries(
          CRITERION_KEYS.map((key) => [
            key,
            Math.min(5, Math.max(1, Math.round(quality + bias[r]! + (random() - 0.5) * 1.6))),
          ]),
        ) as Scores;
        const ids = { opportunityId: opportunity.id, reviewerId: reviewer.id };
        reviewValues.push({ ...ids, ...scores, composite: toNumericText(compositeOf(scores)) });
        if (random() < 0.7) {
          commentValues.push({
            ...ids,
            howToBiggerBetter: pick(DEMO_COMMENTS.howToBiggerBetter),
            challenges: pick(DEMO_COMMENTS.challenges),
            howToGetGoing: random() < 0.6 ? pick(DEMO_COMMENTS.howToGetGoing) : null,
            otherComments: pick(DEMO_COMMENTS.otherComments) || null,
          });
        }
      });
    }
    if (reviewValues.length) await tx.insert(reviews).values(reviewValues);
    if (commentValues.length) await tx.insert(comments).values(commentValues);
    await upsertSetting(tx, SHOW_REVIEWER_COMMENTS, 'true');
    return {
      status: 'seeded' as const,
      reviewers: reviewerRows.length,
      opportunities: opportunityRows.length,
      reviews: reviewValues.length,
      comments: commentValues.length,
      images: imageUrls.length,
    };
  });
}

/** `npm run seed:demo [-- --force]`: migrate, make sure an admin exists, load the demo. */
async function seedDemoCommand(database: DatabaseHandle, config: Config) {
  const logger = pino({ level: config.logLevel });
  await runMigrations(database.pool);
  await bootstrapAdmin(database.db, config, logger);
  const result = await seedDemo(database.db, { force: process.argv.includes('--force') });
  if (result.status === 'already-seeded') {
    console.log(`The demo data is already in ${database.description}; nothing changed.`);
  } else {
    console.log(
      `Demo data loaded into ${database.description}: ${result.reviewers} reviewers, ${result.opportunities} opportunities, ${result.reviews} reviews, ${result.comments} comments, ${result.images} images.`,
    );
    console.log(
      `Reviewers sign in as <name>@${DEMO_EMAIL_DOMAIN} with the password: ${DEMO_PASSWORD}`,
    );
    console.log(`For example: ${emailOf(DEMO_REVIEWERS[0]!.name)} / ${DEMO_PASSWORD}`);
  }
}

// Runs only as the entry point (dist/server/seed-demo.js), not when imported by tests.
const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(realpathSync(entry)).href) {
  runCli(seedDemoCommand, [SeedRefusedError]);
}
