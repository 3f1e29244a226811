import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, smallint, unique } from 'drizzle-orm/pg-core';
import { reviewerWorkKeyColumns, savedAtColumns } from './reviewer-work-columns';

export const reviews = pgTable(
  'reviews',
  {
    ...reviewerWorkKeyColumns(),
    strategicAlignment: smallint('strategic_alignment').notNull(),
    sustainability: smallint('sustainability').notNull(),
    technologyReadiness: smallint('technology_readiness').notNull(),
    marketPotential: smallint('market_potential').notNull(),
    businessPotential: smallint('business_potential').notNull(),
    composite: numeric('composite', { precision: 10, scale: 4 }).notNull(),
    ...savedAtColumns(),
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
