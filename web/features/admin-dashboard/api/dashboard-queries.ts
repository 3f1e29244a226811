import type { DashboardStats, TopOpportunity } from '@shared/dashboard-schemas';
import { SHOW_REVIEWER_COMMENTS } from '@shared/settings';
import type { Setting } from '@shared/settings-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ToastInput, toast } from '@web/components/ui/use-toast';
import { apiJson } from '@web/lib/api-client';
import { useToastingMutation } from '@web/lib/use-toasting-mutation';
import { dashboardKeys } from './dashboard-keys';

export const statsQueryOptions = queryOptions<DashboardStats>({ queryKey: dashboardKeys.stats() });

export const topOpportunitiesQueryOptions = queryOptions<TopOpportunity[]>({
  queryKey: dashboardKeys.topOpportunities(),
});

export const showCommentsQueryOptions = queryOptions<Setting>({
  queryKey: dashboardKeys.setting(SHOW_REVIEWER_COMMENTS),
});

export function useDashboardStats() {
  return useQuery(statsQueryOptions);
}

export function useTopOpportunities() {
  return useQuery(topOpportunitiesQueryOptions);
}

export function useShowCommentsSetting() {
  return useQuery(showCommentsQueryOptions);
}

/** Writes the comment-visibility setting, refetches it and says so (SPEC.md section 7). */
export function useUpdateShowComments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isShown: boolean) =>
      apiJson<Setting>('POST', '/api/admin/settings', {
        key: SHOW_REVIEWER_COMMENTS,
        value: isShown ? 'true' : 'false',
      }),
    onSuccess: async () => {
      toast({
        title: 'Settings Updated',
        description: 'Comment visibility setting has been changed',
      });
      await queryClient.invalidateQueries({
        queryKey: dashboardKeys.setting(SHOW_REVIEWER_COMMENTS),
      });
    },
  });
}

/** A 'true'/'false' setting beside the spec's switch (issue 18), read like any setting. */
export function useBooleanSetting(key: string) {
  return useQuery(queryOptions<Setting>({ queryKey: dashboardKeys.setting(key) }));
}

/**
 * Writes a 'true'/'false' setting through the same call as the spec's switch, says what changed
 * (`describe`) and refetches that setting alone.
 */
export function useUpdateBooleanSetting(key: string, describe: (isOn: boolean) => ToastInput) {
  return useToastingMutation({
    mutationFn: (isOn: boolean) =>
      apiJson<Setting>('POST', '/api/admin/settings', { key, value: isOn ? 'true' : 'false' }),
    succeeded: (_answer, isOn) => describe(isOn),
    invalidate: (queryClient) =>
      queryClient.invalidateQueries({ queryKey: dashboardKeys.setting(key), exact: true }),
    failureTitle: 'Failed to Update Settings',
  });
}
