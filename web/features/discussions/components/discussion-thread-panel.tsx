import type { DiscussionPost, DiscussionThread } from '@shared/discussion-schemas';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { isApiError } from '@web/lib/api-client';
import { formatCount } from '@web/lib/format-count';
import { useDeferredData } from '@web/lib/use-deferred-data';
import CheckCircle from 'lucide-react/icons/check-circle-2';
import MessagesSquare from 'lucide-react/icons/messages-square';
import {
  type ReactNode,
  type Ref,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useDiscussionThread, useReopenThread, useUnhidePost } from '../api/discussion-queries';
import { formatPostTime, isEditable, nextEditDeadline } from '../lib/post-time';
import { DiscussionPostItem, type PostActions, type ViewerRole } from './discussion-post-item';
import { DeletePostDialog, HidePostDialog, ResolveThreadDialog } from './moderation-dialogs';
import { PostComposer } from './post-composer';

export type DiscussionPanelProps = {
  opportunityId: string;
  role: ViewerRole;
  /**
   * The summary while the thread is resolved (null otherwise), each time it changes: the decision
   * panel offers it as the rationale.
   */
  onSummaryChange?: (summary: string | null) => void;
};

/** The element id of the panel: `#discussion` links (Results' badges) land on it. */
export const DISCUSSION_ANCHOR = 'discussion';

function PanelFrame({
  description,
  actions,
  children,
  frameRef,
}: {
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  frameRef?: Ref<HTMLElement>;
}) {
  const titleId = useId();
  return (
    <section
      ref={frameRef}
      id={DISCUSSION_ANCHOR}
      aria-labelledby={titleId}
      // Focused when a #discussion link lands here, without a ring around the whole card.
      tabIndex={-1}
      className="flex min-w-0 scroll-mt-20 flex-col gap-4 rounded-xl border bg-card py-6 text-card-foreground shadow-sm outline-none"
    >
      <div className="flex flex-col gap-3 px-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="space-y-1.5">
          <h2 id={titleId} className="flex items-center gap-2 font-semibold leading-none">
            <MessagesSquare aria-hidden="true" className="size-4 text-muted-foreground" />
            Discussion
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
      <div className="min-w-0 space-y-4 px-4 sm:px-6">{children}</div>
    </section>
  );
}

/** The resolution, first and prominent; after a reopening, the last summary stays readable. */
function Resolution({ thread }: { thread: DiscussionThread }) {
  if (thread.state === 'resolved') {
    return (
      <div
        data-testid="discussion-resolution"
        className="space-y-1 rounded-lg border border-success/40 bg-success/10 p-4"
      >
        <p className="flex items-center gap-2 font-semibold">
          <CheckCircle aria-hidden="true" className="size-4 text-success dark:text-emerald-400" />
          Resolved
          {thread.resolvedAt ? (
            <span className="text-sm font-normal text-muted-foreground">
              <time dateTime={thread.resolvedAt}>{formatPostTime(thread.resolvedAt)}</time>
            </span>
          ) : null}
        </p>
        {thread.summary ? (
          <p className="whitespace-pre-wrap break-words">{thread.summary}</p>
        ) : null}
      </div>
    );
  }
  if (!thread.summary) return null;
  return (
    <details className="rounded-lg border border-dashed px-4 py-2 text-sm">
      <summary className="cursor-pointer text-muted-foreground">
        Reopened; the summary it had when resolved
      </summary>
      <p className="mt-2 whitespace-pre-wrap break-words">{thread.summary}</p>
    </details>
  );
}

/** Re-renders when the soonest edit window of the caller's posts closes (Edit then goes). */
function useNow(posts: readonly DiscussionPost[] | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const deadline = posts ? nextEditDeadline(posts, now) : null;
    if (deadline === null) return;
    const timer = setTimeout(() => setNow(Date.now()), deadline - now + 50);
    return () => clearTimeout(timer);
  }, [posts, now]);
  return now;
}

/** Posts drawn per task while a long thread fills in. */
const POSTS_PER_SLICE = 50;

/**
 * How many of `total` posts to draw: the first slice at once, then one more slice per frame
 * (each a transition, committed in a task of its own) until all are there; from then on all of
 * them, as they come. Drawn at once, 500 posts (4,500 elements) took a task of 170 ms of a CPU
 * four times slower than this machine's (bench/discussion-panel.mjs --cpu 4); in slices the
 * longest is 20-27 ms here and under 100 ms there.
 */
function useSlicedLength(total: number): number {
  const [drawn, setDrawn] = useState(() => Math.min(total, POSTS_PER_SLICE));
  // Once every post has been drawn, later ones (a new post) are drawn as they come.
  const [isComplete, setIsComplete] = useState(false);
  if (!isComplete && drawn >= total) setIsComplete(true);
  useEffect(() => {
    if (isComplete || drawn >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the browser has painted the last slice: a task posted from an animation frame.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        startTransition(() => setDrawn(drawn + POSTS_PER_SLICE));
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [isComplete, drawn, total]);
  return isComplete ? total : Math.min(drawn, total);
}

function PostList({
  thread,
  posts,
  role,
  actions,
  editingId,
  now,
}: {
  thread: DiscussionThread;
  posts: readonly DiscussionPost[];
  role: ViewerRole;
  actions: PostActions;
  editingId: string | null;
  now: number;
}) {
  const length = useSlicedLength(posts.length);
  if (posts.length === 0) {
    return (
      <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
        No posts yet. Start the discussion.
      </p>
    );
  }
  // The posts new to the caller are the latest ones: a line marks where they start.
  const firstNew = thread.unread > 0 ? Math.max(0, posts.length - thread.unread) : -1;
  return (
    // A gap rather than space-y: no structural selector (:not(:last-child)) to match again as
    // each slice is appended.
    <ol aria-label="Posts" className="flex flex-col gap-3">
      {posts.slice(0, length).map((post, index) => (
        <PostRow key={post.id} isFirstNew={index === firstNew}>
          <DiscussionPostItem
            post={post}
            opportunityId={thread.opportunityId}
            viewerRole={role}
            canEdit={post.mine && isEditable(post, now)}
            isEditing={editingId === post.id}
            mentionable={thread.mentionable}
            actions={actions}
          />
        </PostRow>
      ))}
    </ol>
  );
}

function PostRow({ isFirstNew, children }: { isFirstNew: boolean; children: ReactNode }) {
  if (!isFirstNew) return children;
  return (
    <>
      <li aria-hidden="true" className="flex items-center gap-2 text-xs font-medium text-primary">
        <span className="h-px flex-1 bg-primary/40" />
        New since your last visit
        <span className="h-px flex-1 bg-primary/40" />
      </li>
      {children}
    </>
  );
}

function describe(thread: DiscussionThread, postCount: number): string {
  const posts = `${formatCount(postCount)} ${postCount === 1 ? 'post' : 'posts'}`;
  const fresh = thread.unread > 0 ? `, ${formatCount(thread.unread)} new` : '';
  return `#${thread.number} ${thread.title} · ${posts}${fresh}`;
}

/**
 * The thread of one opportunity (issue 36): its posts oldest first, the resolution, the editor
 * and, for admins, hiding posts and resolving. Renders nothing when the thread may not be read
 * (404: for a reviewer, e.g. before their own review) and, for a reviewer, on any other failure:
 * the page works without it. An admin sees the failure with a retry.
 */
export function DiscussionThreadPanel({
  opportunityId,
  role,
  onSummaryChange,
}: DiscussionPanelProps) {
  const query = useDiscussionThread(opportunityId);
  const thread = query.data;
  // 500 posts draw in a background render that React slices between frames (decision 0022).
  const { data: drawn } = useDeferredData(thread);
  const frame = useRef<HTMLElement>(null);
  const now = useNow(thread?.posts);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [hidingId, setHidingId] = useState<string | null>(null);
  const [isResolving, setIsResolving] = useState(false);
  const unhide = useUnhidePost(opportunityId);
  const reopen = useReopenThread(opportunityId);
  const { mutate: unhidePost } = unhide;

  const actions = useMemo<PostActions>(
    () => ({
      startEdit: setEditingId,
      endEdit: () => setEditingId(null),
      remove: (post) => setDeletingId(post.id),
      hide: (post) => setHidingId(post.id),
      unhide: (post) => unhidePost(post.id),
    }),
    [unhidePost],
  );

  const summary = thread?.state === 'resolved' ? thread.summary : null;
  useEffect(() => {
    onSummaryChange?.(summary);
  }, [summary, onSummaryChange]);

  // Arriving by a #discussion link: the panel was not there when the browser looked for it.
  const hasLanded = useRef(false);
  const isDrawn = drawn !== undefined;
  useEffect(() => {
    if (!isDrawn || hasLanded.current) return;
    hasLanded.current = true;
    if (window.location.hash === `#${DISCUSSION_ANCHOR}`) {
      frame.current?.scrollIntoView?.({ block: 'start' });
      frame.current?.focus({ preventScroll: true });
    }
  }, [isDrawn]);

  const closeDelete = useCallback(() => setDeletingId(null), []);
  const closeHide = useCallback(() => setHidingId(null), []);
  const closeResolve = useCallback(() => setIsResolving(false), []);

  if (query.isError) {
    if (role === 'reviewer' || isApiError(query.error, 404)) return null;
    return (
      <PanelFrame>
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-destructive dark:text-red-400">
            The discussion could not be loaded.
          </span>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      </PanelFrame>
    );
  }
  if (!drawn) {
    // A reviewer sees nothing until the thread answers: it may well answer 404.
    if (role === 'reviewer') return null;
    return (
      <PanelFrame>
        <div role="status" aria-label="Loading the discussion" className="space-y-3">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      </PanelFrame>
    );
  }

  const isAdmin = role === 'admin';
  const adminActions = isAdmin ? (
    drawn.state === 'open' ? (
      <Button variant="outline" size="sm" onClick={() => setIsResolving(true)}>
        <CheckCircle aria-hidden="true" />
        Resolve
      </Button>
    ) : (
      <Button
        variant="outline"
        size="sm"
        disabled={reopen.isPending}
        onClick={() => reopen.mutate()}
      >
        Reopen
      </Button>
    )
  ) : null;

  return (
    <PanelFrame
      frameRef={frame}
      description={describe(drawn, drawn.posts.length)}
      actions={adminActions}
    >
      <Resolution thread={drawn} />
      <PostList
        thread={drawn}
        posts={drawn.posts}
        role={role}
        actions={actions}
        editingId={editingId}
        now={now}
      />
      <div className="border-t pt-4">
        <PostComposer opportunityId={opportunityId} mentionable={drawn.mentionable} />
      </div>
      <DeletePostDialog opportunityId={opportunityId} postId={deletingId} onClose={closeDelete} />
      {isAdmin ? (
        <>
          <HidePostDialog opportunityId={opportunityId} postId={hidingId} onClose={closeHide} />
          <ResolveThreadDialog
            opportunityId={opportunityId}
            open={isResolving}
            lastSummary={drawn.summary}
            onClose={closeResolve}
          />
        </>
      ) : null}
    </PanelFrame>
  );
}
