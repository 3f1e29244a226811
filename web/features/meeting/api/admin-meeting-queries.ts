import type { AdminMeeting } from '@shared/discussion-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, isApiError } from '@web/lib/api-client';
import { useState } from 'react';
import { meetingKeys } from './meeting-keys';

/**
 * The admin's meeting. An admin may drive it from a second tab or device, so it is read again
 * when the window regains focus ('always': the cache's data never goes stale, SPEC.md section 7).
 */
export const adminMeetingQuery = queryOptions<AdminMeeting>({
  queryKey: meetingKeys.admin(),
  refetchOnWindowFocus: 'always',
});

export function useAdminMeeting() {
  return useQuery(adminMeetingQuery);
}

/** Everything the admin can do to the meeting; each call answers the whole meeting. */
export type MeetingCommand =
  | { kind: 'agenda'; agenda: string[] }
  | { kind: 'start' }
  | { kind: 'current'; index: number }
  | { kind: 'end' };

function send(command: MeetingCommand): Promise<AdminMeeting> {
  switch (command.kind) {
    case 'agenda':
      return apiJson('PUT', '/api/admin/meeting', { agenda: command.agenda });
    case 'current':
      return apiJson('POST', '/api/admin/meeting/current', { index: command.index });
    case 'start':
    case 'end':
      return apiJson('POST', `/api/admin/meeting/${command.kind}`);
  }
}

/**
 * Sends a command; the answer replaces the cached meeting. Commands run one at a time in the
 * order given (one mutation scope), so quick Move up presses arrive in order and the last answer
 * is the last order sent. `agendaBeingSent`: the agenda order last sent and not yet answered, which
 * the list shows meanwhile (a move shows at once, and the next one builds on it). No toast: the
 * page shows the new state itself, and a refusal inline (`error`). A 409 means the meeting changed
 * elsewhere (ended in another tab): it is read again.
 */
export function useMeetingCommand() {
  const queryClient = useQueryClient();
  // Kept by the mutation's own callbacks, which run for every command (those given to mutate()
  // run for the latest one only).
  const [ordersBeingSent, setOrdersBeingSent] = useState<readonly string[][]>([]);
  const mutation = useMutation({
    mutationFn: send,
    scope: { id: 'meeting' },
    onMutate: (command) => {
      if (command.kind === 'agenda') setOrdersBeingSent((orders) => [...orders, command.agenda]);
    },
    onSuccess: (meeting) => queryClient.setQueryData(meetingKeys.admin(), meeting),
    onError: (error) => {
      if (isApiError(error, 409)) {
        void queryClient.invalidateQueries({ queryKey: meetingKeys.admin(), exact: true });
      }
    },
    onSettled: (_meeting, _error, command) => {
      if (command.kind !== 'agenda') return;
      setOrdersBeingSent((orders) => orders.filter((order) => order !== command.agenda));
    },
  });
  return { ...mutation, agendaBeingSent: ordersBeingSent.at(-1) ?? null };
}
