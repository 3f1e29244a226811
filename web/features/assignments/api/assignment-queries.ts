import type {
  AssignmentBoard,
  AssignmentPair,
  AutoAssignPlan,
  AutoAssignRequest,
  addAssignmentsResultSchema,
  adminConflictListSchema,
  importAssignmentsResultSchema,
  ReviewAssignmentMode,
  removeAssignmentsResultSchema,
} from '@shared/review-cycle-schemas';
import { REVIEW_ASSIGNMENT } from '@shared/settings';
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { invalidateAdminFigures } from '@web/lib/admin-figures';
import { apiJson, apiRequest } from '@web/lib/api-client';
import { countOf } from '@web/lib/count-of';
import { useToastingMutation } from '@web/lib/use-toasting-mutation';
import type { z } from 'zod';
import { patchBoard } from '../lib/board-patch';
import { assignmentKeys } from './assignment-keys';

export type AdminConflict = z.infer<typeof adminConflictListSchema>[number];
type AddResult = z.infer<typeof addAssignmentsResultSchema>;
type RemoveResult = z.infer<typeof removeAssignmentsResultSchema>;
type ImportResult = z.infer<typeof importAssignmentsResultSchema>;
type ModeSetting = { key: string; value: ReviewAssignmentMode };

export const boardQueryOptions = queryOptions<AssignmentBoard>({
  queryKey: assignmentKeys.board(),
});
export const conflictsQueryOptions = queryOptions<AdminConflict[]>({
  queryKey: assignmentKeys.conflicts(),
});
export const modeQueryOptions = queryOptions<ModeSetting>({ queryKey: assignmentKeys.mode() });

export const useAssignmentBoard = () => useQuery(boardQueryOptions);
export const useConflicts = () => useQuery(conflictsQueryOptions);
export const useReviewMode = () => useQuery(modeQueryOptions);

/**
 * The board, the conflicts list and every admin figure: in assigned mode the dashboard, the
 * heatmap and the results follow the assignments, and a conflict takes work out of all of them.
 */
function invalidateCycle(queryClient: QueryClient) {
  return invalidateAdminFigures(
    queryClient,
    assignmentKeys.board()[0],
    assignmentKeys.conflicts()[0],
  );
}

export function useSetReviewMode() {
  return useToastingMutation({
    mutationFn: (mode: ReviewAssignmentMode) =>
      apiJson<ModeSetting>('POST', '/api/admin/settings', { key: REVIEW_ASSIGNMENT, value: mode }),
    succeeded: (_answer, mode) => ({
      title: 'Review Mode Updated',
      description:
        mode === 'assigned'
          ? 'Reviewers now see only the opportunities assigned to them'
          : 'Every active reviewer now sees every published opportunity',
    }),
    invalidate: (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assignmentKeys.mode(), exact: true }),
        invalidateCycle(queryClient),
      ]),
    failureTitle: 'Failed to Change Review Mode',
  });
}

/** What the server has just accepted, shown at once; the refetch then brings its figures. */
function patchCachedBoard(
  queryClient: QueryClient,
  pairs: AssignmentPair[],
  change: 'add' | 'remove',
) {
  queryClient.setQueryData<AssignmentBoard>(assignmentKeys.board(), (board) =>
    board ? patchBoard(board, pairs, change) : board,
  );
}

export function useAddAssignments() {
  const queryClient = useQueryClient();
  return useToastingMutation({
    mutationFn: async (pairs: AssignmentPair[]) => {
      const result = await apiJson<AddResult>('POST', '/api/admin/assignments', { pairs });
      patchCachedBoard(queryClient, pairs, 'add');
      return result;
    },
    succeeded: ({ added, alreadyAssigned }) => ({
      title: added === 1 ? 'Assignment Added' : 'Assignments Added',
      description:
        alreadyAssigned === 0
          ? `${countOf(added, 'assignment')} added`
          : `${countOf(added, 'assignment')} added, ${alreadyAssigned} already assigned`,
    }),
    invalidate: invalidateCycle,
    failureTitle: 'Nothing Assigned',
  });
}

/**
 * Removes pairs. The caller handles a failure: a 409 means some of them hold a saved review or
 * comment, which must be confirmed (`confirmReviewed`) before it leaves the aggregates.
 */
export function useRemoveAssignments() {
  const queryClient = useQueryClient();
  return useToastingMutation({
    mutationFn: async (input: { pairs: AssignmentPair[]; confirmReviewed?: boolean }) => {
      const result = await apiJson<RemoveResult>('POST', '/api/admin/assignments/remove', input);
      patchCachedBoard(queryClient, input.pairs, 'remove');
      return result;
    },
    succeeded: ({ removed, reviewsExcluded }) => ({
      title: removed === 1 ? 'Assignment Removed' : 'Assignments Removed',
      description:
        reviewsExcluded === 0
          ? `${countOf(removed, 'assignment')} removed`
          : `${countOf(removed, 'assignment')} removed; ${countOf(reviewsExcluded, 'review')} kept but no longer counted`,
    }),
    invalidate: invalidateCycle,
  });
}

/** A preview (nothing changes): the dialog shows the plan itself. */
export function useAutoAssignPreview() {
  return useMutation({
    mutationFn: (input: Omit<AutoAssignRequest, 'apply' | 'fingerprint'>) =>
      apiJson<AutoAssignPlan>('POST', '/api/admin/assignments/auto', { ...input, apply: false }),
  });
}

/** Applies a previewed plan; a 409 (the input changed since) is shown by the dialog. */
export function useAutoAssignApply() {
  return useToastingMutation({
    mutationFn: (input: Omit<AutoAssignRequest, 'apply'>) =>
      apiJson<AutoAssignPlan>('POST', '/api/admin/assignments/auto', { ...input, apply: true }),
    succeeded: (plan) => ({
      title: 'Assignments Applied',
      description: `${countOf(plan.added.length, 'assignment')} added`,
    }),
    invalidate: invalidateCycle,
  });
}

/** The import; a 400 carries the row-by-row report, which the dialog shows. */
export function useImportAssignments() {
  return useToastingMutation({
    mutationFn: (csv: string) =>
      apiJson<ImportResult>('POST', '/api/admin/assignments/import', { csv }),
    succeeded: ({ added, alreadyAssigned }) => ({
      title: 'Assignments Imported',
      description:
        alreadyAssigned === 0
          ? `${countOf(added, 'assignment')} added`
          : `${countOf(added, 'assignment')} added, ${alreadyAssigned} already assigned`,
    }),
    invalidate: invalidateCycle,
  });
}

export function useRecordConflict() {
  return useToastingMutation({
    mutationFn: (input: { reviewerId: string; opportunityId: string; reason: string | null }) =>
      apiRequest('POST', '/api/admin/conflicts', input),
    succeeded: () => ({
      title: 'Conflict Recorded',
      description: "The reviewer's work on this opportunity no longer counts",
    }),
    invalidate: invalidateCycle,
    failureTitle: 'Failed to Record Conflict',
  });
}

export function useWithdrawConflict() {
  return useToastingMutation({
    mutationFn: (conflict: { id: string }) =>
      apiRequest('DELETE', `/api/admin/conflicts/${conflict.id}`),
    succeeded: () => ({
      title: 'Conflict Withdrawn',
      description: 'The reviewer can score and comment on this opportunity again',
    }),
    invalidate: invalidateCycle,
    failureTitle: 'Failed to Withdraw Conflict',
  });
}
