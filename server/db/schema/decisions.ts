import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { opportunities } from './opportunities';
import { users } from './users';

export const decisionOutcome = pgEnum('decision_outcome', [
  'shortlisted',
  'accepted',
  'waitlisted',
  'declined',
  'withdrawn',
]);
export const decisionRevisionState = pgEnum('decision_revision_state', [
  'draft',
  'released',
  'superseded',
  'discarded',
]);

/**
 * An opportunity's decisions (issue 35, decision 0029), one row per revision: never edited in
 * place once released. At most one draft and one released (in force) per opportunity; a PUT over
 * a draft discards it and adds a new revision, a release supersedes the one in force. The
 * evidence is the opportunity's row of Results at the time of the PUT.
 */
export const decisions = pgTable(
  'decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    outcome: decisionOutcome('outcome').notNull(),
    rationale: text('rationale').notNull().default(''),
    state: decisionRevisionState('state').notNull().default('draft'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
    releasedBy: uuid('released_by').references(() => users.id, { onDelete: 'set null' }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** When it left the draft or released state (discarded, superseded). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    evidence: jsonb('evidence').notNull(),
    /** The owner address its letter was queued to at release; null when none was sent. */
    letterTo: text('letter_to'),
    /** A draft proposed from the waitlist: the opportunity whose withdrawal freed the place. */
    proposedFor: uuid('proposed_for').references(() => opportunities.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('decisions_opportunity_revision_unique').on(t.opportunityId, t.revision),
    uniqueIndex('decisions_one_draft').on(t.opportunityId).where(sql`${t.state} = 'draft'`),
    uniqueIndex('decisions_one_released').on(t.opportunityId).where(sql`${t.state} = 'released'`),
    index('decisions_current_idx')
      .on(t.opportunityId)
      .where(sql`${t.state} in ('draft', 'released')`),
    check('decisions_rationale_length', sql`char_length(${t.rationale}) <= 2000`),
  ],
);

/** The waitlist's order: opportunities whose outcome in view is 'waitlisted', by position. */
export const decisionWaitlist = pgTable('decision_waitlist', {
  opportunityId: uuid('opportunity_id')
    .primaryKey()
    .references(() => opportunities.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
});

/** An opportunity's feedback letter as the admin builds it (the comments it quotes below). */
export const feedbackLetters = pgTable('feedback_letters', {
  opportunityId: uuid('opportunity_id')
    .primaryKey()
    .references(() => opportunities.id, { onDelete: 'cascade' }),
  message: text('message').notNull().default(''),
  includeBand: boolean('include_band').notNull().default(false),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A reviewer's comment field the letter quotes, as it goes out: `text` is the admin's (possibly
 * redacted) copy; the comment itself is never changed. Gone with the reviewer or the opportunity.
 */
export const feedbackLetterItems = pgTable(
  'feedback_letter_items',
  {
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => feedbackLetters.opportunityId, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    text: text('text').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'feedback_letter_items_pkey',
      columns: [t.opportunityId, t.reviewerId, t.field],
    }),
    check(
      'feedback_letter_items_field',
      sql`${t.field} in ('howToBiggerBetter', 'challenges', 'howToGetGoing', 'otherComments')`,
    ),
  ],
);
