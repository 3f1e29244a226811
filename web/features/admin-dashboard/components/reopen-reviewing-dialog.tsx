import { parseDeadline } from '@shared/review-clock';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { FieldError } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { serverMessageOf } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format-date';
import { useState } from 'react';
import { useReopenReviewing } from '../api/review-clock-queries';
import { checkDeadlineInput } from './deadline-form';

type Choice = 'move' | 'clear';

/**
 * Reopening. The server refuses to reopen while the deadline has passed, so then the dialog first
 * asks for a later deadline, or to clear it, and sends that before the phase.
 */
export function ReopenReviewingDialog({
  open,
  onClose,
  deadline,
  serverNow,
}: {
  open: boolean;
  onClose: () => void;
  deadline: string | null;
  serverNow: number;
}) {
  const reopen = useReopenReviewing();
  const [choice, setChoice] = useState<Choice>('move');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const deadlineAt = deadline ? parseDeadline(deadline) : null;
  const hasPassed = deadlineAt !== null && deadlineAt.getTime() <= serverNow;

  const close = () => {
    setChoice('move');
    setValue('');
    setError(null);
    reopen.reset();
    onClose();
  };
  const confirm = () => {
    setError(null);
    if (!hasPassed) {
      reopen.mutate({}, { onSuccess: close });
    } else if (choice === 'clear') {
      reopen.mutate({ deadline: '' }, { onSuccess: close });
    } else {
      const checked = checkDeadlineInput(value, serverNow);
      if ('error' in checked) setError(checked.error);
      else reopen.mutate({ deadline: checked.deadline }, { onSuccess: close });
    }
  };
  const shownError =
    error ??
    (reopen.isError ? serverMessageOf(reopen.error, 'Reviewing could not be reopened') : null);

  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      title="Reopen Reviewing"
      description={
        hasPassed && deadlineAt
          ? `The deadline, ${formatDateTime(deadlineAt)}, has passed. Move it to a later time or clear it; reviewing then reopens.`
          : deadlineAt
            ? `Reviewers can save scores and comments again until ${formatDateTime(deadlineAt)}.`
            : 'Reviewers can save scores and comments again until you close reviewing.'
      }
      confirmLabel="Reopen reviewing"
      confirmVariant="default"
      isPending={reopen.isPending}
      onConfirm={confirm}
    >
      {hasPassed ? (
        <fieldset className="space-y-3 text-sm">
          <legend className="mb-2 font-medium">Before reopening</legend>
          <div className="space-y-2">
            <div className="flex items-center gap-2">
              <input
                id="reopen-move"
                type="radio"
                name="reopen-deadline"
                checked={choice === 'move'}
                onChange={() => setChoice('move')}
                className="size-4 accent-primary"
              />
              <Label htmlFor="reopen-move">Move the deadline</Label>
            </div>
            <div className="space-y-1 pl-6">
              <Label htmlFor="reopen-new-deadline" className="text-muted-foreground">
                New deadline
              </Label>
              <Input
                id="reopen-new-deadline"
                type="datetime-local"
                value={value}
                disabled={choice !== 'move'}
                aria-invalid={Boolean(error)}
                onChange={(event) => {
                  setValue(event.target.value);
                  setError(null);
                }}
                className="sm:max-w-64"
              />
            </div>
          </div>
          <div className="flex items-center gap-2">
            <input
              id="reopen-clear"
              type="radio"
              name="reopen-deadline"
              checked={choice === 'clear'}
              onChange={() => setChoice('clear')}
              className="size-4 accent-primary"
            />
            <Label htmlFor="reopen-clear">Clear the deadline</Label>
          </div>
        </fieldset>
      ) : null}
      <p className="text-sm text-muted-foreground">
        Input that reviewers kept in their browsers while reviewing was closed is saved when their
        page next checks, within a minute.
      </p>
      <FieldError>{shownError}</FieldError>
    </ConfirmDialog>
  );
}
