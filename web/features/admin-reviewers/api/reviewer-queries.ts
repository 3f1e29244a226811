import { TEMP_PASSWORD_TOAST_MS } from '@shared/limits';
import type {
  AdminReviewer,
  CreateReviewer,
  SendRemindersResult,
  TempPassword,
} from '@shared/reviewer-admin-schemas';
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { failureToast } from '@web/components/ui/failure-toast';
import { toast } from '@web/components/ui/use-toast';
import { invalidateAdminFigures } from '@web/lib/admin-figures';
import { apiJson } from '@web/lib/api-client';
import { reviewerKeys } from './reviewer-keys';

export const reviewersQueryOptions = queryOptions<AdminReviewer[]>({
  queryKey: reviewerKeys.list(),
});

export function useReviewers() {
  return useQuery(reviewersQueryOptions);
}

function invalidateReviewers(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: reviewerKeys.list() });
}

export function useCreateReviewer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReviewer) =>
      apiJson<AdminReviewer>('POST', '/api/admin/reviewers', { ...input, role: 'reviewer' }),
    onSuccess: (reviewer) => {
      toast({ title: 'Reviewer Created', description: `${reviewer.name} can now sign in` });
      return Promise.all([invalidateReviewers(queryClient), invalidateAdminFigures(queryClient)]);
    },
    onError: (error) => failureToast('Failed to Create Reviewer', error),
  });
}

/** A new random password, shown to the admin once in a toast that stays for 10 s. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (reviewer: AdminReviewer) =>
      apiJson<TempPassword>('POST', `/api/admin/reviewers/${reviewer.id}/reset-password`),
    onSuccess: ({ tempPassword }) => {
      toast({
        title: 'Password Reset',
        description: `Temporary password: ${tempPassword}`,
        duration: TEMP_PASSWORD_TOAST_MS,
      });
    },
    onError: (error) => failureToast('Failed to Reset Password', error),
  });
}

export function useSetPassword() {
  return useMutation({
    mutationFn: ({ reviewer, password }: { reviewer: AdminReviewer; password: string }) =>
      apiJson('POST', `/api/admin/reviewers/${reviewer.id}/set-password`, { password }),
    onSuccess: (_answer, { reviewer }) => {
      toast({ title: 'Password Updated', description: `New password set for ${reviewer.name}` });
    },
    onError: (error) => failureToast('Failed to Update Password', error),
  });
}

/** Activate or deactivate: sends the inverse of the current state (SPEC.md section 7). */
export function useToggleReviewerActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewer: AdminReviewer) =>
      apiJson<AdminReviewer>('PATCH', `/api/admin/reviewers/${reviewer.id}`, {
        isActive: !reviewer.isActive,
      }),
    onSuccess: (reviewer) => {
      toast({
        title: 'Reviewer Updated',
        description: `${reviewer.name} is now ${reviewer.isActive ? 'active' : 'inactive'}`,
      });
      return Promise.all([invalidateReviewers(queryClient), invalidateAdminFigures(queryClient)]);
    },
  });
}

export function useDeleteReviewer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewer: AdminReviewer) =>
      apiJson('DELETE', `/api/admin/reviewers/${reviewer.id}`),
    onSuccess: (_answer, reviewer) => {
      toast({ title: 'Reviewer Deleted', description: `${reviewer.name} has been removed` });
      return Promise.all([invalidateReviewers(queryClient), invalidateAdminFigures(queryClient)]);
    },
    onError: (error) => failureToast('Failed to Delete Reviewer', error),
  });
}

/**
 * Queues a reminder for every active reviewer with published opportunities left to review; the
 * table's Last Email column then shows them.
 */
export function useSendReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<SendRemindersResult>('POST', '/api/admin/reviewers/send-reminders'),
    onSuccess: ({ queued }) => {
      toast({
        title: 'Reminders Sent',
        description:
          queued === 0
            ? 'No reviewer has opportunities left to review'
            : `${queued} ${queued === 1 ? 'reminder' : 'reminders'} queued`,
      });
      return invalidateReviewers(queryClient);
    },
    onError: (error) => failureToast('Failed to Send Reminders', error),
  });
}
