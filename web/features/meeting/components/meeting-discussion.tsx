import type { MeetingItemView } from '@shared/discussion-schemas';
import { Button } from '@web/components/ui/button';
import { DiscussionPanelSlot } from '@web/features/discussions/components/discussion-panel-slot';
import MessageCircle from 'lucide-react/icons/message-circle';
import { Link } from 'wouter';

export type MeetingItem = Extract<MeetingItemView, { kind: 'item' }>;

/**
 * Where a reviewer takes part in an item's discussion, or why they may not post yet: the thread
 * of "now" inline (loaded after the page paints, with its editor), and for each item a link to
 * its thread on the opportunity's page.
 */
export function MeetingDiscussion({ item, isNow }: { item: MeetingItem; isNow: boolean }) {
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
      {isNow ? (
        // biome-ignore lint/a11y/useValidAriaRole: the viewer's role (reviewer), not an ARIA role.
        <DiscussionPanelSlot
          key={item.opportunityId}
          opportunityId={item.opportunityId}
          role="reviewer"
        />
      ) : null}
    </>
  );
}
