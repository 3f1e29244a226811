import { describeOffset } from '@shared/review-clock';
import type { ReminderOffsetSchedule, ReminderState } from '@shared/review-clock-schemas';
import { Badge, type BadgeVariant } from '@web/components/ui/badge';
import { formatCount } from '@web/lib/format-count';
import { formatDateTime } from '@web/lib/format-date';

const STATES: Record<ReminderState, { label: string; variant: BadgeVariant }> = {
  scheduled: { label: 'Scheduled', variant: 'default' },
  sent: { label: 'Sent', variant: 'success' },
  skipped: { label: 'Skipped', variant: 'outline' },
  cancelled: { label: 'Cancelled', variant: 'outline' },
  unscheduled: { label: 'Not scheduled', variant: 'secondary' },
};

const reviewers = (count: number) => `${formatCount(count)} reviewer${count === 1 ? '' : 's'}`;

function reachOf(offset: ReminderOffsetSchedule): string {
  if (offset.state === 'sent' && offset.sentAt) {
    return `Sent to ${reviewers(offset.sentCount ?? 0)} on ${formatDateTime(offset.sentAt)}`;
  }
  const reach = `Would reach ${reviewers(offset.wouldReach)}`;
  if (offset.state === 'skipped') return `${reach}; its time had passed when the deadline was set`;
  if (offset.state === 'cancelled') return `${reach}; cancelled before it went out`;
  return reach;
}

/** Each reminder: how long before the deadline, when it goes out, its state and its reach. */
export function ReminderOffsetsList({ offsets }: { offsets: ReminderOffsetSchedule[] }) {
  if (offsets.length === 0) {
    return <p className="text-sm text-muted-foreground">No reminders set.</p>;
  }
  return (
    <ul aria-label="Reminder schedule" className="divide-y rounded-lg border">
      {offsets.map((offset) => {
        const state = STATES[offset.state];
        return (
          <li
            key={offset.offset}
            className="flex flex-wrap items-start gap-x-3 gap-y-1 p-3 text-sm"
          >
            <div className="min-w-0 flex-1 space-y-0.5">
              <p className="font-medium">{describeOffset(offset.offset)} before</p>
              <p className="text-muted-foreground">
                {offset.sendAt ? `Sends ${formatDateTime(offset.sendAt)}` : 'No deadline set'}
              </p>
              <p className="text-muted-foreground">{reachOf(offset)}</p>
            </div>
            <Badge variant={state.variant}>{state.label}</Badge>
          </li>
        );
      })}
    </ul>
  );
}
