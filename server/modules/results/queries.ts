import { CRITERION_KEYS } from '@shared/criteria';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import {
  assignments,
  conflicts,
  decisions,
  opportunities,
  reviews,
  settings,
  users,
} from '../../db/schema/index';
import { isActiveReviewer, isPublished, reviewerName } from '../analytics/selection';
import { countsInFiguresSql } from '../review-cycle/scope';

const scoreColumns = sql.join(
  CRITERION_KEYS.map((key) => reviews[key]),
  sql`, `,
);

/**
 * Issue 35: each decided opportunity's outcome in view (draft else released) and its state, for
 * the results export; null while no decision was ever set (the export is then the spec's).
 */
const outcomesColumn = sql`case when exists (select 1 from ${decisions}) then coalesce(
      (select json_object_agg(v.opportunity_id, json_build_array(v.outcome, v.state))
         from (select distinct on (${decisions.opportunityId}) ${decisions.opportunityId} as opportunity_id,
                      ${decisions.outcome} as outcome, ${decisions.state} as state
                 from ${decisions}
                where ${decisions.state} in ('draft', 'released')
                order by ${decisions.opportunityId}, (${decisions.state} = 'draft') desc) v),
      '{}'::json)::text end as "outcomes"`;

/**
 * A fingerprint of every row of the tables the input is read from (the reviews, the opportunities,
 * the accounts, the assignments and conflicts, and the settings that decide which reviews count):
 * per table, its row count and the sum of a 64-bit hash of each row version's place and creating
 * transaction (ctid, xmin), which any insert, update or delete changes. Read in the same snapshot
 * as an input, it stands for that input: an equal fingerprint later means the same rows, so the
 * same input, without building and comparing 5 MB of JSON at 1,000 reviewers (decision 0010).
 * A change that makes no difference to the input (a sign-in's last_login) only costs a full read.
 */
const rowsFingerprint = (table: SQL | PgTable) =>
  sql`(select count(*)::text || '.' || coalesce(sum(hashtextextended(t.ctid::text || t.xmin::text, 0)), 0)::text from ${table} t)`;
const fingerprintColumn = sql`concat_ws('/', ${sql.join(
  [reviews, opportunities, users, assignments, conflicts, settings].map(rowsFingerprint),
  sql`, `,
)}) as "fingerprint"`;

/**
 * Everything the results are computed from, in one statement (one snapshot, one round trip):
 * every published opportunity by number, every active reviewer by name, and the reviews of
 * active reviewers on published opportunities that count (issue 18: no conflict; in 'assigned'
 * mode, assigned pairs only), selected with the analytics' own predicates
 * (../analytics/selection.ts) so that both screens count the same rows. Rows travel as JSON
 * arrays (ResultsInputJson in ./results-input.ts). Reviews need no order: computeResults sorts
 * what it is given, so the same data gives the same answer.
 */
const resultsInputStatement = preparedStatement<{
  input: string;
  outcomes: string | null;
  fingerprint: string;
}>(
  'assay_results_input',
  sql`
    select json_build_object(
      'opportunities', coalesce(
        (select json_agg(
                  json_build_array(${opportunities.id}, ${opportunities.number}, ${opportunities.title})
                  order by ${opportunities.number})
           from ${opportunities}
          where ${isPublished}),
        '[]'::json
      ),
      'reviewers', coalesce(
        (select json_agg(json_build_array(${users.id}, ${reviewerName})
                         order by ${reviewerName}, ${users.id})
           from ${users}
          where ${isActiveReviewer}),
        '[]'::json
      ),
      'reviews', coalesce(
        (select json_agg(
                  json_build_array(${reviews.opportunityId}, ${reviews.reviewerId}, ${scoreColumns},
                                   ${reviews.composite}::float8))
           from ${reviews}
           join ${opportunities} on ${opportunities.id} = ${reviews.opportunityId} and ${isPublished}
           join ${users} on ${users.id} = ${reviews.reviewerId} and ${isActiveReviewer}
          where ${countsInFiguresSql(reviews.reviewerId, reviews.opportunityId, { over: 'rows' })}),
        '[]'::json
      )
    )::text as "input",
    ${outcomesColumn},
    ${fingerprintColumn}
  `,
);

/**
 * The cheap check before the full read (decision 0010, issue 38): the fingerprint of every row
 * the input is made of, in one index-free pass per table, with the outcomes (small) beside it.
 */
const resultsFingerprintStatement = preparedStatement<{
  fingerprint: string;
  outcomes: string | null;
}>('assay_results_fingerprint', sql`select ${outcomesColumn}, ${fingerprintColumn}`);

/**
 * The input of computeResults as the JSON text of a ResultsInputJson, read in one statement, with
 * the fingerprint of the rows it was read from. It stays text until the thread that computes the
 * results parses it (parseResultsInput).
 */
export async function readResultsInputJson(db: Pick<Database, '$client'>): Promise<{
  input: string;
  fingerprint: string;
  outcomes: OutcomesInView | undefined;
}> {
  const [row] = await resultsInputStatement(db);
  const { input, fingerprint, outcomes } = row!;
  return { input, fingerprint, outcomes: outcomesOf(outcomes) };
}

/** The fingerprint of the input's rows as they are now, and the outcomes in view. */
export async function readResultsFingerprint(
  db: Pick<Database, '$client'>,
): Promise<{ fingerprint: string; outcomes: OutcomesInView | undefined }> {
  const [row] = await resultsFingerprintStatement(db);
  return { fingerprint: row!.fingerprint, outcomes: outcomesOf(row!.outcomes) };
}

function outcomesOf(outcomes: string | null): OutcomesInView | undefined {
  if (outcomes === null) return undefined;
  const pairs = JSON.parse(outcomes) as Record<string, [string, 'draft' | 'released']>;
  return new Map(Object.entries(pairs).map(([id, [outcome, state]]) => [id, { outcome, state }]));
}

/** Each decided opportunity's outcome in view and its state (issue 35). */
export type OutcomesInView = ReadonlyMap<string, { outcome: string; state: 'draft' | 'released' }>;
