import { Readable } from 'node:stream';

/** A comment line this often keeps proxies and the idle timeouts from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;

/** One `meeting` event: the version alone, so that an event shows nothing of any item. */
const meetingEvent = (version: number) => `event: meeting\ndata: {"version":${version}}\n\n`;

/**
 * One open event stream of the meeting (text/event-stream): `meeting` events carrying the version
 * and a heartbeat comment. Fastify pipes it into the response (so the response's hooks run: headers,
 * and compression leaves a stream alone) and destroys it when the client goes away; `close` runs
 * on either end.
 */
export function openEventStream(onClose: () => void) {
  const stream = new Readable({ read() {} });
  let ended = false;
  let lastVersion: number | undefined;
  const push = (text: string) => {
    if (!ended && !stream.destroyed) stream.push(text);
  };
  const heartbeat = setInterval(() => push(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  stream.once('close', () => {
    ended = true;
    clearInterval(heartbeat);
    onClose();
  });
  return {
    stream,
    /** A version this stream has not announced yet. */
    announce(version: number) {
      if (version === lastVersion) return;
      lastVersion = version;
      push(meetingEvent(version));
    },
    /** The version read at connect: skipped when a newer one was announced meanwhile. */
    announceFirst(version: number) {
      if (lastVersion === undefined || version > lastVersion) this.announce(version);
    },
    end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      stream.push(null);
    },
  };
}

export type EventStream = ReturnType<typeof openEventStream>;
