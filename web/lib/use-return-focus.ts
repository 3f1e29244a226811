import { useMemo, useRef } from 'react';

const ROW = 'tr, [role="row"], li';
const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A dialog opened from a menu item finds that item gone when it closes, so Radix would leave
 * the focus on <body>. Remember the menu's trigger and hand focus back to it instead (pass
 * onCloseAutoFocus to the dialog's content).
 *
 * When the dialog removed the trigger's row (`rowRemoved()`, called on a successful delete), the
 * focus goes to the same control of the next row, or of the previous one for the last row, or
 * to the page's heading when no row is left (issue 38), not back to a row about to disappear.
 */
export function useReturnFocus() {
  const target = useRef<HTMLElement | null>(null);
  const removed = useRef(false);
  return useMemo(
    () => ({
      remember: (element: HTMLElement | null) => {
        target.current = element;
        removed.current = false;
      },
      rowRemoved: () => {
        removed.current = true;
      },
      onCloseAutoFocus: (event: Event) => {
        const element = target.current;
        const successor = removed.current && element ? successorOf(element) : element;
        removed.current = false;
        if (successor?.isConnected) {
          event.preventDefault();
          successor.focus();
        }
      },
    }),
    [],
  );
}

/** The control in the neighbouring row that matches `trigger`, else the page's heading. */
function successorOf(trigger: HTMLElement): HTMLElement | null {
  const row = trigger.closest<HTMLElement>(ROW);
  const label = trigger.getAttribute('aria-haspopup');
  for (const neighbour of [row?.nextElementSibling, row?.previousElementSibling]) {
    if (!(neighbour instanceof HTMLElement)) continue;
    const same = label ? neighbour.querySelector<HTMLElement>(`[aria-haspopup="${label}"]`) : null;
    const control = same ?? neighbour.querySelector<HTMLElement>(FOCUSABLE);
    if (control) return control;
  }
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector('h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}
