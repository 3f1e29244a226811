import { useState } from 'react';

/**
 * useState kept in sessionStorage under `key`, so the list's status filter and layout are still
 * there when the reviewer comes back from an opportunity. `isValid` guards what is read back.
 */
export function useSessionState<T extends string>(
  key: string,
  initial: T,
  isValid: (value: string) => value is T,
): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const stored = sessionStorage.getItem(key);
      return stored !== null && isValid(stored) ? stored : initial;
    } catch {
      return initial;
    }
  });
  const update = (next: T) => {
    setValue(next);
    try {
      sessionStorage.setItem(key, next);
    } catch {
      // Storage disabled: the choice lasts while the page is open.
    }
  };
  return [value, update];
}
