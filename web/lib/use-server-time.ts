import { useEffect, useState } from 'react';

/**
 * Where the server's clock stands now, from an answer that said what time it was (`now`, the
 * database's time when read) and when that answer arrived here (`receivedAt`, the device's
 * Date.now() then): the device's clock only measures the time since, so a phone set an hour
 * wrong still counts down to the right instant.
 */
export type ServerTimeAnchor = { now: string; receivedAt: number };

/** The server's time in ms since the epoch, per `anchor`, read at the device's `deviceNow`. */
export function serverTimeAt(anchor: ServerTimeAnchor, deviceNow = Date.now()): number {
  return Date.parse(anchor.now) + (deviceNow - anchor.receivedAt);
}

/**
 * The server's time, re-read every `tickMs` (a countdown in minutes needs nothing finer), or null
 * without an anchor. The tick runs only while a component shows a countdown.
 */
export function useServerTime(anchor: ServerTimeAnchor | null, tickMs = 15_000): number | null {
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  const isAnchored = anchor !== null;
  useEffect(() => {
    if (!isAnchored) return;
    setDeviceNow(Date.now());
    const timer = setInterval(() => setDeviceNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [isAnchored, tickMs]);
  if (!anchor) return null;
  // A new answer (a refetch) moves the anchor; the tick's reading may predate it.
  return serverTimeAt(anchor, Math.max(deviceNow, anchor.receivedAt));
}
