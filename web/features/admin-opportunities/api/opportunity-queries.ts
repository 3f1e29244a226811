import type {
  AdminOpportunity,
  CreateOpportunityInput,
  ImageUploadResult,
  OpportunityStatus,
  UpdateOpportunityInput,
} from '@shared/opportunity-schemas';
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
import { apiJson, apiUpload, serverMessageOf } from '@web/lib/api-client';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOpportunityInput) =>
      apiJson<AdminOpportunity>('POST', '/api/admin/opportunities', input),
    onSuccess: (opportunity) => {
      toast({
        title: 'Opportunity Created',
        description: `#${opportunity.number} ${opportunity.title}`,
      });
      return invalidateOpportunities(queryClient);
    },
    onError: (error) => failureToast('Failed to Create Opportunity', error),
  });
}

/** The edit dialog's full-field PATCH; its failure is shown inside the dialog. */
export function useUpdateOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateOpportunityInput }) =>
      apiJson<AdminOpportunity>('PATCH', `/api/admin/opportunities/${id}`, input),
    onSuccess: (opportunity) => {
      toast({
        title: 'Opportunity Updated',
        description: `#${opportunity.number} ${opportunity.title}`,
      });
      return invalidateOpportunities(queryClient);
    },
  });
}

/** Publish, Unpublish and Archive: a PATCH of the status only. */
export function useChangeOpportunityStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: OpportunityStatus }) =>
      apiJson<AdminOpportunity>('PATCH', `/api/admin/opportunities/${id}`, { status }),
    onSuccess: (opportunity) => {
      toast({
        title: 'Status Updated',
        description: `#${opportunity.number} is now ${opportunity.status}`,
      });
      return invalidateOpportunities(queryClient);
    },
  });
}
