import { ReviewersScreen } from '@web/features/admin-reviewers/components/reviewers-screen';
import { InviteReviewerButton } from '@web/features/invitations/components/invite-reviewer-dialog';
import { PendingInvitationsCard } from '@web/features/invitations/components/pending-invitations-card';

export function ReviewersPage() {
  return (
    <ReviewersScreen actions={<InviteReviewerButton />}>
      <PendingInvitationsCard />
    </ReviewersScreen>
  );
}
