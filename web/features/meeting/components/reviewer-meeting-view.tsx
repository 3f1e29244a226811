import { MEETING_NOT_ACTIVE_MESSAGE } from '@shared/discussion';
import type { MeetingItemView, MeetingView } from '@shared/discussion-schemas';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { type ReactNode, useId, useState } from 'react';
import { useMeetingView } from '../api/meeting-view-queries';
import { MeetingItemCard } from './meeting-item-card';

/** What changed, as a screen reader hears it: the item now discussed, or the meeting's end. */
function announcementOf(view: MeetingView): string {
  if (!view.active) return MEETING_NOT_ACTIVE_MESSAGE;
  if (!view.now) return '';
  if (view.now.kind === 'item') return `Now discussing: #${view.now.number} ${view.now.title}`;
  return `Now discussing item ${view.position} of ${view.total}: ${view.now.message}`;
}

/** Identifies what "now" shows, so that only a change of it is announced. */
function nowKey(view: MeetingView | undefined): string | null {
  if (!view) return null;
  if (!view.active) return 'inactive';
  const now: MeetingItemView | null = view.now;
  return `${view.position}:${now?.kind}:${now?.kind === 'item' ? now.opportunityId : ''}`;
}

/** The announcement of the latest change of "now" (none for what the page first showed). */
function useNowAnnouncement(view: MeetingView | undefined): string {
  const key = nowKey(view);
  const [shownKey, setShownKey] = useState(key);
  const [announcement, setAnnouncement] = useState('');
  if (key !== shownKey) {
    setShownKey(key);
    if (shownKey !== null && view) setAnnouncement(announcementOf(view));
  }
  return announcement;
}

/**
 * The panel meeting as a reviewer follows it (issue 36 section 3): the item discussed now and the
 * next one, as the admin moves through the agenda.
 */
export function ReviewerMeetingView() {
  const { data: view, isPending, isError, refetch } = useMeetingView();
  const announcement = useNowAnnouncement(view);
  const isActive = view?.active === true;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Meeting"
        subtitle={isActive ? `Item ${view.position} of ${view.total}` : undefined}
      />
      {/* Always in the page, so that a change of its text is read out. */}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {view ? (
        <MeetingBody view={view} />
      ) : isPending ? (
        <div role="status" aria-label="Loading the meeting" className="space-y-6">
          <Skeleton className="h-72 w-full rounded-xl" />
          <Skeleton className="h-24 w-full rounded-xl" />
        </div>
      ) : isError ? (
        <Card role="alert">
          <CardContent className="space-y-3 py-6 text-center">
            <h2 className="text-lg font-semibold">Could not load the meeting</h2>
            <Button variant="outline" onClick={() => void refetch()}>
              Try Again
            </Button>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

function MeetingBody({ view }: { view: MeetingView }) {
  if (!view.active) {
    return (
      <Card>
        <CardContent className="py-6 text-center">
          <h2 className="text-lg font-semibold">{MEETING_NOT_ACTIVE_MESSAGE}</h2>
          <p className="text-sm text-muted-foreground">
            This page follows the meeting by itself once an administrator starts it.
          </p>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="space-y-6">
      <MeetingSection title="Now">
        {view.now ? <MeetingItemCard view={view.now} isNow /> : null}
      </MeetingSection>
      <MeetingSection title="Next">
        {view.next ? (
          <MeetingItemCard view={view.next} isNow={false} />
        ) : (
          <p className="text-sm text-muted-foreground">This is the last item.</p>
        )}
      </MeetingSection>
    </div>
  );
}

/**
 * A card named by its title, as the admin pages' RegionCard: that one lives in the admin pages'
 * chunk, and this page using it would move it to the chunk every page loads (decision 0023).
 */
function MeetingSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
