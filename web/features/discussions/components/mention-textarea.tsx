import type { DiscussionPerson } from '@shared/discussion-schemas';
import { Textarea } from '@web/components/ui/textarea';
import { cn } from '@web/lib/cn';
import {
  type ComponentProps,
  type KeyboardEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { insertMention, matchingPeople, mentionQueryAt } from '../lib/mentions';

type MentionTextareaProps = Omit<
  ComponentProps<'textarea'>,
  'value' | 'onChange' | 'onKeyDown' | 'onSelect'
> & {
  value: string;
  onValueChange: (value: string) => void;
  /** Whom `@` offers: the thread's `mentionable`. */
  people: readonly DiscussionPerson[];
  /** A person picked from the list (their `@Label ` is in the text by then). */
  onPick: (person: DiscussionPerson) => void;
  /** Ctrl+Enter or Cmd+Enter. */
  onSubmitShortcut: () => void;
  /** Escape with no list open (an edit form cancels). */
  onEscape?: () => void;
};

const ROLE_WORDS = { admin: 'Administrator', reviewer: 'Reviewer' } as const;

/**
 * A textarea where `@` opens the list of people to mention, filtered by what follows it. The
 * textarea keeps the focus while the list is open and points at the chosen option with
 * aria-activedescendant, as the ARIA combobox pattern does (a textarea may not take the combobox
 * role itself, so it stays a textbox with aria-autocomplete="list" and aria-controls): Up and Down
 * move, Enter or Tab picks, Escape closes the list (and only the list).
 */
export function MentionTextarea({
  value,
  onValueChange,
  people,
  onPick,
  onSubmitShortcut,
  onEscape,
  className,
  ...props
}: MentionTextareaProps) {
  const listId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState({ query: '', index: 0 });
  // The `@` whose list was closed with Escape: it stays closed until another `@` is typed.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const pendingCaret = useRef<number | null>(null);

  const mention = caret === null ? null : mentionQueryAt(value, caret);
  const matches =
    mention && mention.start !== dismissedAt ? matchingPeople(people, mention.query) : [];
  const isOpen = mention !== null && matches.length > 0;
  const activeIndex =
    isOpen && active.query === mention.query ? Math.min(active.index, matches.length - 1) : 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  useLayoutEffect(() => {
    if (pendingCaret.current === null || !textarea.current) return;
    textarea.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  function pick(person: DiscussionPerson) {
    if (!mention || caret === null) return;
    const next = insertMention(value, caret, mention, person);
    pendingCaret.current = next.caret;
    setCaret(next.caret);
    setDismissedAt(null);
    onValueChange(next.text);
    onPick(person);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmitShortcut();
      return;
    }
    if (isOpen) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive({
          query: mention.query,
          index: (activeIndex + step + matches.length) % matches.length,
        });
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        pick(matches[activeIndex]!);
        return;
      }
      if (event.key === 'Escape') {
        // Only the list closes: not the dialog or the edit around the textarea.
        event.preventDefault();
        event.stopPropagation();
        setDismissedAt(mention.start);
        return;
      }
    }
    if (event.key === 'Escape' && onEscape) {
      event.preventDefault();
      onEscape();
    }
  }

  return (
    <div className="relative">
      <Textarea
        {...props}
        ref={textarea}
        value={value}
        className={className}
        aria-autocomplete="list"
        aria-controls={isOpen ? listId : undefined}
        aria-activedescendant={isOpen ? optionId(activeIndex) : undefined}
        onChange={(event) => {
          const { value: next, selectionStart } = event.target;
          setCaret(selectionStart);
          // A new `@` typed (or the dismissed one gone) opens the list again.
          if (
            next[selectionStart - 1] === '@' ||
            (dismissedAt !== null && next[dismissedAt] !== '@')
          ) {
            setDismissedAt(null);
          }
          onValueChange(next);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onBlur={() => setCaret(null)}
        onKeyDown={onKeyDown}
      />
      {isOpen ? (
        <div
          id={listId}
          role="listbox"
          aria-label="People to mention"
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md sm:right-auto sm:min-w-64"
        >
          {matches.map((person, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys go to the textarea, which keeps the focus (aria-activedescendant).
            <div
              key={person.handle}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === activeIndex}
              // The textarea keeps the focus (and the caret) when an option is clicked.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(person)}
              className={cn(
                'flex cursor-pointer items-baseline justify-between gap-3 rounded-sm px-2 py-1.5 text-sm',
                index === activeIndex && 'bg-accent text-accent-foreground',
              )}
            >
              <span className="font-medium">{person.label}</span>
              <span className="text-xs text-muted-foreground">{ROLE_WORDS[person.role]}</span>
            </div>
          ))}
        </div>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {isOpen
          ? `${matches.length} ${matches.length === 1 ? 'person' : 'people'} to mention: up and down arrows to choose, Enter to pick`
          : ''}
      </p>
    </div>
  );
}
