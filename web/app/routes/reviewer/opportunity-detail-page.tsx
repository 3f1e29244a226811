import type { ReviewerOpportunity } from '@shared/reviewer-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { useCurrentUser } from '@web/features/auth/api/auth-queries';
import { ReviewForm } from '@web/features/review-form/components/review-form';
import { useReviewWorkspace } from '@web/features/review-form/use-review-workspace';
import {
  markAutoRedirected,
  postViewerState,
  refetchAfterSave,
  useOwnReviews,
  useReviewerOpportunity,
} from '@web/features/reviewer-opportunities/api/reviewer-opportunity-queries';
import {
  OpportunityDetailSkeleton,
  OpportunityNotFound,
} from '@web/features/reviewer-opportunities/components/opportunity-detail-states';
import { OpportunityDetails } from '@web/features/reviewer-opportunities/components/opportunity-details';
import { OpportunityPager } from '@web/features/reviewer-opportunities/components/opportunity-pager';
import { OtherReviewersComments } from '@web/features/reviewer-opportunities/components/other-reviewers-comments';
import { useEffect } from 'react';

export function OpportunityDetailPage({ id }: { id: string }) {
  const { data: user } = useCurrentUser();
  const { data: opportunity, isPending, error, refetch } = useReviewerOpportunity(id);
  useOwnReviews(id);

  useEffect(() => {
    // Already where the session's redirect would take them: no later redirect from the list.
    markAutoRedirected();
    void postViewerState(id);
  }, [id]);

  if (isPending || !user) {
    return (
      <div className="space-y-6">
        <OpportunityPager opportunityId={id} />
        <OpportunityDetailSkeleton />
      </div>
    );
  }
  if (error || !opportunity) {
    const isMissing = error?.message.startsWith('404:') || error?.message.startsWith('400:');
    return (
      <div className="space-y-6">
        <OpportunityPager opportunityId={id} />
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
  // Keyed by id: Previous/Next start a fresh workspace (the old one saves on its way out).
  return <OpportunityWorkspace key={id} userId={user.id} opportunity={opportunity} />;
}

function OpportunityWorkspace({
  userId,
  opportunity,
}: {
  userId: string;
  opportunity: ReviewerOpportunity;
}) {
  const queryClient = useQueryClient();
  const workspace = useReviewWorkspace({
    userId,
    opportunity,
    onSaved: () => refetchAfterSave(queryClient, opportunity.id),
  });
  return (
    <div className="space-y-6">
      <OpportunityPager opportunityId={opportunity.id} beforeLeave={workspace.saveBeforeLeaving} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <OpportunityDetails opportunity={opportunity} />
          <OtherReviewersComments opportunityId={opportunity.id} />
        </div>
        <ReviewForm workspace={workspace} />
      </div>
    </div>
  );
}
