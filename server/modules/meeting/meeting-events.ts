import { MEETING_CHANNEL } from '@shared/discussion';
import pg from 'pg';

const RECONNECT_MS = 1000;

export type MeetingEvents = {
  /**
   * Calls `onVersion` with the meeting's version after every change, from whichever instance,
   * until the returned function is called. The first subscriber starts the listener.
   */
  subscribe: (onVersion: (version: number) => void) => () => void;
  /** Subscribers now (open event streams of this instance). */
  readonly subscriberCount: number;
  /** True while the LISTEN is in place. */
  readonly isListening: boolean;
  stop: () => Promise<void>;
};

/**
 * The meeting's changes as they happen, for this instance's open meeting pages (issue 36). Every
 * change commits `pg_notify('assay_meeting', version)` in its transaction (queries.ts
 * writeMeeting), so one dedicated connection per instance LISTENs and hands each version to the
 * subscribers: an admin moving the agenda on one instance reaches the pages on every instance at
 * commit.
 *
 * The connection is opened at the first subscriber (an instance nobody watches holds none) with
 * the pool's options, and kept until stop(). When it is lost it is made again after a second, and
 * a NOTIFY sent meanwhile went to nobody: so after every LISTEN (the first one too, which may
 * come after a subscriber read the version) the version is read and handed on, and nothing
 * committed while not listening is missed. A subscriber may so get a version twice; the event
 * carries nothing but the version, and the page refetches what it may see.
 */
export function createMeetingEvents(options: {
  connection: pg.ClientConfig;
  /** The version as stored now (queries.ts readMeetingVersion, through the pool). */
  readVersion: () => Promise<number>;
  log: { warn: (object: object, message: string) => void };
}): MeetingEvents {
  const { connection, readVersion, log } = options;
  const subscribers = new Set<(version: number) => void>();
  let started = false;
  let stopped = false;
  let listening = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;

  const emit = (version: number) => {
    for (const subscriber of [...subscribers]) subscriber(version);
  };

  const connect = async () => {
    // pg.Pool keeps `password` non-enumerable in its options: copy it by name.
    const next = new pg.Client({ ...connection, password: connection.password, keepAlive: true });
    client = next;
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      listening = false;
      next.end().catch(() => {});
      if (stopped) return;
      log.warn({ err: error }, 'meeting events: lost the LISTEN connection; reconnecting');
      timer = setTimeout(() => void connect(), RECONNECT_MS);
      timer.unref();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.channel !== MEETING_CHANNEL) return;
      const version = Number(message.payload);
      if (Number.isSafeInteger(version)) emit(version);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${MEETING_CHANNEL}`);
      if (stopped || lost) return;
      listening = true;
      emit(await readVersion());
    } catch (error) {
      onLost(error);
    }
  };

  return {
    subscribe(onVersion) {
      subscribers.add(onVersion);
      if (!started && !stopped) {
        started = true;
        void connect();
      }
      return () => {
        subscribers.delete(onVersion);
      };
    },
    get subscriberCount() {
      return subscribers.size;
    },
    get isListening() {
      return listening;
    },
    async stop() {
      stopped = true;
      listening = false;
      if (timer) clearTimeout(timer);
      subscribers.clear();
      await client?.end().catch(() => {});
    },
  };
}
