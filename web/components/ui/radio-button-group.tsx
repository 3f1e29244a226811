import { cn } from '@web/lib/cn';
import { type ComponentProps, type KeyboardEvent, useRef } from 'react';

type RadioButtonGroupProps = Omit<ComponentProps<'div'>, 'onChange'> & {
  options: readonly { value: string; label: string }[];
  /** The chosen option, or null while none is chosen. */
  value: string | null;
  onValueChange: (value: string) => void;
  /** 'square' buttons for digits (the scores), 'text' buttons sized to a word. */
  shape?: 'square' | 'text';
  /**
   * After an option is chosen by typing its one-character label (a score's digit): lets the
   * caller move focus on, as a form of several groups does. Without it focus stays.
   */
  onTypedChoice?: (value: string) => void;
};

const NEXT_KEYS = ['ArrowRight', 'ArrowDown'];
const PREVIOUS_KEYS = ['ArrowLeft', 'ArrowUp'];

/**
 * A row of buttons with radio-group semantics (WAI-ARIA APG "Radio Group"): one tab stop (the
 * chosen button, else the first), arrow keys move and choose (wrapping), Home/End go to the ends,
 * Space and Enter choose, and typing an option's one-character label chooses it. Each button is
 * a `radio` with `aria-checked`. Keys with Alt, Ctrl or Meta are left to the page's shortcuts.
 */
export function RadioButtonGroup({
  options,
  value,
  onValueChange,
  shape = 'square',
  onTypedChoice,
  className,
  ...props
}: RadioButtonGroupProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const checkedIndex = options.findIndex((option) => option.value === value);

  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    buttons.current[index]?.focus();
    onValueChange(option.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const last = options.length - 1;
    let target: number | null = null;
    if (NEXT_KEYS.includes(event.key)) target = index === last ? 0 : index + 1;
    else if (PREVIOUS_KEYS.includes(event.key)) target = index === 0 ? last : index - 1;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = last;
    const typed = options.findIndex((option) => option.label === event.key);
    if (target === null && typed === -1) return;
    event.preventDefault();
    if (target !== null) {
      choose(target);
      return;
    }
    choose(typed);
    onTypedChoice?.(options[typed]!.value);
  };

  return (
    <div role="radiogroup" className={cn('flex flex-wrap gap-2', className)} {...props}>
      {options.map((option, index) => {
        const isChecked = index === checkedIndex;
        const isTabStop = checkedIndex === -1 ? index === 0 : isChecked;
        return (
          // biome-ignore lint/a11y/useSemanticElements: styled buttons acting as radios (APG pattern).
          <button
            key={option.value}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={isChecked}
            data-state={isChecked ? 'checked' : 'unchecked'}
            tabIndex={isTabStop ? 0 : -1}
            onClick={() => choose(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              shape === 'square' ? 'size-10' : 'h-9 px-3',
              'inline-flex shrink-0 cursor-pointer items-center justify-center rounded-md border border-input bg-background text-sm font-semibold shadow-xs transition-colors outline-none',
              'hover:bg-accent hover:text-accent-foreground',
              'focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-offset-1 focus-visible:ring-offset-background',
              'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
