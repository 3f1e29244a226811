import { useDeferredValue } from 'react';

/** What the deferred value holds before its first background render. */
const NOT_DRAWN = Symbol('not drawn');

/**
 * A screen's data for drawing in a background render (decision 0022). TanStack Query hands its
 * answers to React in a blocking update, so a screen that drew its rows from `query.data` drew
 * them all in one task as the answer arrived, 100-200 ms of a phone's main thread at 200
 * reviewers. Drawn from this value instead, the rows render in a deferred pass that React splits
 * into slices between frames; until the first one is done (`isWaiting`) the screen keeps its
 * loading state, and after a change it keeps what it drew until the new drawing is ready.
 */
export function useDeferredData<T>(data: T | undefined): {
  data: T | undefined;
  isWaiting: boolean;
} {
  // The initial value makes even a mount with the answer already cached draw it in the
  // background (a page whose data was preloaded with the user's session).
  const deferred = useDeferredValue<T | undefined | typeof NOT_DRAWN>(data, NOT_DRAWN);
  if (deferred === NOT_DRAWN) return { data: undefined, isWaiting: data !== undefined };
  return { data: deferred, isWaiting: deferred === undefined && data !== undefined };
}
