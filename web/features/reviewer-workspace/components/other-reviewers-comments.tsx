import type { CommentsVisibility } from '@shared/review-cycle-schemas';
import { COMMENTS_AFTER_OWN_REVIEW_MESSAGE } from '@shared/settings';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatDate } from '@web/lib/format-date';
import MessageSquareLock from 'lucide-react/icons/message-square-lock';
import { memo, useDeferredValue } from 'react';
import { useOtherReviewersComments } from '../api/reviewer-workspace-queries';
import { mayFetchComments } from '../lib/cycle-fields';

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
        <ul className="space-y-4">
          {comments.map((comment) => (
            // Off-screen comments skip style, layout and paint until scrolled near.
            <li
              key={comment.id}
              className="space-y-2 rounded-lg border p-4 [contain-intrinsic-size:auto_9rem] [content-visibility:auto]"
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
      </CardContent>
    </Card>
  );
});
