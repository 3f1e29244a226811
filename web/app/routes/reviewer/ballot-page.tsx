import { ReviewerBallotView } from '@web/features/ballot/components/reviewer-ballot-view';

export function BallotPage() {
  return <ReviewerBallotView />;
}
