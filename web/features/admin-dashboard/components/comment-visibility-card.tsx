import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { useShowCommentsSetting, useUpdateShowComments } from '../api/dashboard-queries';

/** Platform Settings: whether reviewers see other reviewers' comments. */
export function CommentVisibilityCard() {
  const setting = useShowCommentsSetting();
  const update = useUpdateShowComments();
  const isShown = setting.data?.value === 'true';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Platform Settings</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="flex items-center justify-between gap-4">
          <div className="min-w-0 space-y-1">
            <Label htmlFor="show-reviewer-comments">Show Reviewer Comments</Label>
            <p id="show-reviewer-comments-help" className="text-sm text-muted-foreground">
              Allow reviewers to see comments from other reviewers
            </p>
          </div>
          {setting.isPending ? (
            <Skeleton className="h-6 w-11 shrink-0 rounded-full" />
          ) : (
            <Switch
              id="show-reviewer-comments"
              aria-describedby="show-reviewer-comments-help"
              checked={isShown}
              disabled={setting.isError || update.isPending}
              onCheckedChange={(checked) => update.mutate(checked)}
            />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
