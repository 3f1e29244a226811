import type { DiscussionPerson } from '@shared/discussion-schemas';
import { cn } from '@web/lib/cn';
import { partsOf } from '../lib/post-text';

/**
 * A post's plain text: line breaks kept (white-space), http(s) addresses as links, mentions
 * marked. Built from text nodes and elements only: no markup a user typed is ever rendered.
 */
export function PostText({
  body,
  mentions,
  className,
}: {
  body: string;
  mentions: readonly DiscussionPerson[];
  className?: string;
}) {
  return (
    <p className={cn('whitespace-pre-wrap break-words text-sm', className)}>
      {partsOf(body, mentions).map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="break-all text-primary underline underline-offset-2 hover:no-underline"
          >
            {part.text}
          </a>
        ) : part.kind === 'mention' ? (
          <strong key={index} className="font-semibold text-primary">
            {part.text}
          </strong>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
