/**
 * Alt+ArrowLeft / Alt+ArrowRight: the detail page's Previous / Next. Alt alone, so that
 * Ctrl/Meta/Shift combinations keep their browser and text-selection meanings.
 */
export function pagerShortcutOf(event: KeyboardEvent): 'previous' | 'next' | null {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (event.key === 'ArrowLeft') return 'previous';
  if (event.key === 'ArrowRight') return 'next';
  return null;
}

/**
 * A text field, select or editable element: its keys belong to the typing (Alt+Arrow moves by
 * word on a Mac), never to page shortcuts.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}
