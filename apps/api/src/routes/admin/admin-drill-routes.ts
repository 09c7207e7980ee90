import { adminDrillContract } from '@candlewise/shared/courses/drill-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createDrill,
  deleteDrill,
  listAdminDrills,
  previewDrillDay,
  updateDrill,
} from '../../services/courses/drill-admin.ts';
import type { PracticeDeps } from '../../services/practice/practice-work.ts';

const c = adminDrillContract;

/** Admin → Courses: trade drills (issue #42). */
export const adminDrillRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];
  const deps = (): PracticeDeps => ({ db: app.database.db, cache: app.readCache });

  app.get(
    '/admin/courses/:courseId/drills',
    {
      schema: {
        tags,
        security,
        summary: 'A course’s trade drills',
        params: c.listDrills.params,
        response: { 200: c.listDrills.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listAdminDrills(app.database.db, request.params.courseId),
    }),
  );

  app.post(
    '/admin/courses/:courseId/drills',
    {
      schema: {
        tags,
        security,
        summary: 'Create a trade drill after a lesson (400 naming the days with bars)',
        params: c.createDrill.params,
        body: c.createDrill.body,
        response: { 201: c.createDrill.response },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        data: await createDrill(deps(), request.params.courseId, request.body),
      }),
  );

  app.put(
    '/admin/drills/:drillId',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a trade drill',
        params: c.updateDrill.params,
        body: c.updateDrill.body,
        response: { 200: c.updateDrill.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateDrill(deps(), request.params.drillId, request.body),
    }),
  );

  app.delete(
    '/admin/drills/:drillId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a trade drill and its attempts',
        params: c.deleteDrill.params,
        response: { 200: c.deleteDrill.response },
      },
    },
    async (request) => {
      await deleteDrill(app.database.db, request.params.drillId);
      return { success: true as const, data: null };
    },
  );

  app.get(
    '/admin/drills/preview',
    {
      schema: {
        tags,
        security,
        summary: 'The day’s candles up to a drill’s start minute',
        querystring: c.previewDay.query,
        response: { 200: c.previewDay.response },
      },
    },
    async (request) => ({ success: true as const, data: await previewDrillDay(deps(), request.query) }),
  );
};
