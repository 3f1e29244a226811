import type { AdminInvitation } from '@shared/invitation-schemas';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PendingButton } from '@web/components/ui/submit-button';
import { ActionsTable, TableCell, TableRow } from '@web/components/ui/table';
import { formatDate } from '@web/lib/format-date';
import MailX from 'lucide-react/icons/mail-x';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useState } from 'react';
import { usePendingInvitations, useResendInvitation } from '../api/invitation-queries';
import { RevokeInvitationDialog } from './revoke-invitation-dialog';

const columns = ['Email', 'Name', 'Invited', 'Expires'] as const;

function InvitationRow({
  invitation,
  onRevoke,
}: {
  invitation: AdminInvitation;
  onRevoke: (invitation: AdminInvitation) => void;
}) {
  const resend = useResendInvitation();
  return (
    <TableRow>
      <TableCell className="font-medium max-sm:wrap-anywhere">{invitation.email}</TableCell>
      <TableCell data-label="Name">{invitation.name}</TableCell>
      <TableCell data-label="Invited" className="max-sm:col-span-6">
        {formatDate(invitation.createdAt)}
      </TableCell>
      <TableCell data-label="Expires" className="max-sm:col-span-6">
        {invitation.isExpired ? (
          <Badge variant="secondary">Expired</Badge>
        ) : (
          formatDate(invitation.expiresAt)
        )}
      </TableCell>
      <TableCell>
        <div className="flex justify-end gap-2">
          <PendingButton
            variant="outline"
            size="sm"
            aria-label={`Resend invitation to ${invitation.email}`}
            isPending={resend.isPending}
            icon={<RefreshCw aria-hidden="true" />}
            onClick={() => resend.mutate(invitation)}
          >
            Resend
          </PendingButton>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Revoke invitation to ${invitation.email}`}
            onClick={() => onRevoke(invitation)}
          >
            <MailX aria-hidden="true" />
            Revoke
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}

/**
 * Invitations neither accepted nor revoked, with Resend and Revoke. Nothing shows while the list
 * loads, so the reviewers table above does not jump.
 */
export function PendingInvitationsCard() {
  const invitations = usePendingInvitations();
  const [revoking, setRevoking] = useState<AdminInvitation | null>(null);
  if (invitations.isPending) return null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Pending Invitations</CardTitle>
        <CardDescription>Invited reviewers who have not created their account yet</CardDescription>
      </CardHeader>
      <CardContent className="px-2 sm:px-4">
        {invitations.isError ? (
          <div role="alert" className="flex items-center justify-between gap-3 px-2 py-2">
            <p className="text-sm font-medium">Error Loading Invitations</p>
            <Button variant="outline" size="sm" onClick={() => invitations.refetch()}>
              Try Again
            </Button>
          </div>
        ) : invitations.data.length === 0 ? (
          <p className="px-2 py-2 text-sm text-muted-foreground">No pending invitations</p>
        ) : (
          <ActionsTable label="Pending Invitations" columns={columns} phoneCards>
            {invitations.data.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} onRevoke={setRevoking} />
            ))}
          </ActionsTable>
        )}
      </CardContent>
      <RevokeInvitationDialog invitation={revoking} onClose={() => setRevoking(null)} />
    </Card>
  );
}
