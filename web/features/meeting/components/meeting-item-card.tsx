import type { MeetingItemView } from '@shared/discussion-schemas';
import { Skeleton } from '@web/components/ui/skeleton';
import { responsiveImage } from '@web/lib/responsive-image';
import { lazy, Suspense } from 'react';
import { MeetingDiscussion } from './meeting-discussion';

// A chunk of its own, asked for as soon as this page's code runs (see meeting-figures.tsx).
const figuresModule = import('./meeting-figures');
const MeetingFigures = lazy(async () => ({ default: (await figuresModule).MeetingFigures }));

/**
 * One agenda item as a reviewer sees it: the item with its figures and discussion, or - with a
 * conflict, or outside their assignments - only the server's message, nothing of the item.
 */
export function MeetingItemCard({
  view,
  isNow,
}: {
  view: MeetingItemView;
  /** "Now" shows the image, the figures and the discussion; "next" only names the item. */
  isNow: boolean;
}) {
  if (view.kind !== 'item') {
    return <p className="font-medium">{view.message}</p>;
  }
  if (!isNow) {
    return (
      <p className="font-medium">
        <span className="text-muted-foreground">#{view.number}</span> {view.title}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-6 md:flex-row">
      {view.imageUrl ? (
        <div className="relative aspect-[4/3] w-full shrink-0 overflow-hidden rounded-lg bg-muted md:w-64">
          <img
            {...responsiveImage(view.imageUrl, '(min-width: 768px) 256px, 100vw')}
            alt=""
            className="absolute inset-0 size-full object-cover"
          />
        </div>
      ) : null}
      <div className="min-w-0 flex-1 space-y-4">
        <h3 className="text-xl font-semibold leading-snug">
          <span className="text-muted-foreground">#{view.number}</span> {view.title}
        </h3>
        <Suspense fallback={<Skeleton className="h-24 w-full" />}>
          <MeetingFigures figures={view.figures} />
        </Suspense>
        <MeetingDiscussion item={view} isNow={isNow} />
      </div>
    </div>
  );
}
