import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { memo } from 'react';
import { useOtherReviewersComments } from '../api/reviewer-workspace-queries';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * 'Comments from Other Reviewers': name, date, and the bigger/better and challenges texts. The
 * server answers an empty list while the admin hides them; then the card is not shown. Memoised:
 * the workspace beside it renders on every score and keystroke, and a panel of 200 reviewers
 * leaves 199 comments here (issue 17).
 */
export const OtherReviewersComments = memo(function OtherReviewersComments({
  opportunityId,
}: {
  opportunityId: string;
}) {
  const { data: comments } = useOtherReviewersComments(opportunityId);
  if (!comments || comments.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Comments from Other Reviewers</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-4">
          {comments.map((comment) => (
            <li key={comment.id} className="space-y-2 rounded-lg border p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium">
                  {comment.reviewer.displayName?.trim() || comment.reviewer.name}
                </p>
                <time dateTime={comment.submittedAt} className="text-xs text-muted-foreground">
                  {dateFormat.format(new Date(comment.submittedAt))}
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
