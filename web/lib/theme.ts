import { THEME_STORAGE_KEY } from '@shared/limits';
import { useCallback, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();

export function readTheme(): Theme {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be disabled; the theme still applies for this page.
  }
  switchWithoutTransitions(() => applyTheme(theme));
  for (const listener of listeners) listener();
}

/** While on `html`, styles.css turns every transition off. */
const THEME_SWITCHING_CLASS = 'theme-switching';

/**
 * Applies a theme's colours at once. Left to themselves, the rows, links and buttons that
 * transition their colours each started a transition, and each transition's run, start and end
 * events passed through React's root listener: on the opportunities page at 200 x 50 a click on
 * the toggle cost 298 to 446 ms of main-thread work over the next second, now 64 to 168 ms
 * (issue 17, decision 0024).
 * The new colours are computed while transitions are off (the style read below), so none starts
 * from the old ones; transitions come back two frames later, after the switch has been painted.
 */
function switchWithoutTransitions(change: () => void): void {
  const root = document.documentElement;
  root.classList.add(THEME_SWITCHING_CLASS);
  change();
  void getComputedStyle(root).color;
  requestAnimationFrame(() =>
    requestAnimationFrame(() => root.classList.remove(THEME_SWITCHING_CLASS)),
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current theme and a toggle; every mounted user re-renders together. */
export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, readTheme, () => 'light' as Theme);
  const toggleTheme = useCallback(() => setTheme(readTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, toggleTheme };
}
