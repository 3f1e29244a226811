import {
  adminMeetingSchema,
  moveMeetingSchema,
  putMeetingSchema,
} from '@shared/discussion-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { auditActorOf } from '../audit/record-audit';
import {
  endMeeting,
  moveMeeting,
  type ReadResults,
  readAdminMeeting,
  setAgenda,
  startMeeting,
} from './service';

/**
 * The meeting's agenda and "now" (issue 36 section 3), inside the admin scope. Each change
 * answers the meeting as it then stands; every open meeting page hears of it (meeting-events.ts).
 */
export const meetingAdminRoutes: FastifyPluginAsyncZod<{
  db: Database;
  readResults: ReadResults;
}> = async (app, { db, readResults }) => {
  const answer = { response: { 200: adminMeetingSchema } };

  app.get('/meeting', { config: { access: 'admin' }, schema: answer }, async () =>
    readAdminMeeting(db, readResults),
  );

  app.put(
    '/meeting',
    {
      config: { access: 'admin' },
      schema: {
        description:
          'Sets the agenda (reorders, adds, removes). "Now" stays on its opportunity while that is still on the agenda, else moves to the first item.',
        body: putMeetingSchema,
        ...answer,
      },
    },
    async (request) => {
      await setAgenda(db, request.body.agenda, auditActorOf(request));
      return readAdminMeeting(db, readResults);
    },
  );

  app.post(
    '/meeting/start',
    {
      config: { access: 'admin' },
      schema: {
        description:
          'Starts the meeting on the first agenda item; an empty agenda takes the suggested one (the Results discussion queue) first. 409 when both are empty.',
        ...answer,
      },
    },
    async (request) => {
      await startMeeting(db, readResults, auditActorOf(request));
      return readAdminMeeting(db, readResults);
    },
  );

  app.post(
    '/meeting/current',
    {
      config: { access: 'admin' },
      schema: {
        description:
          'Moves "now" to an agenda position (0-based). 409 while no meeting is in progress.',
        body: moveMeetingSchema,
        ...answer,
      },
    },
    async (request) => {
      await moveMeeting(db, request.body.index, auditActorOf(request));
      return readAdminMeeting(db, readResults);
    },
  );

  app.post(
    '/meeting/end',
    {
      config: { access: 'admin' },
      schema: { description: 'Ends the meeting; the agenda is kept.', ...answer },
    },
    async (request) => {
      await endMeeting(db, auditActorOf(request));
      return readAdminMeeting(db, readResults);
    },
  );
};
