import { sql } from 'drizzle-orm';
import {
  check,
  index,
  numeric,
  pgTable,
  smallint,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { opportunities } from './opportunities';
import { users } from './users';

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    strategicAlignment: smallint('strategic_alignment').notNull(),
    sustainability: smallint('sustainability').notNull(),
    technologyReadiness: smallint('technology_readiness').notNull(),
    marketPotential: smallint('market_potential').notNull(),
    businessPotential: smallint('business_potential').notNull(),
    composite: numeric('composite', { precision: 10, scale: 4 }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('reviews_opportunity_reviewer_unique').on(t.opportunityId, t.reviewerId),
    index('reviews_reviewer_idx').on(t.reviewerId),
    check(
      'reviews_scores_range',
      sql`${t.strategicAlignment} between 1 and 5 and ${t.sustainability} between 1 and 5 and ${t.technologyReadiness} between 1 and 5 and ${t.marketPotential} between 1 and 5 and ${t.businessPotential} between 1 and 5`,
    ),
  ],
);
