import type { ReviewerOpportunityDetail } from '@shared/reviewer-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { useCurrentUser } from '@web/features/auth/api/auth-queries';
import { DiscussionPanelSlot } from '@web/features/discussions/components/discussion-panel-slot';
import {
  postViewerState,
  refetchAfterSave,
  useOwnReviews,
  useReviewClock,
  useReviewerOpportunity,
} from '@web/features/reviewer-workspace/api/reviewer-workspace-queries';
import { ConflictBanner } from '@web/features/reviewer-workspace/components/conflict-banner';
import { DeclareConflict } from '@web/features/reviewer-workspace/components/declare-conflict-dialog';
import {
  OpportunityDetailSkeleton,
  OpportunityNotFound,
} from '@web/features/reviewer-workspace/components/opportunity-detail-states';
import { OpportunityDetails } from '@web/features/reviewer-workspace/components/opportunity-details';
import { OpportunityPager } from '@web/features/reviewer-workspace/components/opportunity-pager';
import { OtherReviewersComments } from '@web/features/reviewer-workspace/components/other-reviewers-comments';
import { ReviewClockNotice } from '@web/features/reviewer-workspace/components/review-clock-notice';
import { ReviewForm } from '@web/features/reviewer-workspace/components/review-form';
import { useReviewWorkspace } from '@web/features/reviewer-workspace/hooks/use-review-workspace';
import {
  commentsVisibilityOf,
  ownConflictOf,
} from '@web/features/reviewer-workspace/lib/cycle-fields';
import { isApiError } from '@web/lib/api-client';
import { markAutoRedirected } from '@web/lib/auto-redirect-flag';
import { type RefObject, useEffect, useRef, useState } from 'react';

export function OpportunityDetailPage({ id }: { id: string }) {
  const { data: user } = useCurrentUser();
  const { data: opportunity, isPending, error, refetch } = useReviewerOpportunity(id);
  useOwnReviews(id);
  // The pager stays mounted across Previous/Next (keyboard focus stays on it); the workspace of
  // the open opportunity lends it the save to run before leaving.
  const saveBeforeLeaving = useRef<(() => Promise<boolean>) | null>(null);
  // Set by Alt+Arrow: focus left with the old page, so the next one puts it on its first criterion.
  const isArrivingByKeyboard = useRef(false);
  const pager = (
    <OpportunityPager
      opportunityId={id}
      beforeLeave={() => saveBeforeLeaving.current?.() ?? Promise.resolve(true)}
      onShortcut={() => {
        isArrivingByKeyboard.current = true;
      }}
    />
  );

  useEffect(() => {
    // Already where the session's redirect would take them: no later redirect from the list.
    markAutoRedirected();
    void postViewerState(id);
  }, [id]);

  if (isPending || !user) {
    return (
      <div className="space-y-6">
        {pager}
        <OpportunityDetailSkeleton />
      </div>
    );
  }
  if (error || !opportunity) {
    const isMissing = isApiError(error, 404) || isApiError(error, 400);
    return (
      <div className="space-y-6">
        {pager}
        {isMissing ? (
          <OpportunityNotFound />
        ) : (
          <div className="space-y-3 rounded-xl border p-6 text-center">
            <h1 className="text-xl font-semibold">Could not load this opportunity</h1>
            <Button variant="outline" onClick={() => refetch()}>
              Retry
            </Button>
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {pager}
      {/* Keyed by id: Previous/Next start a fresh workspace (the old one saves on its way out). */}
      <OpportunityWorkspace
        key={id}
        userId={user.id}
        opportunity={opportunity}
        saveBeforeLeaving={saveBeforeLeaving}
        isArrivingByKeyboard={isArrivingByKeyboard}
      />
    </div>
  );
}

function OpportunityWorkspace({
  userId,
  opportunity,
  saveBeforeLeaving,
  isArrivingByKeyboard,
}: {
  userId: string;
  opportunity: ReviewerOpportunityDetail;
  saveBeforeLeaving: RefObject<(() => Promise<boolean>) | null>;
  isArrivingByKeyboard: RefObject<boolean>;
}) {
  // Read when this opportunity's workspace mounts, then spent (an effect: renders stay pure).
  const [autoFocusScores] = useState(() => isArrivingByKeyboard.current);
  useEffect(() => {
    isArrivingByKeyboard.current = false;
  }, [isArrivingByKeyboard]);
  const queryClient = useQueryClient();
  const conflict = ownConflictOf(opportunity);
  // Reviewing closed (issue 34): read-only like a conflict, the unsaved input kept in this
  // browser; when the clock says open again, auto-save sends it.
  const reviewClock = useReviewClock();
  const isClosed = reviewClock.clock?.phase === 'closed';
  const workspace = useReviewWorkspace({
    userId,
    opportunity,
    onSaved: () => refetchAfterSave(queryClient, opportunity.id),
    isReadOnly: conflict !== null || isClosed,
  });
  useEffect(() => {
    saveBeforeLeaving.current = workspace.saveBeforeLeaving;
    return () => {
      saveBeforeLeaving.current = null;
    };
  }, [saveBeforeLeaving, workspace.saveBeforeLeaving]);
  // Wide screens: the opportunity and others' comments on the left, the form on the right. A
  // phone stacks the opportunity, the form, then the comments: they load after the page, and
  // above the form they would push it down while the reviewer reaches for it.
  return (
    <div className="space-y-6">
      <ReviewClockNotice {...reviewClock} hasKeptChanges={isClosed && workspace.isDirty} />
      {conflict ? <ConflictBanner conflict={conflict} /> : null}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="contents lg:block lg:space-y-6">
          <div className="order-1">
            <OpportunityDetails opportunity={opportunity} />
          </div>
          <div className="order-3">
            <OtherReviewersComments
              opportunityId={opportunity.id}
              visibility={commentsVisibilityOf(opportunity)}
            />
          </div>
        </div>
        <div className="order-2 space-y-6">
          <ReviewForm workspace={workspace} autoFocusScores={autoFocusScores} />
          {conflict || isClosed ? null : <DeclareConflict opportunityId={opportunity.id} />}
        </div>
      </div>
      {/* Issue 36: below the review and the comments, once they have painted; not there at all
          while the reviewer may not read the thread (the server answers 404). */}
      {/* biome-ignore lint/a11y/useValidAriaRole: the viewer's role (reviewer), not an ARIA role. */}
      <DiscussionPanelSlot opportunityId={opportunity.id} role="reviewer" />
    </div>
  );
}
