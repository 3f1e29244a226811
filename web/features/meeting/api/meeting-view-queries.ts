import type { MeetingView } from '@shared/discussion-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMeetingEvents } from '../hooks/use-meeting-events';
import { meetingKeys } from './meeting-keys';

/** How often the view is asked for while the event stream is not known to work. */
export const MEETING_POLL_MS = 2000;

export const meetingViewQuery = queryOptions<MeetingView>({ queryKey: meetingKeys.view() });

/**
 * "Now" and "next" as the caller may see them, kept current: through the event stream while it
 * works, else by asking every 2 seconds, and whenever the window regains focus ('always': the
 * cache's data never goes stale, SPEC.md section 7). An admin's move shows within 2 seconds.
 */
export function useMeetingView() {
  const isLive = useMeetingEvents();
  return useQuery({
    ...meetingViewQuery,
    refetchOnWindowFocus: 'always',
    refetchInterval: isLive ? false : MEETING_POLL_MS,
  });
}
