import { POST_BODY_MAX } from '@shared/discussion';
import type { DiscussionPerson } from '@shared/discussion-schemas';
import { FieldError } from '@web/components/ui/form-field';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { formatCount } from '@web/lib/format-count';
import { MentionTextarea } from './mention-textarea';

/** The counter shows from this many characters on: nobody near the start needs it. */
const COUNTER_FROM = POST_BODY_MAX - 500;

/**
 * A post's text with its label, its mention list, the counter near the limit and the error: the
 * new post and the edit of one. No maxLength: a paste past the limit is kept whole (and refused
 * with the counter in red) rather than cut off where nobody sees it.
 */
export function PostTextField({
  id,
  label,
  isLabelHidden = false,
  value,
  onValueChange,
  people,
  onPick,
  onSubmitShortcut,
  onEscape,
  error,
  rows = 3,
  autoFocus,
  shortcutVerb = 'post',
  readOnly,
}: {
  id: string;
  label: string;
  isLabelHidden?: boolean;
  value: string;
  onValueChange: (value: string) => void;
  people: readonly DiscussionPerson[];
  onPick: (person: DiscussionPerson) => void;
  onSubmitShortcut: () => void;
  onEscape?: () => void;
  error: string | null;
  rows?: number;
  autoFocus?: boolean;
  /** What Ctrl+Enter does, for the hint. */
  shortcutVerb?: 'post' | 'save';
  /** While the text is being sent: kept as it is, so nothing typed meanwhile is lost. */
  readOnly?: boolean;
}) {
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const isCounted = value.length >= COUNTER_FROM;
  const isOver = value.length > POST_BODY_MAX;
  const describedBy = [hintId, isCounted ? counterId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="grid gap-2">
      <Label htmlFor={id} className={cn(isLabelHidden && 'sr-only')}>
        {label}
      </Label>
      <MentionTextarea
        id={id}
        rows={rows}
        value={value}
        onValueChange={onValueChange}
        people={people}
        onPick={onPick}
        onSubmitShortcut={onSubmitShortcut}
        onEscape={onEscape}
        aria-invalid={Boolean(error) || isOver}
        aria-describedby={describedBy}
        autoFocus={autoFocus}
        readOnly={readOnly}
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
  );
}
