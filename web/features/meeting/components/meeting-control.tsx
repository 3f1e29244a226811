import type { AdminMeeting } from '@shared/discussion-schemas';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { RegionCard } from '@web/components/ui/region-card';
import { Skeleton } from '@web/components/ui/skeleton';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import MessagesSquare from 'lucide-react/icons/messages-square';
import { Suspense, useState } from 'react';
import { Link } from 'wouter';
import type { AgendaEntry } from '../lib/agenda';
import { MeetingFigures, ReasonBadges } from './admin-figures';

type AdminMeetingItem = AdminMeeting['agenda'][number];

/**
 * The running meeting: Previous item, Next item and End meeting, the item discussed now with its
 * reasons, figures and thread, and the one after it. At either end Previous or Next stays
 * focusable but does nothing (aria-disabled): a disabled button would drop the keyboard's focus.
 */
export function MeetingControl({
  now,
  next,
  position,
  total,
  onMoveTo,
  onEnd,
  isEnding,
}: {
  now: AdminMeetingItem | null;
  next: AgendaEntry | null;
  /** 0-based place of "now" on the agenda as shown. */
  position: number;
  total: number;
  onMoveTo: (index: number) => void;
  onEnd: (done: () => void) => void;
  isEnding: boolean;
}) {
  const [isConfirmingEnd, setIsConfirmingEnd] = useState(false);
  const isFirst = position <= 0;
  const isLast = position >= total - 1;
  return (
    <div className="min-w-0 space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          aria-disabled={isFirst || undefined}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          onClick={() => (isFirst ? undefined : onMoveTo(position - 1))}
        >
          <ChevronLeft aria-hidden="true" />
          Previous item
        </Button>
        <Button
          aria-disabled={isLast || undefined}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          onClick={() => (isLast ? undefined : onMoveTo(position + 1))}
        >
          Next item
          <ChevronRight aria-hidden="true" />
        </Button>
        <Button variant="outline" className="sm:ml-auto" onClick={() => setIsConfirmingEnd(true)}>
          End meeting
        </Button>
      </div>
      <RegionCard
        title="Now"
        description={`Item ${position + 1} of ${total}`}
        actions={
          now ? (
            <Button asChild variant="outline" size="sm">
              <Link href={`/admin/results/decisions/${now.opportunityId}#discussion`}>
                <MessagesSquare aria-hidden="true" />
                Open the discussion
              </Link>
            </Button>
          ) : null
        }
      >
        {now ? <NowItem item={now} /> : <p className="text-sm text-muted-foreground">-</p>}
      </RegionCard>
      <RegionCard title="Next">
        {next ? (
          <p className="font-medium">
            <span className="text-muted-foreground">#{next.number}</span> {next.title}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">This is the last item.</p>
        )}
      </RegionCard>
      <ConfirmDialog
        open={isConfirmingEnd}
        onClose={() => setIsConfirmingEnd(false)}
        title="End the meeting?"
        description="Every reviewer's meeting page will say that no meeting is in progress."
        confirmLabel="End meeting"
        isPending={isEnding}
        onConfirm={() => onEnd(() => setIsConfirmingEnd(false))}
      />
    </div>
  );
}

function NowItem({ item }: { item: AdminMeetingItem }) {
  return (
    <div className="space-y-4">
      <h3 className="text-xl font-semibold leading-snug">
        <span className="text-muted-foreground">#{item.number}</span> {item.title}
      </h3>
      <Suspense fallback={<Skeleton className="h-28 w-full" />}>
        <ReasonBadges reasons={item.reasons} label="Reasons to discuss it" />
        <MeetingFigures figures={item.figures} />
      </Suspense>
      <p className="text-sm text-muted-foreground">
        {item.postCount === 1 ? '1 post' : `${item.postCount} posts`} in its discussion
        {item.threadState === 'resolved' ? ', resolved' : ''}
      </p>
    </div>
  );
}
