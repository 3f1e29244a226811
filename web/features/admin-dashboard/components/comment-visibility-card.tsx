import { REVIEWER_COMMENTS_AFTER_OWN_REVIEW, SHOW_REVIEWER_NAMES } from '@shared/settings';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Separator } from '@web/components/ui/separator';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import type { ToastInput } from '@web/components/ui/use-toast';
import type { ReactNode } from 'react';
import {
  useBooleanSetting,
  useShowCommentsSetting,
  useUpdateBooleanSetting,
  useUpdateShowComments,
} from '../api/dashboard-queries';

/**
 * Platform Settings: whether reviewers see other reviewers' comments (the spec's switch), and
 * beside it (issue 18) when they see them and whether names come with them.
 */
export function CommentVisibilityCard() {
  const setting = useShowCommentsSetting();
  const update = useUpdateShowComments();
  const isShown = setting.data?.value === 'true';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Platform Settings</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <SettingRow
          id="show-reviewer-comments"
          label="Show Reviewer Comments"
          help="Allow reviewers to see comments from other reviewers"
        >
          <SettingSwitch
            id="show-reviewer-comments"
            isPending={setting.isPending}
            checked={isShown}
            disabled={setting.isError || update.isPending}
            onCheckedChange={(checked) => update.mutate(checked)}
          />
        </SettingRow>
        <Separator />
        <BooleanSettingRow
          settingKey={REVIEWER_COMMENTS_AFTER_OWN_REVIEW}
          id="comments-after-own-review"
          label="Only after the reviewer's own review"
          help="While comments are shown, a reviewer sees others' comments on an opportunity only once they have saved all five scores for it, so their own judgement comes first"
          describe={(isOn) => ({
            title: 'Settings Updated',
            description: isOn
              ? "Reviewers now see others' comments only after their own review"
              : "Reviewers now see others' comments without reviewing first",
          })}
        />
        <Separator />
        <BooleanSettingRow
          settingKey={SHOW_REVIEWER_NAMES}
          id="show-reviewer-names"
          label="Show reviewer names"
          help="While comments are shown, each comment carries its reviewer's name; off, a label such as Reviewer A, the same for a reviewer throughout one opportunity"
          describe={(isOn) => ({
            title: 'Settings Updated',
            description: isOn
              ? "Reviewers' names are now shown with their comments"
              : 'Comments now show labels such as Reviewer A instead of names',
          })}
        />
      </CardContent>
    </Card>
  );
}

/** A setting's switch, described by its row's help text; a skeleton of its size while it loads. */
function SettingSwitch({
  id,
  isPending,
  checked,
  disabled,
  onCheckedChange,
}: {
  id: string;
  isPending: boolean;
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  if (isPending) return <Skeleton className="h-6 w-11 shrink-0 rounded-full" />;
  return (
    <Switch
      id={id}
      aria-describedby={`${id}-help`}
      checked={checked}
      disabled={disabled}
      onCheckedChange={onCheckedChange}
    />
  );
}

function SettingRow({
  id,
  label,
  help,
  children,
}: {
  id: string;
  label: string;
  help: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="min-w-0 space-y-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-help`} className="text-sm text-muted-foreground">
          {help}
        </p>
      </div>
      {children}
    </div>
  );
}

/**
 * A 'true'/'false' setting with its switch. When it cannot be read the row says so (with a
 * retry) instead of showing a switch in a state nobody knows.
 */
export function BooleanSettingRow({
  settingKey,
  id,
  label,
  help,
  describe,
}: {
  settingKey: string;
  id: string;
  label: string;
  help: string;
  describe: (isOn: boolean) => ToastInput;
}) {
  const setting = useBooleanSetting(settingKey);
  const update = useUpdateBooleanSetting(settingKey, describe);
  return (
    <SettingRow id={id} label={label} help={help}>
      {setting.isError ? (
        <div role="alert" className="flex shrink-0 flex-col items-end gap-1 text-sm">
          <span className="text-destructive dark:text-red-400">Could not be loaded</span>
          <Button variant="outline" size="sm" onClick={() => setting.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <SettingSwitch
          id={id}
          isPending={setting.isPending}
          checked={setting.data?.value === 'true'}
          disabled={update.isPending}
          onCheckedChange={(checked) => update.mutate(checked)}
        />
      )}
    </SettingRow>
  );
}
