import { CRITERION_KEYS } from '@shared/criteria';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { opportunities, reviews, users } from '../../db/schema/index';
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
const resultsInputStatement = preparedStatement<{ input: string }>(
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
    )::text as "input"
  `,
);

/**
 * The input of computeResults as the JSON text of a ResultsInputJson, read in one statement. It
 * stays text until the thread that computes the results parses it (parseResultsInput).
 */
export async function readResultsInputJson(db: Pick<Database, '$client'>): Promise<string> {
  const [row] = await resultsInputStatement(db);
  return row!.input;
}
