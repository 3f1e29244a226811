import type { AdminReviewer } from '@shared/reviewer-admin-schemas';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { ALL } from '@web/components/ui/list-filters';
import { PendingButton } from '@web/components/ui/submit-button';
import { useReturnFocus } from '@web/lib/use-return-focus';
import { useTableView } from '@web/lib/use-table-view';
import BellRing from 'lucide-react/icons/bell-ring';
import UserPlus from 'lucide-react/icons/user-plus';
import Users from 'lucide-react/icons/users';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useReviewers, useSendReminders, useToggleReviewerActive } from '../api/reviewer-queries';
import {
  initialReviewerSort,
  reviewerSearchText,
  reviewerSortValues,
} from '../lib/reviewer-table-view';
import { CreateReviewerDialog } from './create-reviewer-dialog';
import { DeleteReviewerDialog } from './delete-reviewer-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { ReviewerBulkActions } from './reviewer-bulk-actions';
import { ReviewerListControls, type ReviewerStatusFilter } from './reviewer-list-controls';
import type { ReviewerAction } from './reviewer-row-menu';
import { ReviewersTable, ReviewersTableSkeleton } from './reviewers-table';
import { SetPasswordDialog } from './set-password-dialog';

function AddReviewerButton({ onClick }: { onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <UserPlus aria-hidden="true" />
      Add Reviewer
    </Button>
  );
}

function SendRemindersButton() {
  const sendReminders = useSendReminders();
  return (
    <PendingButton
      variant="outline"
      isPending={sendReminders.isPending}
      icon={<BellRing aria-hidden="true" />}
      onClick={() => sendReminders.mutate()}
    >
      Send Reminders
    </PendingButton>
  );
}

/**
 * The admin reviewers screen (SPEC.md section 2): table, row actions and their dialogs. The page
 * adds what other features own: header `actions` beside 'Add Reviewer' and `children` below the
 * table (invitations).
 */
export function ReviewersScreen({
  actions,
  children,
}: {
  actions?: ReactNode;
  children?: ReactNode;
} = {}) {
  const reviewers = useReviewers();
  const toggleActive = useToggleReviewerActive();
  const [isCreating, setIsCreating] = useState(false);
  const [passwordFor, setPasswordFor] = useState<AdminReviewer | null>(null);
  const [resetting, setResetting] = useState<AdminReviewer | null>(null);
  const [deleting, setDeleting] = useState<AdminReviewer | null>(null);
  const [status, setStatus] = useState<ReviewerStatusFilter>(ALL);

  const all = reviewers.data ?? [];
  const filtered = useMemo(
    () => (status === ALL ? all : all.filter((r) => r.isActive === (status === 'active'))),
    [all, status],
  );
  const view = useTableView(filtered, {
    initialSort: initialReviewerSort,
    textOf: reviewerSearchText,
    sortValueOf: reviewerSortValues,
  });
  const { selection } = view;

  const returnFocus = useReturnFocus();

  // One identity for the whole life of the screen, so that the memoised rows do not re-render.
  const { mutate: toggleActiveMutate } = toggleActive;
  const handleAction = useCallback(
    (action: ReviewerAction, reviewer: AdminReviewer, trigger: HTMLElement | null) => {
      returnFocus.remember(trigger);
      if (action === 'set-password') setPasswordFor(reviewer);
      else if (action === 'reset-password') setResetting(reviewer);
      else if (action === 'toggle-active') toggleActiveMutate(reviewer);
      else setDeleting(reviewer);
    },
    [returnFocus, toggleActiveMutate],
  );

  const openCreate = () => setIsCreating(true);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Reviewers"
        subtitle="Manage reviewer accounts and access"
        actions={
          <>
            <SendRemindersButton />
            {actions}
            <AddReviewerButton onClick={openCreate} />
          </>
        }
      />
      {/* Shown while the list loads too, so that the table below does not move when it arrives. */}
      {reviewers.isPending || all.length > 0 ? (
        <div className="space-y-3">
          <ReviewerListControls
            query={view.query}
            onQueryChange={view.setQuery}
            status={status}
            onStatusChange={setStatus}
            shown={view.shown.length}
            total={all.length}
            isLoading={reviewers.isPending}
          />
          <ReviewerBulkActions selection={selection} />
        </div>
      ) : null}
      <Card className="py-2">
        <CardContent className="px-2 sm:px-4">
          {reviewers.isPending ? (
            <ReviewersTableSkeleton />
          ) : reviewers.isError ? (
            <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
              <p className="font-semibold">Error Loading Reviewers</p>
              <Button variant="outline" onClick={() => reviewers.refetch()}>
                Try Again
              </Button>
            </div>
          ) : reviewers.data.length === 0 ? (
            <EmptyState
              icon={Users}
              title="No Reviewers Yet"
              description="Create your first reviewer account to start evaluating opportunities"
              action={<AddReviewerButton onClick={openCreate} />}
            />
          ) : (
            <ReviewersTable
              reviewers={view.shown}
              sort={view.sort}
              onSortChange={view.setSort}
              selection={selection}
              onAction={handleAction}
            />
          )}
        </CardContent>
      </Card>
      {/* Below the list once it is there: arriving first, it would be pushed down by the rows. */}
      {reviewers.isPending ? null : children}
      <CreateReviewerDialog open={isCreating} onOpenChange={setIsCreating} />
      <SetPasswordDialog
        reviewer={passwordFor}
        onClose={() => setPasswordFor(null)}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
      />
      <ResetPasswordDialog
        reviewer={resetting}
        onClose={() => setResetting(null)}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
      />
      <DeleteReviewerDialog
        reviewer={deleting}
        onClose={() => setDeleting(null)}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        onDeleted={returnFocus.rowRemoved}
      />
    </div>
  );
}
