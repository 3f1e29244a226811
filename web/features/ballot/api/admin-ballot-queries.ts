import type { BallotResults } from '@shared/ballot-schemas';
import type { Setting } from '@shared/settings-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { useToastingMutation } from '@web/lib/use-toasting-mutation';
import { ballotKeys } from './ballot-keys';

/** Ballots arrive while the page is open: read again when the window regains focus. */
export const ballotResultsQuery = queryOptions<BallotResults>({
  queryKey: ballotKeys.results(),
  refetchOnWindowFocus: 'always',
});

export const ballotOpenQuery = queryOptions<Setting>({ queryKey: ballotKeys.openSetting() });

export function useBallotResults() {
  return useQuery(ballotResultsQuery);
}

export function useBallotOpen() {
  return useQuery(ballotOpenQuery);
}

/** Opens or closes voting (the `ballot_open` setting), then reads the setting and the count. */
export function useUpdateBallotOpen() {
  return useToastingMutation({
    mutationFn: (isOpen: boolean) =>
      apiJson<Setting>('POST', '/api/admin/settings', {
        key: ballotKeys.openSetting()[1],
        value: isOpen ? 'true' : 'false',
      }),
    succeeded: (_answer, isOpen) =>
      isOpen
        ? { title: 'Voting Opened', description: 'Reviewers can rank the finalists' }
        : { title: 'Voting Closed', description: 'Ballots can no longer be changed' },
    invalidate: (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ballotKeys.openSetting(), exact: true }),
        queryClient.invalidateQueries({ queryKey: ballotKeys.results(), exact: true }),
      ]),
    failureTitle: 'Failed to Update Settings',
  });
}
