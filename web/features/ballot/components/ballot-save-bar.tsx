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
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/** 'Saved at 14:03' today, 'Saved on May 3, 2026 at 14:03' before: the browser's time zone. */
export function savedText(savedAt: string, now = new Date()): string {
  const at = new Date(savedAt);
  const time = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  if (at.toDateString() === now.toDateString()) return `Saved at ${time}`;
  return `Saved on ${formatDate(savedAt)} at ${time}`;
}

const STATUS_ID = 'ballot-save-status';

/**
 * A button that gets disabled while it has the focus (Save ballot once pressed, Withdraw ballot
 * once withdrawn) would drop the focus to the page: the save state, which says what happened,
 * takes it instead.
 */
function useFocusStatusWhenDisabled(ref: RefObject<HTMLButtonElement | null>, disabled: boolean) {
  useEffect(() => {
    if (disabled && ref.current && document.activeElement === ref.current) {
      document.getElementById(STATUS_ID)?.focus();
    }
  }, [ref, disabled]);
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
  /** Saves no ranking; calls `onDone` once the server has answered. */
  onWithdraw: (onDone: () => void) => void;
}) {
  const saveRef = useRef<HTMLButtonElement>(null);
  const isSaveDisabled = isSaving || !isDirty;
  useFocusStatusWhenDisabled(saveRef, isSaveDisabled);
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
    <div className="flex flex-col gap-3 rounded-xl border bg-card p-3 sm:flex-row sm:flex-wrap sm:items-center">
      <div
        id={STATUS_ID}
        role="status"
        aria-label="Save status"
        tabIndex={-1}
        data-state={state}
        className="flex min-h-8 flex-1 items-center gap-2 text-sm text-muted-foreground outline-none"
      >
        {content}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button ref={saveRef} onClick={onSave} disabled={isSaveDisabled}>
          <Save aria-hidden="true" />
          Save ballot
        </Button>
        <WithdrawButton
          disabled={isSaving || !hasSavedBallot}
          isSaving={isSaving}
          onWithdraw={onWithdraw}
        />
      </div>
    </div>
  );
}

/**
 * Withdraw ballot, confirmed in place: Keep my ballot (focused first) or Withdraw. A dialog would
 * bring the alert dialog's code to the chunk every page loads (decision 0023).
 */
function WithdrawButton({
  disabled,
  isSaving,
  onWithdraw,
}: {
  disabled: boolean;
  isSaving: boolean;
  onWithdraw: (onDone: () => void) => void;
}) {
  const [isConfirming, setIsConfirming] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  const withdrawRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useFocusStatusWhenDisabled(withdrawRef, disabled);
  useEffect(() => {
    if (isConfirming) keepRef.current?.focus();
    else if (wasConfirming.current) withdrawRef.current?.focus();
    wasConfirming.current = isConfirming;
  }, [isConfirming]);
  if (!isConfirming) {
    return (
      <Button
        ref={withdrawRef}
        variant="outline"
        onClick={() => setIsConfirming(true)}
        disabled={disabled}
      >
        <Undo2 aria-hidden="true" />
        Withdraw ballot
      </Button>
    );
  }
  return (
    <fieldset
      aria-describedby="withdraw-ballot-help"
      className="flex basis-full flex-col gap-2 rounded-lg border border-destructive/50 p-3"
    >
      <legend className="px-1 text-sm font-semibold">Withdraw your ballot?</legend>
      <p id="withdraw-ballot-help" className="text-sm text-muted-foreground">
        Your saved ranking is deleted and you no longer count as having voted. You can rank again
        while the ballot is open.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button ref={keepRef} variant="outline" onClick={() => setIsConfirming(false)}>
          Keep my ballot
        </Button>
        <Button
          variant="destructive"
          disabled={isSaving}
          onClick={() => onWithdraw(() => setIsConfirming(false))}
        >
          {isSaving ? 'Withdrawing…' : 'Withdraw'}
        </Button>
      </div>
    </fieldset>
  );
}
