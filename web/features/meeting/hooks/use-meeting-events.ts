import type { MeetingView } from '@shared/discussion-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { meetingKeys } from '../api/meeting-keys';

export const MEETING_EVENTS_URL = '/api/meeting/events';
/** After the browser gives a stream up (it answered with an error), it is opened again this late. */
export const MEETING_REOPEN_MS = 10_000;

/** The version an event names, or null when its data is not `{"version": N}`. */
function versionOf(data: unknown): number | null {
  try {
    const parsed: unknown = JSON.parse(String(data));
    const version = (parsed as { version?: unknown } | null)?.version;
    return typeof version === 'number' ? version : null;
  } catch {
    return null;
  }
}

/**
 * Follows the meeting's event stream: every `meeting` event names the meeting's version (one on
 * connect, one per change), and one that differs from the cached view's asks for the view again.
 * A reconnection asks again too, since changes may have passed meanwhile. The browser reconnects
 * by itself after a dropped connection; when it gives up (an error answer) the stream is opened
 * again after MEETING_REOPEN_MS.
 *
 * Returns whether the stream is known to work: an event arrived on the current connection. Until
 * then - no EventSource, a stream that keeps failing, or a proxy that holds the events back - the
 * caller polls instead.
 */
export function useMeetingEvents(): boolean {
  const queryClient = useQueryClient();
  const [isLive, setIsLive] = useState(false);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const refetch = () =>
      queryClient.invalidateQueries({ queryKey: meetingKeys.view(), exact: true });
    let source: EventSource | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let hasConnected = false;

    const open = () => {
      const current = new EventSource(MEETING_EVENTS_URL);
      source = current;
      current.addEventListener('open', () => {
        if (hasConnected) void refetch();
        hasConnected = true;
      });
      current.addEventListener('meeting', (event) => {
        setIsLive(true);
        const version = versionOf((event as MessageEvent).data);
        const cached = queryClient.getQueryData<MeetingView>(meetingKeys.view());
        if (version === null || cached?.version !== version) void refetch();
      });
      current.addEventListener('error', () => {
        setIsLive(false);
        if (current.readyState !== EventSource.CLOSED) return;
        current.close();
        reopenTimer = setTimeout(open, MEETING_REOPEN_MS);
      });
    };

    open();
    return () => {
      clearTimeout(reopenTimer);
      source?.close();
    };
  }, [queryClient]);

  return isLive;
}
