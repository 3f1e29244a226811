import { parseDeadline } from '@shared/review-clock';
import type { ReminderSchedule } from '@shared/review-clock-schemas';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Separator } from '@web/components/ui/separator';
import { Skeleton } from '@web/components/ui/skeleton';
import type { WithServerTime } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format-date';
import { formatTimeLeft } from '@web/lib/format-time-left';
import { useServerTime } from '@web/lib/use-server-time';
import { useState } from 'react';
import { useReminderSchedule } from '../api/review-clock-queries';
import { CloseReviewingDialog } from './close-reviewing-dialog';
import { DeadlineForm } from './deadline-form';
import { ReminderOffsetsList } from './reminder-offsets-list';
import { RemindersForm } from './reminders-form';
import { ReopenReviewingDialog } from './reopen-reviewing-dialog';

export const NO_DEADLINE_MESSAGE = 'No deadline set: reviewing stays open until you close it';

/**
 * The review clock (issue 34): whether reviewing is open, the deadline with a countdown by the
 * server's clock, the reminders with their send times, and the controls to set them, close
 * reviewing now or reopen it.
 */
export function ReviewClockCard() {
  const { query, anchor } = useReminderSchedule();
  const serverNow = useServerTime(anchor);
  const schedule = query.data;
  return (
    <Card role="region" aria-labelledby="review-clock-title">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id="review-clock-title">Review Clock</CardTitle>
          {schedule ? (
            <Badge variant={schedule.phase === 'open' ? 'success' : 'destructive'}>
              {schedule.phase === 'open' ? 'Open' : 'Closed'}
            </Badge>
          ) : null}
        </div>
        <CardDescription>When reviewing closes, and the reminders sent before it</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div role="status" aria-label="Loading the review clock" className="space-y-3">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : query.isError || !schedule || serverNow === null ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            The review clock could not be loaded.
            {/* 'Retry', as the settings rows say: the page's 'Try Again' reloads its figures. */}
            <Button variant="outline" size="sm" onClick={() => query.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <ReviewClockBody schedule={schedule} serverNow={serverNow} />
        )}
      </CardContent>
    </Card>
  );
}

function ReviewClockBody({
  schedule,
  serverNow,
}: {
  schedule: WithServerTime<ReminderSchedule>;
  serverNow: number;
}) {
  const [dialog, setDialog] = useState<'close' | 'reopen' | null>(null);
  const deadline = schedule.deadline ? parseDeadline(schedule.deadline) : null;
  const isOpen = schedule.phase === 'open';
  return (
    <div className="space-y-5">
      <div className="space-y-1 text-sm" data-testid="review-clock-status">
        {deadline ? <p className="font-medium">Deadline: {formatDateTime(deadline)}</p> : null}
        {!isOpen ? (
          <p>Closed on {formatDateTime(schedule.closedAt ?? deadline ?? schedule.now)}</p>
        ) : deadline ? (
          <p>
            {deadline.getTime() > serverNow
              ? `Closes in ${formatTimeLeft(deadline.getTime() - serverNow)}`
              : 'Closing now'}
          </p>
        ) : (
          <p className="text-muted-foreground">{NO_DEADLINE_MESSAGE}</p>
        )}
      </div>
      {/* Keyed by what is saved: after a write each form starts from the new value. */}
      <DeadlineForm
        key={schedule.deadline ?? ''}
        deadline={schedule.deadline}
        serverNow={serverNow}
      />
      <Separator />
      <RemindersForm key={schedule.reminders} reminders={schedule.reminders} />
      <ReminderOffsetsList offsets={schedule.offsets} />
      <Separator />
      {isOpen ? (
        <Button variant="destructive" onClick={() => setDialog('close')}>
          Close reviewing now
        </Button>
      ) : (
        <Button onClick={() => setDialog('reopen')}>Reopen reviewing</Button>
      )}
      <CloseReviewingDialog open={dialog === 'close'} onClose={() => setDialog(null)} />
      <ReopenReviewingDialog
        open={dialog === 'reopen'}
        onClose={() => setDialog(null)}
        deadline={schedule.deadline}
        serverNow={serverNow}
      />
    </div>
  );
}
