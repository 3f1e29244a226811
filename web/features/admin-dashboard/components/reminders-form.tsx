import { parseReminderOffsets, REMINDERS_FORMAT_MESSAGE } from '@shared/review-clock';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { SubmitButton } from '@web/components/ui/submit-button';
import { serverMessageOf } from '@web/lib/api-client';
import { type FormEvent, useState } from 'react';
import { useSaveReminders } from '../api/review-clock-queries';

/**
 * The reminder offsets as text ('7d,2d,6h'), checked with the server's own parser before they are
 * sent; a refusal shows the server's message. Keyed by the saved text, so it starts from it.
 */
export function RemindersForm({ reminders }: { reminders: string }) {
  const [value, setValue] = useState(reminders);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveReminders();
  const shownError =
    error ??
    (save.isError ? serverMessageOf(save.error, 'The reminders could not be saved') : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (parseReminderOffsets(value) === null) {
      setError(REMINDERS_FORMAT_MESSAGE);
      return;
    }
    save.mutate(value.trim());
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <FormField
        id="review-reminders"
        label="Reminders"
        hint="How long before the deadline reviewers who still owe work are emailed, separated by commas: 7d,2d,6h (d days, h hours, m minutes). Leave empty for none."
        error={shownError ?? undefined}
      >
        {(control) => (
          <Input
            {...control}
            value={value}
            autoComplete="off"
            spellCheck={false}
            placeholder="7d,2d,6h"
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
              save.reset();
            }}
            className="sm:max-w-64"
          />
        )}
      </FormField>
      <SubmitButton size="sm" isPending={save.isPending}>
        Save reminders
      </SubmitButton>
    </form>
  );
}
