import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { assignments, conflicts } from '../../db/schema/index';
import {
  commentsAfterOwnReviewSql,
  isAssignedModeSql,
  showReviewerNamesSql,
} from '../settings/queries';

// Which (reviewer, opportunity) pairs are in the review cycle (issue 18, docs/review-cycle.md),
// as SQL predicates that every statement embeds: the reviewer's calls ask "may this reviewer work
// on it", the admin figures ask "does this review count". Each is a primary-key or unique-index
// probe, and the mode is one settings lookup per statement, so the hot paths stay one statement.

/** The pair is assigned. */
export function isAssignedSql(reviewerId: SQLWrapper, opportunityId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${assignments} as scope_assignment
    where scope_assignment.reviewer_id = ${reviewerId}
      and scope_assignment.opportunity_id = ${opportunityId})`;
}

/** The reviewer has a conflict of interest with the opportunity. */
export function hasConflictSql(reviewerId: SQLWrapper, opportunityId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${conflicts} as scope_conflict
    where scope_conflict.reviewer_id = ${reviewerId}
      and scope_conflict.opportunity_id = ${opportunityId})`;
}

/**
 * The reviewer's calls may reach the opportunity (besides its being published): always in 'open'
 * mode, only when assigned in 'assigned' mode. The mode is read first, so 'open' mode never
 * probes the assignments.
 */
export function isInReviewerScopeSql(
  reviewerId: SQLWrapper,
  opportunityId: SQLWrapper,
): SQL<boolean> {
  return sql<boolean>`(not ${isAssignedModeSql} or ${isAssignedSql(reviewerId, opportunityId)})`;
}

/**
 * A review or comment of this pair counts in the admin figures and reaches other reviewers: the
 * reviewer has no conflict with the opportunity, and in 'assigned' mode the pair is assigned.
 * Work that does not count is kept, never deleted.
 *
 * `over: 'rows'` is for statements that test many rows (the figures): the assignments are then
 * read once into a hash (an uncorrelated IN), not probed once per review. `over: 'pair'` probes
 * the indexes, for a statement about one opportunity.
 */
export function countsInFiguresSql(
  reviewerId: SQLWrapper,
  opportunityId: SQLWrapper,
  options: { over: 'rows' | 'pair' },
): SQL<boolean> {
  if (options.over === 'pair') {
    return sql<boolean>`(not ${hasConflictSql(reviewerId, opportunityId)} and ${isInReviewerScopeSql(reviewerId, opportunityId)})`;
  }
  // NOT IN over the conflicts (both columns are not null, so it means NOT EXISTS) is a hash probe
  // per review; NOT EXISTS became a nested-loop anti join that restarted a scan of the conflicts
  // for each of the 10,000 reviews, which doubled the opportunity analytics (issue 38). With no
  // conflict recorded at all (read once, an InitPlan) OR stops before the probe: 4.6 against
  // 4.8 ms for the opportunity analytics at 200 x 50 (pgbench, one client; 4.4 ms without the
  // exclusion).
  return sql<boolean>`((not exists (select 1 from ${conflicts}) or (${reviewerId}, ${opportunityId}) not in (select ${conflicts.reviewerId}, ${conflicts.opportunityId} from ${conflicts}))
    and (not ${isAssignedModeSql} or (${reviewerId}, ${opportunityId}) in (select ${assignments.reviewerId}, ${assignments.opportunityId} from ${assignments})))`;
}

/**
 * Any review-cycle control that changes what reviewers' answers carry is in use ('assigned' mode,
 * comments only after the reader's own review, names hidden): the reviewer answers then carry
 * their cycle fields on every opportunity (shared/review-cycle-schemas.ts).
 */
export const isCycleControlInUseSql: SQL<boolean> = sql<boolean>`(${isAssignedModeSql} or ${commentsAfterOwnReviewSql} or not ${showReviewerNamesSql})`;

const dialect = new PgDialect();

/** A predicate as SQL text over column names written as text (for the exports' text queries). */
export function sqlText(predicate: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(predicate);
  if (params.length > 0) throw new Error('a text predicate takes no parameters');
  return text;
}

/**
 * A statement as SQL text with its parameters written in as literals, for SQL kept in the
 * database (a function's body in a migration). Text, numbers and booleans only; no placeholders.
 */
export function sqlTextWithLiterals(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, position: string) => {
    const value = params[Number(position) - 1];
    if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    throw new Error(`a literal cannot be written for parameter $${position}`);
  });
}
