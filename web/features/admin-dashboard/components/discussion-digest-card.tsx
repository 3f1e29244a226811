import {
  DIGEST_MINUTES_MESSAGE,
  DISCUSSION_DIGEST_MINUTES,
  DISCUSSION_DIGEST_MINUTES_DEFAULT,
  DISCUSSION_DIGEST_MINUTES_MAX,
  DISCUSSION_DIGEST_MINUTES_MIN,
} from '@shared/discussion';
import type { Setting } from '@shared/settings-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { SubmitButton } from '@web/components/ui/submit-button';
import { apiJson, serverMessageOf } from '@web/lib/api-client';
import { formatCount } from '@web/lib/format-count';
import { useToastingMutation } from '@web/lib/use-toasting-mutation';
import { type FormEvent, useState } from 'react';
import { dashboardKeys } from '../api/dashboard-keys';

const digestQueryOptions = queryOptions<Setting>({
  queryKey: dashboardKeys.setting(DISCUSSION_DIGEST_MINUTES),
});

/** The minutes as the server takes them ('5' to '1440', a whole number), or null. */
export function parseDigestMinutes(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const minutes = Number(trimmed);
  return minutes >= DISCUSSION_DIGEST_MINUTES_MIN && minutes <= DISCUSSION_DIGEST_MINUTES_MAX
    ? String(minutes)
    : null;
}

function useSaveDigestMinutes() {
  return useToastingMutation({
    mutationFn: (value: string) =>
      apiJson<Setting>('POST', '/api/admin/settings', { key: DISCUSSION_DIGEST_MINUTES, value }),
    succeeded: (_answer, value) => ({
      title: 'Settings Updated',
      description: `Discussion digests now go out at most every ${value} minutes`,
    }),
    invalidate: (queryClient) =>
      queryClient.invalidateQueries({ queryKey: digestQueryOptions.queryKey, exact: true }),
  });
}

/** Keyed by the saved value, so it starts from it (and again after each save). */
function DigestMinutesForm({ saved }: { saved: string }) {
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveDigestMinutes();
  const shownError =
    error ?? (save.isError ? serverMessageOf(save.error, 'The setting could not be saved') : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const minutes = parseDigestMinutes(value);
    if (minutes === null) {
      setError(DIGEST_MINUTES_MESSAGE);
      return;
    }
    save.mutate(minutes);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <FormField
        id="discussion-digest-minutes"
        label="Digest email, at most every (minutes)"
        hint={`Each person gets at most one email of new posts and mentions per this many minutes: ${DISCUSSION_DIGEST_MINUTES_MIN} to ${formatCount(DISCUSSION_DIGEST_MINUTES_MAX)} (a day).`}
        error={shownError ?? undefined}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={DISCUSSION_DIGEST_MINUTES_MIN}
            max={DISCUSSION_DIGEST_MINUTES_MAX}
            step={1}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
              save.reset();
            }}
            className="sm:max-w-32"
          />
        )}
      </FormField>
      <SubmitButton size="sm" isPending={save.isPending}>
        Save
      </SubmitButton>
    </form>
  );
}

/** Issue 36: how often discussion digests may be emailed, read and written like any setting. */
export function DiscussionDigestCard() {
  const setting = useQuery(digestQueryOptions);
  const saved = setting.data?.value;
  // A stored value the form cannot take (none yet, say) starts from the default.
  const start = (saved && parseDigestMinutes(saved)) ?? DISCUSSION_DIGEST_MINUTES_DEFAULT;
  return (
    <Card role="region" aria-labelledby="discussion-digest-title">
      <CardHeader>
        <CardTitle id="discussion-digest-title">Discussion</CardTitle>
        <CardDescription>Email digests of the panel's discussions</CardDescription>
      </CardHeader>
      <CardContent>
        {setting.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : setting.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span className="text-destructive dark:text-red-400">
              The digest setting could not be loaded
            </span>
            <Button variant="outline" size="sm" onClick={() => setting.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <DigestMinutesForm key={start} saved={start} />
        )}
      </CardContent>
    </Card>
  );
}
