import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

export const opportunityStatus = pgEnum('opportunity_status', ['draft', 'published', 'archived']);

export const opportunities = pgTable(
  'opportunities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().unique('opportunities_number_unique'),
    title: varchar('title', { length: 500 }).notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    batch: varchar('batch', { length: 100 }),
    status: opportunityStatus('status').notNull().default('draft'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The owner's contact for the decision letter (issue 35); owners never get an account. */
    ownerName: varchar('owner_name', { length: 200 }),
    ownerEmail: varchar('owner_email', { length: 320 }),
  },
  (t) => [
    check('opportunities_number_positive', sql`${t.number} > 0`),
    index('opportunities_status_number_idx').on(t.status, t.number),
  ],
);
