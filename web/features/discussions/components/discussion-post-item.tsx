import { POST_DELETED_MESSAGE, POST_HIDDEN_MESSAGE } from '@shared/discussion';
import type { DiscussionPerson, DiscussionPost } from '@shared/discussion-schemas';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { memo, useEffect, useRef } from 'react';
import { formatPostTime } from '../lib/post-time';
import { EditPostForm } from './edit-post-form';
import { PostText } from './post-text';

export type ViewerRole = 'admin' | 'reviewer';

/** What a row asks the thread to do; stable functions, so that rows stay memoised. */
export type PostActions = {
  startEdit: (postId: string) => void;
  endEdit: () => void;
  remove: (post: DiscussionPost) => void;
  hide: (post: DiscussionPost) => void;
  unhide: (post: DiscussionPost) => void;
};

const REVISION_WORDS = { edit: 'Before an edit', delete: 'Before deletion' } as const;

/** Admins only: the texts a post had before each edit and before its deletion. */
function PostHistory({ history }: { history: NonNullable<DiscussionPost['history']> }) {
  if (history.length === 0) return null;
  return (
    <details className="rounded-md border border-dashed px-3 py-2 text-sm">
      <summary className="cursor-pointer font-medium text-muted-foreground">
        History ({history.length} earlier {history.length === 1 ? 'text' : 'texts'})
      </summary>
      <ol className="mt-2 space-y-2">
        {history.map((revision) => (
          <li key={`${revision.kind}-${revision.changedAt}`} className="space-y-1">
            <p className="text-xs text-muted-foreground">
              {REVISION_WORDS[revision.kind]},{' '}
              <time dateTime={revision.changedAt}>{formatPostTime(revision.changedAt)}</time>
            </p>
            <p className="whitespace-pre-wrap break-words">{revision.body}</p>
          </li>
        ))}
      </ol>
    </details>
  );
}

/** Deleted or hidden: what every reader sees instead, and for admins the reason and the text. */
function RemovedPost({ post, viewerRole }: { post: DiscussionPost; viewerRole: ViewerRole }) {
  const isAdmin = viewerRole === 'admin';
  return (
    <div className="space-y-2">
      <p className="text-sm italic text-muted-foreground">
        {post.state === 'deleted' ? POST_DELETED_MESSAGE : POST_HIDDEN_MESSAGE}
      </p>
      {isAdmin && post.state === 'hidden' && post.hiddenReason ? (
        <p className="text-sm">
          <span className="font-medium">Reason:</span> {post.hiddenReason}
        </p>
      ) : null}
      {isAdmin && post.state === 'hidden' && post.body !== null ? (
        <div className="rounded-md bg-muted/60 px-3 py-2">
          <p className="text-xs font-medium text-muted-foreground">Hidden text</p>
          <PostText body={post.body} mentions={post.mentions} className="text-muted-foreground" />
        </div>
      ) : null}
    </div>
  );
}

/**
 * One post: author ('you' on one's own), time, 'edited', then its text, or what replaced it.
 * Memoised and cheap (no per-post state or effect beyond the edit's focus): a thread of 500
 * posts renders each once, and a change renders only the posts it touches. Off-screen posts skip
 * style and layout until scrolled near (content-visibility).
 */
export const DiscussionPostItem = memo(function DiscussionPostItem({
  post,
  opportunityId,
  viewerRole,
  canEdit,
  isEditing,
  mentionable,
  actions,
}: {
  post: DiscussionPost;
  opportunityId: string;
  viewerRole: ViewerRole;
  /** The caller's own post, still inside the edit window. */
  canEdit: boolean;
  isEditing: boolean;
  mentionable: readonly DiscussionPerson[];
  actions: PostActions;
}) {
  const isAdmin = viewerRole === 'admin';
  const headingId = `post-${post.id}`;
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Back from the edit, the focus returns to its button (still there while the window lasts).
  useEffect(() => {
    if (wasEditing.current && !isEditing) editButton.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);
  const author = post.author;
  return (
    <li
      aria-labelledby={headingId}
      data-testid="discussion-post"
      data-state={post.state}
      className="flex flex-col gap-2 rounded-lg border bg-card p-3 [contain-intrinsic-size:auto_7rem] [content-visibility:auto] sm:p-4"
    >
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
        <h3 id={headingId} className="font-semibold">
          {author.label}
          {post.mine ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
          {author.role === 'admin' && author.label !== 'Admin' ? (
            <span className="font-normal text-muted-foreground"> · Admin</span>
          ) : null}
        </h3>
        <time dateTime={post.createdAt} className="text-xs text-muted-foreground">
          {formatPostTime(post.createdAt)}
        </time>
        {post.editedAt ? (
          <span className="text-xs text-muted-foreground" title={formatPostTime(post.editedAt)}>
            edited
          </span>
        ) : null}
      </div>
      {isEditing && post.body !== null ? (
        <EditPostForm
          post={post}
          opportunityId={opportunityId}
          mentionable={mentionable}
          onDone={actions.endEdit}
        />
      ) : post.state === 'visible' && post.body !== null ? (
        <PostText body={post.body} mentions={post.mentions} />
      ) : (
        <RemovedPost post={post} viewerRole={viewerRole} />
      )}
      {isAdmin && post.history ? <PostHistory history={post.history} /> : null}
      {(canEdit && !isEditing) || isAdmin ? (
        <div className={cn('flex flex-wrap gap-1', isEditing && 'hidden')}>
          {canEdit && !isEditing ? (
            <>
              <Button
                ref={editButton}
                variant="ghost"
                size="sm"
                onClick={() => actions.startEdit(post.id)}
              >
                Edit
              </Button>
              <Button variant="ghost" size="sm" onClick={() => actions.remove(post)}>
                Delete
              </Button>
            </>
          ) : null}
          {isAdmin && post.state === 'visible' ? (
            <Button variant="ghost" size="sm" onClick={() => actions.hide(post)}>
              Hide
            </Button>
          ) : null}
          {isAdmin && post.state === 'hidden' ? (
            <Button variant="ghost" size="sm" onClick={() => actions.unhide(post)}>
              Unhide
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
});
