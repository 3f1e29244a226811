import { Button } from '@web/components/ui/button';
import { errorMessageOf } from '@web/lib/api-client';
import { formatDate } from '@web/lib/format-date';
import AlertCircle from 'lucide-react/icons/alert-circle';
import CheckCircle2 from 'lucide-react/icons/check-circle-2';
import Circle from 'lucide-react/icons/circle';
import CircleDot from 'lucide-react/icons/circle-dot';
import Loader2 from 'lucide-react/icons/loader-2';
import Save from 'lucide-react/icons/save';
import Undo2 from 'lucide-react/icons/undo-2';
import type { ReactNode } from 'react';

/** 'Saved at 14:03' today, 'Saved on May 3, 2026 at 14:03' before: the browser's time zone. */
export function savedText(savedAt: string, now = new Date()): string {
  const at = new Date(savedAt);
  const time = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  if (at.toDateString() === now.toDateString()) return `Saved at ${time}`;
  return `Saved on ${formatDate(savedAt)} at ${time}`;
}

/**
 * Where the reviewer's ballot is: saving, not saved (the server's reason), unsaved changes, saved
 * (when), or nothing saved yet; beside it Save ballot and Withdraw ballot.
 */
export function BallotSaveBar({
  isSaving,
  error,
  isDirty,
  savedAt,
  hasSavedBallot,
  onSave,
  onWithdraw,
}: {
  isSaving: boolean;
  error: Error | null;
  isDirty: boolean;
  savedAt: string | null;
  hasSavedBallot: boolean;
  onSave: () => void;
  onWithdraw: () => void;
}) {
  let state = 'idle';
  let content: ReactNode = (
    <>
      <Circle className="size-4" aria-hidden="true" />
      No ballot saved yet
    </>
  );
  if (isSaving) {
    state = 'saving';
    content = (
      <>
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Saving…
      </>
    );
  } else if (error) {
    state = 'failed';
    content = (
      <>
        <AlertCircle className="size-4 shrink-0 text-destructive" aria-hidden="true" />
        <span className="text-destructive dark:text-red-400">
          Not saved: {errorMessageOf(error, 'Save failed')}
        </span>
      </>
    );
  } else if (isDirty) {
    state = 'unsaved';
    content = (
      <>
        <CircleDot className="size-4" aria-hidden="true" />
        Unsaved changes
      </>
    );
  } else if (savedAt && hasSavedBallot) {
    state = 'saved';
    content = (
      <>
        <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
        {savedText(savedAt)}
      </>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-card p-3 sm:flex-row sm:items-center">
      <div
        role="status"
        aria-label="Save status"
        data-state={state}
        className="flex min-h-8 flex-1 items-center gap-2 text-sm text-muted-foreground"
      >
        {content}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onSave} disabled={isSaving || !isDirty}>
          <Save aria-hidden="true" />
          Save ballot
        </Button>
        <Button variant="outline" onClick={onWithdraw} disabled={isSaving || !hasSavedBallot}>
          <Undo2 aria-hidden="true" />
          Withdraw ballot
        </Button>
      </div>
    </div>
  );
}
