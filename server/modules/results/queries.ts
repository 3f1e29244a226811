import { CRITERION_KEYS } from '@shared/criteria';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { decisions, opportunities, reviews, users } from '../../db/schema/index';
import { isActiveReviewer, isPublished, reviewerName } from '../analytics/selection';
import { countsInFiguresSql } from '../review-cycle/scope';

const scoreColumns = sql.join(
  CRITERION_KEYS.map((key) => reviews[key]),
  sql`, `,
);

/**
 * Everything the results are computed from, in one statement (one snapshot, one round trip):
 * every published opportunity by number, every active reviewer by name, and the reviews of
 * active reviewers on published opportunities that count (issue 18: no conflict; in 'assigned'
 * mode, assigned pairs only), selected with the analytics' own predicates
 * (../analytics/selection.ts) so that both screens count the same rows. Rows travel as JSON
 * arrays (ResultsInputJson in ./results-input.ts). Reviews need no order: computeResults sorts
 * what it is given, so the same data gives the same answer.
 */
const resultsInputStatement = preparedStatement<{ input: string; outcomes: string | null }>(
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
    -- Issue 35: each decided opportunity's outcome in view (draft else released) and its state,
    -- for the results export; null while no decision was ever set (the export is then the spec's).
    case when exists (select 1 from ${decisions}) then coalesce(
      (select json_object_agg(v.opportunity_id, json_build_array(v.outcome, v.state))
         from (select distinct on (${decisions.opportunityId}) ${decisions.opportunityId} as opportunity_id,
                      ${decisions.outcome} as outcome, ${decisions.state} as state
                 from ${decisions}
                where ${decisions.state} in ('draft', 'released')
                order by ${decisions.opportunityId}, (${decisions.state} = 'draft') desc) v),
      '{}'::json)::text end as "outcomes"
  `,
);

/**
 * The input of computeResults as the JSON text of a ResultsInputJson, read in one statement. It
 * stays text until the thread that computes the results parses it (parseResultsInput).
 */
export async function readResultsInputJson(
  db: Pick<Database, '$client'>,
): Promise<{ input: string; outcomes: OutcomesInView | undefined }> {
  const [row] = await resultsInputStatement(db);
  const { input, outcomes } = row!;
  if (outcomes === null) return { input, outcomes: undefined };
  const pairs = JSON.parse(outcomes) as Record<string, [string, 'draft' | 'released']>;
  return {
    input,
    outcomes: new Map(
      Object.entries(pairs).map(([id, [outcome, state]]) => [id, { outcome, state }]),
    ),
  };
}

/** Each decided opportunity's outcome in view and its state (issue 35). */
export type OutcomesInView = ReadonlyMap<string, { outcome: string; state: 'draft' | 'released' }>;
