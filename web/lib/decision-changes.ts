import type { QueryClient } from '@tanstack/react-query';
import { DECISION_PARTS, decisionKeys } from '@web/features/decisions/api/decision-keys';
import { resultsKeys } from '@web/features/results/api/results-keys';

const listPaths: string[] = [decisionKeys.list()[0], resultsKeys.decisions()[0]];
const opportunitiesPath: string = decisionKeys.panel('')[0];

/**
 * Refetches what a decision change moves: the decisions list (which the Results page reads too),
 * and every opportunity's decision panel, letter and preview (a release or a withdrawal's proposal
 * changes others than the one acted on). Matched by path, so neither feature loads the other.
 */
export function invalidateDecisions(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      listPaths.includes(String(queryKey[0])) ||
      (queryKey[0] === opportunitiesPath &&
        (DECISION_PARTS as readonly unknown[]).includes(queryKey[2])),
  });
}
