import { formatCount } from '@web/lib/format-count';
import MessageSquare from 'lucide-react/icons/message-square';
import { Badge } from './badge';

/**
 * How many posts of an opportunity's discussion are new to the viewer (issue 36): the reviewer
 * list's cards and the Results ranking. Nothing at all for none. `isCompact` shows "3 new" and
 * leaves " posts" to screen readers, for a table cell.
 */
export function NewPostsBadge({
  count,
  isCompact = false,
}: {
  count: number | undefined;
  isCompact?: boolean;
}) {
  if (!count) return null;
  const noun = count === 1 ? 'post' : 'posts';
  return (
    <Badge variant="secondary" data-testid="new-posts-badge">
      <MessageSquare aria-hidden="true" />
      {formatCount(count)} new
      {isCompact ? <span className="sr-only"> {noun}</span> : ` ${noun}`}
    </Badge>
  );
}
