import { index, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { reviewerWorkKeyColumns, savedAtColumns } from './reviewer-work-columns';

export const comments = pgTable(
  'comments',
  {
    ...reviewerWorkKeyColumns(),
    howToBiggerBetter: text('how_to_bigger_better'),
    challenges: text('challenges'),
    howToGetGoing: text('how_to_get_going'),
    otherComments: text('other_comments'),
    ...savedAtColumns(),
  },
  (t) => [
    unique('comments_opportunity_reviewer_unique').on(t.opportunityId, t.reviewerId),
    index('comments_reviewer_idx').on(t.reviewerId),
  ],
);
