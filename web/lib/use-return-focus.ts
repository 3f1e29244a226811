import { useMemo, useRef } from 'react';

/**
 * A dialog opened from a menu item finds that item gone when it closes, so Radix would leave
 * the focus on <body>. Remember the menu's trigger and hand focus back to it instead (pass
 * onCloseAutoFocus to the dialog's content).
 */
export function useReturnFocus() {
  const target = useRef<HTMLElement | null>(null);
  return useMemo(
    () => ({
      remember: (element: HTMLElement | null) => {
        target.current = element;
      },
      onCloseAutoFocus: (event: Event) => {
        const element = target.current;
        if (element?.isConnected) {
          event.preventDefault();
          element.focus();
        }
      },
    }),
    [],
  );
}
