import type { CurrentUser } from '@shared/auth-schemas';
import type {
  AcceptInvitation,
  AdminInvitation,
  CreateInvitation,
  PublicInvitation,
} from '@shared/invitation-schemas';
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { failureToast } from '@web/components/ui/failure-toast';
import { toast } from '@web/components/ui/use-toast';
import { apiJson, isApiError } from '@web/lib/api-client';
import { useToastingMutation } from '@web/lib/use-toasting-mutation';
import { invitationKeys } from './invitation-keys';

export const pendingInvitationsQueryOptions = queryOptions<AdminInvitation[]>({
  queryKey: invitationKeys.pending(),
});

export function usePendingInvitations() {
  return useQuery(pendingInvitationsQueryOptions);
}

function invitationPath(token: string) {
  return `/api/invitations/${encodeURIComponent(token)}`;
}

/** What an invitation link shows; 404 (unknown) and 410 (used, revoked, expired) are errors. */
export function publicInvitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: invitationKeys.link(token),
    // The token comes from a URL someone typed or pasted: encode it rather than join it raw.
    queryFn: () => apiJson<PublicInvitation>('GET', invitationPath(token)),
  });
}

export function usePublicInvitation(token: string) {
  return useQuery(publicInvitationQueryOptions(token));
}

/** Unknown (404), or used, revoked or expired (410): a link that will not work again. */
export function isDeadLink(error: unknown): boolean {
  return isApiError(error, 404) || isApiError(error, 410);
}

function invalidatePending(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: invitationKeys.pending() });
}

export function useCreateInvitation() {
  return useToastingMutation({
    mutationFn: (input: CreateInvitation) =>
      apiJson<AdminInvitation>('POST', '/api/admin/invitations', input),
    succeeded: (invitation) => ({
      title: 'Invitation Sent',
      description: `An invitation email is on its way to ${invitation.email}`,
    }),
    invalidate: invalidatePending,
    failureTitle: 'Failed to Send Invitation',
  });
}

/** A new link and a new 7-day expiry; the previous link stops working. */
export function useResendInvitation() {
  return useToastingMutation({
    mutationFn: (invitation: AdminInvitation) =>
      apiJson<AdminInvitation>('POST', `/api/admin/invitations/${invitation.id}/resend`),
    succeeded: (invitation) => ({
      title: 'Invitation Resent',
      description: `A new link was sent to ${invitation.email}`,
    }),
    invalidate: invalidatePending,
    failureTitle: 'Failed to Resend Invitation',
  });
}

export function useRevokeInvitation() {
  return useToastingMutation({
    mutationFn: (invitation: AdminInvitation) =>
      apiJson('DELETE', `/api/admin/invitations/${invitation.id}`),
    succeeded: (_answer, invitation) => ({
      title: 'Invitation Revoked',
      description: `The link sent to ${invitation.email} no longer works`,
    }),
    invalidate: invalidatePending,
    failureTitle: 'Failed to Revoke Invitation',
  });
}

/**
 * Creates the invited reviewer's account; the server signs them in (201 with the current user).
 * A link that stopped working meanwhile (404, 410) is fetched again so the page says why.
 */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptInvitation) =>
      apiJson<CurrentUser>('POST', `${invitationPath(token)}/accept`, input),
    onSuccess: (user) => {
      toast({
        title: 'Welcome to Assay',
        description: `Your account is ready, ${user.displayName || user.name}`,
      });
    },
    onError: (error) => {
      failureToast('Failed to Create Account', error);
      if (isDeadLink(error)) {
        return queryClient.invalidateQueries({ queryKey: invitationKeys.link(token) });
      }
      return undefined;
    },
  });
}
