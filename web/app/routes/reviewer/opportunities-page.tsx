import { useReviewerSearch } from '@web/components/layout/reviewer-search';
import { BallotBanner } from '@web/features/ballot/components/ballot-banner';
import { useNewPostCounts } from '@web/features/discussions/api/unread-queries';
import { MeetingBanner } from '@web/features/meeting/components/meeting-banner';
import {
  useReviewClock,
  useReviewerOpportunities,
} from '@web/features/reviewer-workspace/api/reviewer-workspace-queries';
import { OpportunityList } from '@web/features/reviewer-workspace/components/opportunity-list';
import { ReviewClockNotice } from '@web/features/reviewer-workspace/components/review-clock-notice';

export function OpportunitiesPage() {
  const [search, setSearch] = useReviewerSearch();
  const reviewClock = useReviewClock();
  // Issue 36: the discussions' new posts and the meeting are asked for once the list is there,
  // never before it.
  const list = useReviewerOpportunities();
  const { counts } = useNewPostCounts({ enabled: list.isSuccess });
  return (
    <div className="space-y-6">
      <ReviewClockNotice {...reviewClock} />
      <MeetingBanner enabled={!list.isPending} />
      {/* Issue 37: the way to the finalist ballot while the reviewer may vote. */}
      <BallotBanner enabled={!list.isPending} />
      <OpportunityList search={search} onSearchChange={setSearch} newPosts={counts} />
    </div>
  );
}
