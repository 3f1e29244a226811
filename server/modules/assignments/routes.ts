import {
  addAssignmentsResultSchema,
  addAssignmentsSchema,
  assignmentBoardQuerySchema,
  assignmentBoardSchema,
  autoAssignPlanSchema,
  autoAssignSchema,
  importAssignmentsResultSchema,
  importAssignmentsSchema,
  removeAssignmentsResultSchema,
  removeAssignmentsSchema,
} from '@shared/review-cycle-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { auditActorOf } from '../audit/record-audit';
import { getReviewAssignmentMode } from '../settings/queries';
import { autoAssign } from './auto-assign-service';
import { readAssignmentBoard } from './board-queries';
import { importAssignments } from './import-service';
import { addAssignments, removeAssignments } from './service';

const MIB = 1024 * 1024;

/**
 * Assignments for admins (issue 18), inside the admin scope: the board, add and remove, auto-assign
 * (preview and apply) and the CSV import. A call may name up to 20,000 pairs, or carry a CSV file
 * of up to 2,000,000 characters, so these bodies may exceed the app's 1 MiB.
 */
export const assignmentRoutes: FastifyPluginAsyncZod<{ db: Database; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  const contextOf = (request: Parameters<typeof auditActorOf>[0]) => ({
    actor: auditActorOf(request),
    publicUrl,
  });

  app.get(
    '/assignments',
    {
      config: { access: 'admin' },
      schema: { querystring: assignmentBoardQuerySchema, response: { 200: assignmentBoardSchema } },
    },
    async (request) => ({
      mode: await getReviewAssignmentMode(db),
      ...(await readAssignmentBoard(db, request.query)),
    }),
  );

  app.post(
    '/assignments',
    {
      config: { access: 'admin' },
      bodyLimit: 3 * MIB,
      schema: { body: addAssignmentsSchema, response: { 200: addAssignmentsResultSchema } },
    },
    async (request) => addAssignments(db, request.body.pairs, contextOf(request)),
  );

  app.post(
    '/assignments/remove',
    {
      config: { access: 'admin' },
      bodyLimit: 3 * MIB,
      schema: { body: removeAssignmentsSchema, response: { 200: removeAssignmentsResultSchema } },
    },
    async (request) => removeAssignments(db, request.body, auditActorOf(request)),
  );

  app.post(
    '/assignments/auto',
    {
      config: { access: 'admin' },
      schema: { body: autoAssignSchema, response: { 200: autoAssignPlanSchema } },
    },
    async (request) => autoAssign(db, request.body, contextOf(request)),
  );

  app.post(
    '/assignments/import',
    {
      config: { access: 'admin' },
      bodyLimit: 4 * MIB,
      schema: { body: importAssignmentsSchema, response: { 200: importAssignmentsResultSchema } },
    },
    async (request) => importAssignments(db, request.body.csv, contextOf(request)),
  );
};
