import { COMMENT_FIELD_MAX } from '@shared/limits';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { COMMENT_FIELDS, type CommentKey, type CommentTexts } from '../lib/review-values';

/** 'Your Comments': the four structured comment fields. */
export function CommentsCard({
  comments,
  onCommentChange,
}: {
  comments: CommentTexts;
  onCommentChange: (key: CommentKey, text: string) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Comments</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        {COMMENT_FIELDS.map((field) => {
          const id = `comment-${field.key}`;
          return (
            <div key={field.key} className="space-y-2">
              <Label htmlFor={id}>{field.label}</Label>
              <Textarea
                id={id}
                rows={3}
                maxLength={COMMENT_FIELD_MAX}
                value={comments[field.key]}
                onChange={(event) => onCommentChange(field.key, event.target.value)}
              />
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}
