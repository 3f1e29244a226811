import { meetingViewSchema } from '@shared/discussion-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { sendAsIs } from '../../http/json-body';
import { type EventStream, HEARTBEAT_MS, openEventStream } from './event-stream';
import type { MeetingEvents } from './meeting-events';
import { readMeetingVersion } from './queries';
import { type ReadResults, readMeetingView } from './service';

export const MEETING_EVENTS_PATH = '/api/meeting/events';

const EVENT_STREAM_TYPE = 'text/event-stream';

const EVENT_STREAM_HEADERS = {
  'cache-control': 'no-cache',
  // nginx passes each event on at once rather than filling its buffer first.
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
};

/**
 * The meeting view for every signed-in person (issue 36 section 3): `GET /api/meeting` answers
 * "now" and "next" as the caller may see them, and `GET /api/meeting/events` tells an open page
 * when to ask again (server-sent events: the version on connect and after every change, from
 * this instance's listener).
 */
export const meetingRoutes: FastifyPluginAsyncZod<{
  db: Database;
  readResults: ReadResults;
  events: MeetingEvents;
}> = async (app, { db, readResults, events }) => {
  const open = new Set<EventStream>();
  let closing = false;
  // Before the server stops accepting and waits for its connections: an open stream would keep
  // one busy for ever, so each ends now (a page reconnects to another instance).
  app.addHook('preClose', async () => {
    closing = true;
    for (const stream of open) stream.end();
  });

  app.get(
    '/api/meeting',
    {
      config: { access: 'signed-in' },
      schema: {
        description:
          'The meeting as the caller may see it: "now" and "next", each the item, or only a message when the caller has a conflict with it or it is outside their scope.',
        response: { 200: meetingViewSchema },
      },
    },
    async (request) => readMeetingView(db, await app.requireUser(request), readResults),
  );

  app.get(
    MEETING_EVENTS_PATH,
    {
      config: { access: 'signed-in' },
      schema: {
        description: `Server-sent events: \`event: meeting\` with \`data: {"version": N}\` on connect and after every change of the meeting, and a \`: ping\` comment every ${HEARTBEAT_MS / 1000} s. An event carries only the version: on each one, ask \`GET /api/meeting\` again.`,
        produces: [EVENT_STREAM_TYPE],
        response: {
          200: {
            description:
              'The event stream; it stays open until the client or the server closes it.',
            content: { [EVENT_STREAM_TYPE]: { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const streamReply = () =>
        reply.code(200).type(EVENT_STREAM_TYPE).headers(EVENT_STREAM_HEADERS);
      if (request.method === 'HEAD') return sendAsIs(streamReply(), '');
      const stream = openEventStream(() => {
        open.delete(stream);
        unsubscribe();
      });
      // Subscribed before the version is read: a change committed in between is announced.
      const unsubscribe = events.subscribe((version) => stream.announce(version));
      try {
        stream.announceFirst(await readMeetingVersion(db));
      } catch (error) {
        // Answered as any failed read (a 503 while the database is away), in JSON.
        stream.stream.destroy();
        throw error;
      }
      open.add(stream);
      if (closing) stream.end();
      return sendAsIs(streamReply(), stream.stream);
    },
  );
};
