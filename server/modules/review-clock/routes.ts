import { reminderScheduleSchema, reviewClockSchema } from '@shared/review-clock-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { getReminderSchedule, getReviewClock } from './schedule';

/** The reminder schedule (issue 34), inside the admin scope. */
export const reviewClockAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  app.get(
    '/reminders/schedule',
    { config: { access: 'admin' }, schema: { response: { 200: reminderScheduleSchema } } },
    async () => getReminderSchedule(db),
  );
};

/** The review clock as reviewers see it (issue 34), inside the reviewer scope. */
export const reviewClockReviewerRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  app.get(
    '/review-clock',
    { config: { access: 'reviewer' }, schema: { response: { 200: reviewClockSchema } } },
    async () => getReviewClock(db),
  );
};
