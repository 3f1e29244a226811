import { useEffect, useRef } from 'react';
import { type ServerTimeAnchor, serverTimeAt } from './use-server-time';

/** setTimeout's longest delay (about 24.8 days); a later instant is re-armed after a refetch. */
const MAX_DELAY_MS = 2 ** 31 - 1;
/** After the instant, so that the server, whose clock decides, has passed it too. */
const AFTER_MS = 1_000;

/**
 * Calls `refetch` just after the next of `instants` (ms since the epoch, by the server's clock,
 * per `anchor`) that is still ahead: when a deadline or a send time passes, the answer changes
 * without anything being written, and a page that shows it should not wait for a reload. One
 * timer for the next instant only; the refetch's new answer arms the one after. Nothing polls.
 */
export function useRefetchAt({
  instants,
  anchor,
  refetch,
}: {
  instants: ReadonlyArray<number | null>;
  anchor: ServerTimeAnchor | null;
  refetch: () => unknown;
}): void {
  const refetchRef = useRef(refetch);
  refetchRef.current = refetch;
  const anchorNow = anchor?.now ?? null;
  const receivedAt = anchor?.receivedAt ?? null;
  const serverNow =
    anchorNow === null || receivedAt === null ? null : serverTimeAt({ now: anchorNow, receivedAt });
  // An instant stays the next one until its refetch is due (AFTER_MS past it): a render in
  // between (a countdown turning to "Closing now" at the deadline) would otherwise move on to the
  // following instant, or to none, and cancel the timer that was about to refetch.
  const next =
    serverNow === null
      ? null
      : instants.reduce<number | null>(
          (soonest, at) =>
            at !== null && at + AFTER_MS > serverNow && (soonest === null || at < soonest)
              ? at
              : soonest,
          null,
        );
  useEffect(() => {
    if (next === null || anchorNow === null || receivedAt === null) return;
    const delay = Math.max(0, next - serverTimeAt({ now: anchorNow, receivedAt }) + AFTER_MS);
    const timer = setTimeout(() => void refetchRef.current(), Math.min(delay, MAX_DELAY_MS));
    return () => clearTimeout(timer);
  }, [next, anchorNow, receivedAt]);
}
