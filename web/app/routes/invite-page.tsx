import type { CurrentUser } from '@shared/auth-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { CenteredCardPage } from '@web/components/layout/centered-card-page';
import { CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { authKeys } from '@web/features/auth/api/auth-keys';
import { useCurrentUser } from '@web/features/auth/api/auth-queries';
import { usePublicInvitation } from '@web/features/invitations/api/invitation-queries';
import { AcceptInvitationForm } from '@web/features/invitations/components/accept-invitation-form';
import { InvitationLinkProblem } from '@web/features/invitations/components/invitation-link-problem';
import { formatDate } from '@web/lib/format-date';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useLocation } from 'wouter';
import { FullPageLoading } from '../full-page-status';

/**
 * /invite/{token}: anyone holding the link, signed in or not, chooses a password and becomes a
 * signed-in reviewer. A link that does not work says why and offers the sign-in page.
 */
export function InvitePage({ token }: { token: string }) {
  useDocumentTitle('Accept Invitation');
  const invitation = usePublicInvitation(token);
  const { data: currentUser } = useCurrentUser();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  function handleAccepted(user: CurrentUser) {
    // The server replaced any previous session: nothing cached for another account may linger.
    queryClient.removeQueries({
      predicate: (query) => /^\/api\/(admin|reviewer)/.test(String(query.queryKey[0])),
    });
    queryClient.setQueryData(authKeys.currentUser(), user);
    navigate('/reviewer/opportunities', { replace: true });
  }

  if (invitation.isPending) return <FullPageLoading />;

  return (
    <CenteredCardPage>
      {invitation.isError ? (
        <CardContent>
          <InvitationLinkProblem error={invitation.error} onRetry={() => invitation.refetch()} />
        </CardContent>
      ) : (
        <>
          <CardHeader className="text-center">
            <h1 className="text-2xl font-semibold tracking-tight">
              Welcome, {invitation.data.name}
            </h1>
            <CardDescription>
              {invitation.data.invitedByName ?? 'An administrator'} invited you to review
              opportunities on Assay. Choose a password to create your account.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            {currentUser ? (
              <p role="note" className="rounded-md border p-3 text-sm">
                You are signed in as {currentUser.email}. Creating this account signs you in as{' '}
                {invitation.data.email} instead.
              </p>
            ) : null}
            <AcceptInvitationForm
              token={token}
              invitation={invitation.data}
              onAccepted={handleAccepted}
            />
            <p className="text-center text-xs text-muted-foreground">
              This invitation expires on {formatDate(invitation.data.expiresAt)}.
            </p>
          </CardContent>
        </>
      )}
    </CenteredCardPage>
  );
}
