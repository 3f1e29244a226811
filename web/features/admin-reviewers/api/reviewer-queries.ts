import { TEMP_PASSWORD_TOAST_MS } from '@shared/limits';
import type {
  AdminReviewer,
  BulkReviewerActive,
  BulkReviewerActiveResult,
  CreateReviewer,
  SendRemindersResult,
  TempPassword,
} from '@shared/reviewer-admin-schemas';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { invalidateAdminFigures } from '@web/lib/admin-figures';
import { apiJson } from '@web/lib/api-client';
import { useToastingMutation } from '@web/lib/use-toasting-mutation';
import { countReviewers } from '../lib/reviewer-table-view';
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

/** The list, and every admin figure that counts reviewers (dashboard, analytics). */
function invalidateReviewersAndFigures(queryClient: QueryClient) {
  return Promise.all([invalidateReviewers(queryClient), invalidateAdminFigures(queryClient)]);
}

export function useCreateReviewer() {
  return useToastingMutation({
    mutationFn: (input: CreateReviewer) =>
      apiJson<AdminReviewer>('POST', '/api/admin/reviewers', { ...input, role: 'reviewer' }),
    succeeded: (reviewer) => ({
      title: 'Reviewer Created',
      description: `${reviewer.name} can now sign in`,
    }),
    invalidate: invalidateReviewersAndFigures,
    failureTitle: 'Failed to Create Reviewer',
  });
}

/** A new random password, shown to the admin once in a toast that stays for 10 s. */
export function useResetPassword() {
  return useToastingMutation({
    mutationFn: (reviewer: AdminReviewer) =>
      apiJson<TempPassword>('POST', `/api/admin/reviewers/${reviewer.id}/reset-password`),
    succeeded: ({ tempPassword }) => ({
      title: 'Password Reset',
      description: `Temporary password: ${tempPassword}`,
      duration: TEMP_PASSWORD_TOAST_MS,
    }),
    failureTitle: 'Failed to Reset Password',
  });
}

export function useSetPassword() {
  return useToastingMutation({
    mutationFn: ({ reviewer, password }: { reviewer: AdminReviewer; password: string }) =>
      apiJson('POST', `/api/admin/reviewers/${reviewer.id}/set-password`, { password }),
    succeeded: (_answer, { reviewer }) => ({
      title: 'Password Updated',
      description: `New password set for ${reviewer.name}`,
    }),
    failureTitle: 'Failed to Update Password',
  });
}

/** Activate or deactivate: sends the inverse of the current state (SPEC.md section 7). */
export function useToggleReviewerActive() {
  return useToastingMutation({
    mutationFn: (reviewer: AdminReviewer) =>
      apiJson<AdminReviewer>('PATCH', `/api/admin/reviewers/${reviewer.id}`, {
        isActive: !reviewer.isActive,
      }),
    succeeded: (reviewer) => ({
      title: 'Reviewer Updated',
      description: `${reviewer.name} is now ${reviewer.isActive ? 'active' : 'inactive'}`,
    }),
    invalidate: invalidateReviewersAndFigures,
  });
}

/** What a bulk activation did, in words: '3 reviewers deactivated', '1 already was'. */
function bulkOutcome({ isActive, changed, unchanged }: BulkReviewerActiveResult) {
  const verb = isActive ? 'activated' : 'deactivated';
  const state = isActive ? 'active' : 'inactive';
  return {
    title:
      changed.length === 0 ? 'No reviewers changed' : `${countReviewers(changed.length)} ${verb}`,
    description:
      unchanged.length === 0
        ? undefined
        : `${countReviewers(unchanged.length)} ${unchanged.length === 1 ? 'was' : 'were'} already ${state}`,
  };
}

/**
 * Activate or Deactivate the checked reviewers: one call that applies to all of them or, when
 * one is refused, to none ('Nothing Changed' and the server's message naming the rows).
 */
export function useBulkSetReviewersActive() {
  return useToastingMutation({
    mutationFn: (input: BulkReviewerActive) =>
      apiJson<BulkReviewerActiveResult>('POST', '/api/admin/reviewers/bulk-active', input),
    succeeded: bulkOutcome,
    invalidate: invalidateReviewersAndFigures,
    failureTitle: 'Nothing Changed',
  });
}

export function useDeleteReviewer() {
  return useToastingMutation({
    mutationFn: (reviewer: AdminReviewer) =>
      apiJson('DELETE', `/api/admin/reviewers/${reviewer.id}`),
    succeeded: (_answer, reviewer) => ({
      title: 'Reviewer Deleted',
      description: `${reviewer.name} has been removed`,
    }),
    invalidate: invalidateReviewersAndFigures,
    failureTitle: 'Failed to Delete Reviewer',
  });
}

/**
 * Queues a reminder for every active reviewer with published opportunities left to review; the
 * table's Last Email column then shows them.
 */
export function useSendReminders() {
  return useToastingMutation({
    mutationFn: () => apiJson<SendRemindersResult>('POST', '/api/admin/reviewers/send-reminders'),
    succeeded: ({ queued }) => ({
      title: 'Reminders Sent',
      description:
        queued === 0
          ? 'No reviewer has opportunities left to review'
          : `${queued} ${queued === 1 ? 'reminder' : 'reminders'} queued`,
    }),
    invalidate: invalidateReviewers,
    failureTitle: 'Failed to Send Reminders',
  });
}
