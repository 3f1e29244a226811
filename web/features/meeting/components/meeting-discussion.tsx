import type { MeetingItemView } from '@shared/discussion-schemas';
import { Button } from '@web/components/ui/button';
import MessageCircle from 'lucide-react/icons/message-circle';
import { createContext, type ReactNode, useContext } from 'react';
import { Link } from 'wouter';

export type MeetingItem = Extract<MeetingItemView, { kind: 'item' }>;

/**
 * How the page shows an opportunity's thread inline (features do not import each other: the
 * route composes the discussion feature's panel into the meeting through this).
 */
export const MeetingThreadContext = createContext<(opportunityId: string) => ReactNode>(() => null);

/**
 * Where a reviewer takes part in an item's discussion, or why they may not post yet: the thread
 * of "now" inline (loaded after the page paints, with its editor), and for each item a link to
 * its thread on the opportunity's page.
 */
export function MeetingDiscussion({ item, isNow }: { item: MeetingItem; isNow: boolean }) {
  const renderThread = useContext(MeetingThreadContext);
  if (!item.canDiscuss) {
    return item.discussBlockedReason ? (
      <p className="text-sm text-muted-foreground">{item.discussBlockedReason}</p>
    ) : null;
  }
  return (
    <>
      <Button asChild variant={isNow ? 'outline' : 'default'}>
        <Link href={`/reviewer/opportunities/${item.opportunityId}#discussion`}>
          <MessageCircle aria-hidden="true" />
          Discuss this item
        </Link>
      </Button>
      {isNow ? renderThread(item.opportunityId) : null}
    </>
  );
}
