import { MOBILE_BREAKPOINT_PX } from '@shared/limits';
import { useSyncExternalStore } from 'react';

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function isMobileNow(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** True below MOBILE_BREAKPOINT_PX (768px), where the sidebar becomes a drawer. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false);
}
