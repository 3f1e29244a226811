import { POST_BODY_MAX } from '@shared/discussion';
import type { DiscussionPerson } from '@shared/discussion-schemas';
import { FieldError } from '@web/components/ui/form-field';
import { Label } from '@web/components/ui/label';
import { serverMessageOf } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { formatCount } from '@web/lib/format-count';
import { type FormEvent, type ReactNode, useState } from 'react';
import { checkPost } from '../lib/check-post';
import { MentionTextarea } from './mention-textarea';

/** The counter shows from this many characters on: nobody near the start needs it. */
const COUNTER_FROM = POST_BODY_MAX - 500;

/**
 * A post's form, new or edited: the text with its label, its mention list, the counter near the
 * limit, the error, and the buttons (`children`). Blank, too long or too many mentions are refused
 * here, with the server's own messages; a refusal from the server (`send`'s `fail`) is shown the
 * same way, the text kept. No maxLength: a paste past the limit stays whole (and is refused, the
 * counter in red) rather than cut off where nobody sees it. Ctrl+Enter (Cmd+Enter) submits.
 */
export function PostForm({
  ariaLabel,
  id,
  label,
  isLabelHidden = false,
  value,
  onValueChange,
  people,
  known = [],
  onPick,
  onEscape,
  autoFocus,
  shortcutVerb = 'post',
  isPending,
  failureMessage,
  send,
  children,
}: {
  ariaLabel: string;
  id: string;
  label: string;
  isLabelHidden?: boolean;
  value: string;
  onValueChange: (value: string) => void;
  /** Whom `@` offers: the thread's `mentionable`. */
  people: readonly DiscussionPerson[];
  /** Others whose `@Label` counts as a mention too: those picked, those the post mentioned. */
  known?: readonly DiscussionPerson[];
  onPick: (person: DiscussionPerson) => void;
  onEscape?: () => void;
  autoFocus?: boolean;
  /** What Ctrl+Enter does, for the hint. */
  shortcutVerb?: 'post' | 'save';
  /** While the text is being sent it is read-only, so nothing typed meanwhile is lost. */
  isPending: boolean;
  /** Said when a refusal carries no message of the server's. */
  failureMessage: string;
  /** Sends the text with these mentions; `fail` shows a refusal. */
  send: (mentions: string[], fail: (error: unknown) => void) => void;
  children: ReactNode;
}) {
  const [error, setError] = useState<string | null>(null);
  function submit() {
    if (isPending) return;
    const checked = checkPost(value, [...known, ...people]);
    if (checked.problem !== null) {
      setError(checked.problem);
      return;
    }
    setError(null);
    send(checked.mentions, (failure) => setError(serverMessageOf(failure, failureMessage)));
  }
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const isCounted = value.length >= COUNTER_FROM;
  const isOver = value.length > POST_BODY_MAX;
  const describedBy = [hintId, isCounted ? counterId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <form
      noValidate
      aria-label={ariaLabel}
      className="grid gap-3"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={id} className={cn(isLabelHidden && 'sr-only')}>
          {label}
        </Label>
        <MentionTextarea
          id={id}
          rows={3}
          value={value}
          onValueChange={(next) => {
            onValueChange(next);
            if (error) setError(null);
          }}
          people={people}
          onPick={onPick}
          onSubmitShortcut={submit}
          onEscape={onEscape}
          aria-invalid={Boolean(error) || isOver}
          aria-describedby={describedBy}
          autoFocus={autoFocus}
          readOnly={isPending}
          className="resize-y"
        />
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <p id={hintId}>
            Plain text; @ mentions someone. <kbd className="font-sans">Ctrl</kbd>+
            <kbd className="font-sans">Enter</kbd> to {shortcutVerb}.
          </p>
          {isCounted ? (
            <p
              id={counterId}
              className={cn(
                'tabular-nums',
                isOver && 'font-medium text-destructive dark:text-red-400',
              )}
            >
              {formatCount(value.length)}/{formatCount(POST_BODY_MAX)} characters
            </p>
          ) : null}
        </div>
        <FieldError id={errorId}>{error}</FieldError>
      </div>
      {children}
    </form>
  );
}
