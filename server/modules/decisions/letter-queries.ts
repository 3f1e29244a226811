import type { LetterCommentField } from '@shared/decisions';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { comments, feedbackLetterItems, feedbackLetters, users } from '../../db/schema/index';
import { countsInFiguresSql } from '../review-cycle/scope';

type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type LetterRow = typeof feedbackLetters.$inferSelect;
export type LetterItemRow = typeof feedbackLetterItems.$inferSelect & { field: LetterCommentField };

/** A reviewer's comment a letter may quote, with its 'Reviewer A' place (first saved first). */
export type LetterSourceRow = {
  reviewerId: string;
  name: string;
  labelIndex: number;
  howToBiggerBetter: string | null;
  challenges: string | null;
  howToGetGoing: string | null;
  otherComments: string | null;
};

export async function findLetter(db: Db, opportunityId: string): Promise<LetterRow | undefined> {
  const [row] = await db
    .select()
    .from(feedbackLetters)
    .where(eq(feedbackLetters.opportunityId, opportunityId))
    .limit(1);
  return row;
}

export async function listLetterItems(db: Db, opportunityId: string): Promise<LetterItemRow[]> {
  const rows = await db
    .select()
    .from(feedbackLetterItems)
    .where(eq(feedbackLetterItems.opportunityId, opportunityId))
    .orderBy(asc(feedbackLetterItems.position));
  return rows as LetterItemRow[];
}

/**
 * The comments on the opportunity that count (no conflict; in 'assigned' mode, assigned pairs,
 * as the figures), in the order of their first save: the order of the 'Reviewer A' labels.
 */
export async function listLetterSources(db: Db, opportunityId: string): Promise<LetterSourceRow[]> {
  const result = await db.execute<LetterSourceRow>(sql`
    select c.reviewer_id as "reviewerId", u.name as "name",
           (row_number() over (order by c.submitted_at, c.id) - 1)::int as "labelIndex",
           c.how_to_bigger_better as "howToBiggerBetter", c.challenges as "challenges",
           c.how_to_get_going as "howToGetGoing", c.other_comments as "otherComments",
           ${countsInFiguresSql(sql`c.reviewer_id`, sql`c.opportunity_id`, { over: 'pair' })} as "counts"
      from ${comments} c
      join ${users} u on u.id = c.reviewer_id
     where c.opportunity_id = ${opportunityId}
     order by c.submitted_at, c.id`);
  return (result.rows as Array<LetterSourceRow & { counts: boolean }>)
    .filter((row) => row.counts)
    .map(({ counts: _counts, ...row }) => row);
}

export async function writeLetter(
  db: Db,
  values: {
    opportunityId: string;
    message: string;
    includeBand: boolean;
    updatedBy: string | null;
    items: Array<{ reviewerId: string; field: LetterCommentField; text: string }>;
  },
): Promise<void> {
  const { items, ...letter } = values;
  await db
    .insert(feedbackLetters)
    .values(letter)
    .onConflictDoUpdate({
      target: feedbackLetters.opportunityId,
      set: {
        message: letter.message,
        includeBand: letter.includeBand,
        updatedBy: letter.updatedBy,
        updatedAt: sql`now()`,
      },
    });
  await db
    .delete(feedbackLetterItems)
    .where(eq(feedbackLetterItems.opportunityId, values.opportunityId));
  if (items.length === 0) return;
  await db
    .insert(feedbackLetterItems)
    .values(
      items.map((item, position) => ({ ...item, opportunityId: values.opportunityId, position })),
    );
}
