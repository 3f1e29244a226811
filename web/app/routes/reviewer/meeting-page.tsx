import { DiscussionPanelSlot } from '@web/features/discussions/components/discussion-panel-slot';
import { MeetingThreadContext } from '@web/features/meeting/components/meeting-discussion';
import { ReviewerMeetingView } from '@web/features/meeting/components/reviewer-meeting-view';

/** The thread of "now", the discussion feature's panel, loaded after the page paints. */
const renderThread = (opportunityId: string) => (
  // biome-ignore lint/a11y/useValidAriaRole: the viewer's role (reviewer), not an ARIA role.
  <DiscussionPanelSlot key={opportunityId} opportunityId={opportunityId} role="reviewer" />
);

export function MeetingPage() {
  return (
    <MeetingThreadContext.Provider value={renderThread}>
      <ReviewerMeetingView />
    </MeetingThreadContext.Provider>
  );
}
