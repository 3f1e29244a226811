import { ReviewerMeetingView } from '@web/features/meeting/components/reviewer-meeting-view';

export function MeetingPage() {
  return <ReviewerMeetingView />;
}
