import type { Results } from '@shared/results-schemas';
import { queryOptions } from '@tanstack/react-query';
import { resultsKeys } from './results-keys';

/** The one response behind the whole Results screen (shared/results-schemas.ts). */
export const resultsQuery = queryOptions<Results>({ queryKey: resultsKeys.results() });
