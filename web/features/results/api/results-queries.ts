import type { BulkDecisionInput, DecisionEntry, DecisionsList } from '@shared/decision-schemas';
import { OUTCOME_LABELS } from '@shared/decisions';
import type { Results } from '@shared/results-schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { countOf } from '@web/lib/count-of';
import { invalidateDecisions } from '@web/lib/decision-changes';
import { useToastingMutation } from '@web/lib/use-toasting-mutation';
import { resultsKeys } from './results-keys';

/** The one response behind the whole Results screen (shared/results-schemas.ts). */
export const resultsQuery = queryOptions<Results>({ queryKey: resultsKeys.results() });

/** The decisions beside the ranking (issue 35), read apart so the results call stays as it is. */
export const resultsDecisionsQuery = queryOptions<DecisionsList>({
  queryKey: resultsKeys.decisions(),
});

/** The same draft on the checked rows, all or nothing; a refusal is shown inside the dialog. */
export function useBulkDecide() {
  return useToastingMutation({
    mutationFn: (input: BulkDecisionInput) =>
      apiJson<{ decisions: DecisionEntry[] }>('POST', '/api/admin/decisions/bulk', input),
    succeeded: ({ decisions }, input) => ({
      title: 'Decisions Drafted',
      description: `${countOf(decisions.length, 'draft')} set to ${OUTCOME_LABELS[input.outcome]}`,
    }),
    invalidate: invalidateDecisions,
  });
}
