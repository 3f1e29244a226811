import { parseDeadline } from '@shared/review-clock';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { SubmitButton } from '@web/components/ui/submit-button';
import { serverMessageOf } from '@web/lib/api-client';
import { utcOffsetOf } from '@web/lib/format-date';
import { type FormEvent, useState } from 'react';
import { useSaveDeadline } from '../api/review-clock-queries';
import { deadlineFromLocalInput, localInputFromDeadline } from '../lib/deadline-input';

export const PAST_DEADLINE_MESSAGE =
  'Choose a time that has not passed yet. To close reviewing at once, use Close reviewing now.';

/**
 * The deadline's check before it is sent: a readable date and time still ahead of the server's
 * clock (a past one would close reviewing the moment it is saved). Returns the value to send or
 * the message to show.
 */
export function checkDeadlineInput(
  value: string,
  serverNow: number,
): { deadline: string } | { error: string } {
  const deadline = deadlineFromLocalInput(value);
  if (!deadline) return { error: 'Enter a date and a time' };
  if ((parseDeadline(deadline)?.getTime() ?? 0) <= serverNow)
    return { error: PAST_DEADLINE_MESSAGE };
  return { deadline };
}

/**
 * Set, move or clear the deadline. The input is in the admin's time zone; what is sent carries
 * the browser's offset on the chosen date. Keyed by the saved deadline, so it starts from it.
 */
export function DeadlineForm({
  deadline,
  serverNow,
}: {
  deadline: string | null;
  serverNow: number;
}) {
  const [value, setValue] = useState(() => localInputFromDeadline(deadline));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveDeadline();
  const chosen = deadlineFromLocalInput(value);
  const offset = utcOffsetOf(chosen ? (parseDeadline(chosen) ?? new Date()) : new Date());
  const shownError =
    error ?? (save.isError ? serverMessageOf(save.error, 'The deadline could not be saved') : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDeadlineInput(value, serverNow);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    save.mutate(checked.deadline);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <FormField
        id="review-deadline"
        label="Deadline"
        hint={`In your time zone (UTC${offset}). Reviewing closes at this time and reminders are sent before it.`}
        error={shownError ?? undefined}
      >
        {(control) => (
          <Input
            {...control}
            type="datetime-local"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
              save.reset();
            }}
            className="sm:max-w-64"
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <SubmitButton size="sm" isPending={save.isPending && save.variables !== ''}>
          Save deadline
        </SubmitButton>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={deadline === null || save.isPending}
          onClick={() => {
            setError(null);
            save.mutate('');
          }}
        >
          Clear deadline
        </Button>
      </div>
    </form>
  );
}
