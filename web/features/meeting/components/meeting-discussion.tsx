import type { MeetingItemView } from '@shared/discussion-schemas';
import { Button } from '@web/components/ui/button';
import MessageCircle from 'lucide-react/icons/message-circle';
import { Link } from 'wouter';

export type MeetingItem = Extract<MeetingItemView, { kind: 'item' }>;

/**
 * Where a reviewer takes part in the current item's discussion: for now a link to its thread on
 * the opportunity's page, or why they may not post yet. The place where the thread itself will
 * be shown inline.
 */
export function MeetingDiscussion({ item }: { item: MeetingItem }) {
  if (!item.canDiscuss) {
    return item.discussBlockedReason ? (
      <p className="text-sm text-muted-foreground">{item.discussBlockedReason}</p>
    ) : null;
  }
  return (
    <Button asChild>
      <Link href={`/reviewer/opportunities/${item.opportunityId}#discussion`}>
        <MessageCircle aria-hidden="true" />
        Discuss this item
      </Link>
    </Button>
  );
}
