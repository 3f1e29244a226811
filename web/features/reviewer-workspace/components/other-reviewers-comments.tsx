import type { CommentsVisibility } from '@shared/review-cycle-schemas';
import { COMMENTS_AFTER_OWN_REVIEW_MESSAGE } from '@shared/settings';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatDate } from '@web/lib/format-date';
import MessageSquareLock from 'lucide-react/icons/message-square-lock';
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useOtherReviewersComments } from '../api/reviewer-workspace-queries';
import { mayFetchComments } from '../lib/cycle-fields';

/**
 * Comments drawn at first, and added by each "Show more": a panel of 1,000 reviewers leaves 999
 * comments, about 10,000 elements, where every other page is flat in the panel's size (issue 38).
 */
export const COMMENTS_PAGE = 50;

/**
 * 'Comments from Other Reviewers': name (or, with names hidden, the server's label such as
 * 'Reviewer A'), date, and the bigger/better and challenges texts. The server answers an empty
 * list while the admin hides them; then the card is not shown. Until the reviewer's own review
 * (issue 18) the card says why they are hidden; after a conflict the page's banner says it.
 * Memoised: the workspace beside it renders on every score and keystroke, and a panel of 200
 * reviewers leaves 199 comments here (issue 17).
 */
export const OtherReviewersComments = memo(function OtherReviewersComments({
  opportunityId,
  visibility,
}: {
  opportunityId: string;
  visibility?: CommentsVisibility;
}) {
  const { data: answer } = useOtherReviewersComments(opportunityId, {
    enabled: mayFetchComments(visibility),
  });
  // The list renders in a background pass that yields to the browser: 199 comments in one task
  // blocked a phone's main thread for a quarter of a second while the page was loading.
  const comments = useDeferredValue(answer);
  // Per opportunity: the pager moves to the next one without remounting this card.
  const [shown, setShown] = useState({ opportunityId, count: COMMENTS_PAGE });
  const shownCount = shown.opportunityId === opportunityId ? shown.count : COMMENTS_PAGE;
  const showUpTo = (count: number) => setShown({ opportunityId, count });
  // "Show all" removes the buttons: the focus goes to the first comment it revealed.
  const list = useRef<HTMLUListElement>(null);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  useEffect(() => {
    if (focusAt === null) return;
    list.current?.querySelectorAll<HTMLElement>(':scope > li')[focusAt]?.focus();
    setFocusAt(null);
  }, [focusAt]);
  // Newest first (the server answers them oldest first), the first COMMENTS_PAGE of them.
  const newestFirst = useMemo(() => (comments ? [...comments].reverse() : []), [comments]);
  if (visibility === 'after_own_review') {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Comments from Other Reviewers</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <MessageSquareLock className="size-4 shrink-0" aria-hidden="true" />
            {COMMENTS_AFTER_OWN_REVIEW_MESSAGE}
          </p>
        </CardContent>
      </Card>
    );
  }
  if (!mayFetchComments(visibility) || !comments || comments.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Comments from Other Reviewers</CardTitle>
      </CardHeader>
      <CardContent>
        {comments.length > COMMENTS_PAGE ? (
          <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
            Showing {Math.min(shownCount, comments.length)} of {comments.length} comments, newest
            first
          </p>
        ) : null}
        <ul ref={list} className="space-y-4" aria-label="Comments from other reviewers">
          {newestFirst.slice(0, shownCount).map((comment) => (
            // Off-screen comments skip style, layout and paint until scrolled near.
            <li
              key={comment.id}
              tabIndex={-1}
              className="space-y-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 rounded-lg border p-4 [contain-intrinsic-size:auto_9rem] [content-visibility:auto]"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium">
                  {comment.reviewer.displayName?.trim() || comment.reviewer.name}
                </p>
                <time dateTime={comment.submittedAt} className="text-xs text-muted-foreground">
                  {formatDate(comment.submittedAt)}
                </time>
              </div>
              {comment.howToBiggerBetter ? (
                <div className="text-sm">
                  <p className="font-medium text-muted-foreground">Bigger and better:</p>
                  <p className="whitespace-pre-line">{comment.howToBiggerBetter}</p>
                </div>
              ) : null}
              {comment.challenges ? (
                <div className="text-sm">
                  <p className="font-medium text-muted-foreground">Challenges:</p>
                  <p className="whitespace-pre-line">{comment.challenges}</p>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        {shownCount < comments.length ? (
          <div className="mt-4 flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => showUpTo(shownCount + COMMENTS_PAGE)}>
              Show {Math.min(COMMENTS_PAGE, comments.length - shownCount)} more
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setFocusAt(shownCount);
                showUpTo(comments.length);
              }}
            >
              Show all {comments.length}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
});
