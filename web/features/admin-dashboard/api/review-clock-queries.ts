import {
  describeOffset,
  parseDeadline,
  parseReminderOffsets,
  REVIEW_DEADLINE,
  REVIEW_PHASE,
  REVIEW_REMINDERS,
} from '@shared/review-clock';
import type { ReminderSchedule } from '@shared/review-clock-schemas';
import type { Setting } from '@shared/settings-schemas';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ToastInput } from '@web/components/ui/use-toast';
import { apiJson, getQueryFnWithServerTime, type WithServerTime } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format-date';
import { useRefetchAt } from '@web/lib/use-refetch-at';
import { useToastingMutation } from '@web/lib/use-toasting-mutation';
import { dashboardKeys } from './dashboard-keys';

/** How soon a reminder past its send time is looked at again (the worker sends it shortly). */
export const OVERDUE_RECHECK_MS = 30_000;

/** The schedule, with the server's time of the answer (its Date header) for the countdown. */
export const reminderScheduleQueryOptions = queryOptions<WithServerTime<ReminderSchedule>>({
  queryKey: dashboardKeys.reminderSchedule(),
  queryFn: getQueryFnWithServerTime<ReminderSchedule>(),
});

function refetchSchedule(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: dashboardKeys.reminderSchedule(),
    exact: true,
  });
}

/**
 * The review clock and its reminders (issue 34). The answer changes with no write when the
 * deadline or a send time passes (closed, sent), so it is asked again just after the next of
 * them, and not otherwise: one timer, no polling (but for a reminder due and not yet sent).
 */
export function useReminderSchedule() {
  const query = useQuery(reminderScheduleQueryOptions);
  const schedule = query.data;
  const anchor = schedule ? { now: schedule.now, receivedAt: query.dataUpdatedAt } : null;
  const deadline =
    schedule?.phase === 'open' && schedule.deadline ? parseDeadline(schedule.deadline) : null;
  const answeredAt = schedule ? Date.parse(schedule.now) : null;
  const sendTimes = (schedule?.offsets ?? []).map((offset) =>
    offset.state === 'scheduled' && offset.sendAt ? Date.parse(offset.sendAt) : null,
  );
  // A reminder past its send time but not sent yet goes out on the mail worker's next run: asked
  // again OVERDUE_RECHECK_MS after each answer until it shows as sent.
  const isOverdue = sendTimes.some((at) => at !== null && answeredAt !== null && at <= answeredAt);
  const instants = [
    deadline?.getTime() ?? null,
    ...sendTimes,
    isOverdue && answeredAt !== null ? answeredAt + OVERDUE_RECHECK_MS : null,
  ];
  useRefetchAt({ instants, anchor, refetch: query.refetch });
  return { query, anchor };
}

type ClockKey = typeof REVIEW_DEADLINE | typeof REVIEW_REMINDERS | typeof REVIEW_PHASE;

function postSetting(key: ClockKey, value: string) {
  return apiJson<Setting>('POST', '/api/admin/settings', { key, value });
}

function describeDeadline(value: string): ToastInput {
  const at = parseDeadline(value);
  return at
    ? { title: 'Deadline Saved', description: `Reviewing closes on ${formatDateTime(at)}` }
    : { title: 'Deadline Cleared', description: 'Reviewing stays open until you close it' };
}

function describeReminders(value: string): ToastInput {
  const offsets = parseReminderOffsets(value) ?? [];
  return {
    title: 'Reminders Saved',
    description:
      offsets.length === 0
        ? 'No reminders will be sent'
        : `Reminders go out ${offsets.map((o) => describeOffset(o.label)).join(', ')} before the deadline`,
  };
}

/**
 * Sets `review_deadline` ('' clears it) through the settings call, then refetches the schedule.
 * A refusal is shown by the form (the server's message under the field).
 */
export function useSaveDeadline() {
  return useToastingMutation({
    mutationFn: (value: string) => postSetting(REVIEW_DEADLINE, value),
    succeeded: (_answer, value) => describeDeadline(value),
    invalidate: refetchSchedule,
  });
}

/** Sets `review_reminders` ('' for none), then refetches the schedule; refusals as above. */
export function useSaveReminders() {
  return useToastingMutation({
    mutationFn: (value: string) => postSetting(REVIEW_REMINDERS, value),
    succeeded: (_answer, value) => describeReminders(value),
    invalidate: refetchSchedule,
  });
}

/** Closes reviewing now (`review_phase` 'closed'). */
export function useCloseReviewing() {
  return useToastingMutation({
    mutationFn: () => postSetting(REVIEW_PHASE, 'closed'),
    succeeded: () => ({
      title: 'Reviewing Closed',
      description: 'Reviewers can no longer save scores or comments',
    }),
    invalidate: refetchSchedule,
    failureTitle: 'Failed to Close Reviewing',
  });
}

/**
 * Reopens reviewing. The server refuses 'open' (409) while the deadline has passed, so a new
 * deadline (or '' to clear it) is sent first when given, then the phase. When the phase is then
 * refused, the deadline was still written: the schedule is fetched again before the error shows.
 */
export function useReopenReviewing() {
  const queryClient = useQueryClient();
  return useToastingMutation({
    mutationFn: async ({ deadline }: { deadline?: string }) => {
      if (deadline !== undefined) await postSetting(REVIEW_DEADLINE, deadline);
      try {
        return await postSetting(REVIEW_PHASE, 'open');
      } catch (error) {
        if (deadline !== undefined) await refetchSchedule(queryClient).catch(() => {});
        throw error;
      }
    },
    succeeded: () => ({
      title: 'Reviewing Reopened',
      description: 'Reviewers can save scores and comments again',
    }),
    invalidate: refetchSchedule,
  });
}
