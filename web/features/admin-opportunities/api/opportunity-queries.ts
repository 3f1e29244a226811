import type {
  AdminOpportunity,
  BulkOpportunityStatus,
  BulkOpportunityStatusResult,
  CreateOpportunityInput,
  DeletedOpportunity,
  ImageUploadResult,
  OpportunityDeletionImpact,
  OpportunityStatus,
  UpdateOpportunityInput,
} from '@shared/opportunity-schemas';
import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { invalidateAdminFigures } from '@web/lib/admin-figures';
import { apiJson, apiUpload, serverMessageOf } from '@web/lib/api-client';
import { countOf } from '@web/lib/count-of';
import { useToastingMutation } from '@web/lib/use-toasting-mutation';
import { countOpportunities, STATUS_VERBS } from '../lib/opportunity-table-view';
import { opportunityKeys } from './opportunity-keys';

export const opportunitiesQueryOptions = queryOptions<AdminOpportunity[]>({
  queryKey: opportunityKeys.list(),
});

export function useOpportunities() {
  return useQuery(opportunitiesQueryOptions);
}

/** The list, and every admin figure that counts opportunities (dashboard, analytics). */
function invalidateOpportunities(queryClient: QueryClient) {
  return invalidateAdminFigures(queryClient, opportunityKeys.list()[0]);
}

/** POST /api/admin/upload-image (multipart field `image`); a failure says 'Image Upload Failed'. */
export function useUploadImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return apiUpload<ImageUploadResult>('/api/admin/upload-image', form);
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Image Upload Failed',
        description: serverMessageOf(error, 'Upload failed'),
      });
    },
  });
}

export function useCreateOpportunity() {
  return useToastingMutation({
    mutationFn: (input: CreateOpportunityInput) =>
      apiJson<AdminOpportunity>('POST', '/api/admin/opportunities', input),
    succeeded: (opportunity) => ({
      title: 'Opportunity Created',
      description: `#${opportunity.number} ${opportunity.title}`,
    }),
    invalidate: invalidateOpportunities,
    failureTitle: 'Failed to Create Opportunity',
  });
}

/** The edit dialog's full-field PATCH; its failure is shown inside the dialog. */
export function useUpdateOpportunity() {
  return useToastingMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateOpportunityInput }) =>
      apiJson<AdminOpportunity>('PATCH', `/api/admin/opportunities/${id}`, input),
    succeeded: (opportunity) => ({
      title: 'Opportunity Updated',
      description: `#${opportunity.number} ${opportunity.title}`,
    }),
    invalidate: invalidateOpportunities,
  });
}

/** Publish, Unpublish and Archive: a PATCH of the status only. */
export function useChangeOpportunityStatus() {
  return useToastingMutation({
    mutationFn: ({ id, status }: { id: string; status: OpportunityStatus }) =>
      apiJson<AdminOpportunity>('PATCH', `/api/admin/opportunities/${id}`, { status }),
    succeeded: (opportunity) => ({
      title: 'Status Updated',
      description: `#${opportunity.number} is now ${opportunity.status}`,
    }),
    invalidate: invalidateOpportunities,
  });
}

/** What deleting the opportunity would remove, read afresh each time the confirmation opens. */
export function useDeletionImpact(id: string | null) {
  return useQuery<OpportunityDeletionImpact>({
    queryKey: opportunityKeys.deletionImpact(id ?? ''),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useDeleteOpportunity() {
  return useToastingMutation({
    mutationFn: (opportunity: AdminOpportunity) =>
      apiJson<DeletedOpportunity>('DELETE', `/api/admin/opportunities/${opportunity.id}`),
    succeeded: ({ number, title, removed }) => ({
      title: 'Opportunity Deleted',
      description: `#${number} ${title} was deleted with ${countOf(removed.reviews, 'review')} and ${countOf(removed.comments, 'comment')}`,
    }),
    invalidate: invalidateOpportunities,
    failureTitle: 'Failed to Delete Opportunity',
  });
}

/** What a bulk status change did, in words: '3 opportunities published', '1 already was'. */
function bulkOutcome({ status, changed, unchanged }: BulkOpportunityStatusResult) {
  const verb = STATUS_VERBS[status];
  return {
    title:
      changed.length === 0
        ? 'No opportunities changed'
        : `${countOpportunities(changed.length)} ${verb}`,
    description:
      unchanged.length === 0
        ? undefined
        : `${countOpportunities(unchanged.length)} ${unchanged.length === 1 ? 'was' : 'were'} already ${verb}`,
  };
}

/**
 * Publish, Unpublish or Archive for the checked rows: one call that applies to all of them or,
 * when one is refused, to none ('Nothing Changed' and the server's message naming the rows).
 */
export function useBulkChangeOpportunityStatus() {
  return useToastingMutation({
    mutationFn: (input: BulkOpportunityStatus) =>
      apiJson<BulkOpportunityStatusResult>('POST', '/api/admin/opportunities/bulk-status', input),
    succeeded: bulkOutcome,
    invalidate: invalidateOpportunities,
    failureTitle: 'Nothing Changed',
  });
}
