import {
  chaptersSchema,
  courseFieldsSchema,
  createCourseSchema,
  lessonFieldsSchema,
} from '@candlewise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createCourse,
  createLesson,
  deleteCourse,
  deleteLesson,
  reorderCourses,
  reorderLessons,
  replaceChapters,
  updateCourse,
  updateLesson,
} from '../../services/courses/course-admin.ts';

const courseParams = z.object({ courseId: z.string().min(1).max(64) });
const videoParams = z.object({ videoId: z.coerce.number().int().positive() });
const ok = z.object({ success: z.literal(true), message: z.string().optional(), data: z.any() });

export const adminCourseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);
  const db = () => app.database.db;
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.post(
    '/admin/courses',
    {
      schema: { tags, security, summary: 'Create a course', body: createCourseSchema, response: { 201: ok } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ success: true as const, data: await createCourse(db(), app.eventBus, request.body) }),
  );
  app.patch(
    '/admin/courses/:courseId',
    {
      schema: {
        tags,
        security,
        summary: 'Edit or publish a course',
        params: courseParams,
        body: courseFieldsSchema.partial(),
        response: { 200: ok },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateCourse(db(), app.eventBus, request.params.courseId, request.body),
    }),
  );
  app.delete(
    '/admin/courses/:courseId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a course and its lessons',
        params: courseParams,
        response: { 200: ok },
      },
    },
    async (request) => {
      await deleteCourse(db(), request.params.courseId);
      return { success: true as const, message: 'The course was deleted.', data: null };
    },
  );
  app.put(
    '/admin/courses/order',
    {
      schema: {
        tags,
        security,
        summary: 'Order the catalogue',
        body: z.object({ courseIds: z.array(z.string().min(1)).min(1) }),
        response: { 200: ok },
      },
    },
    async (request) => {
      await reorderCourses(db(), request.body.courseIds);
      return { success: true as const, data: null };
    },
  );
  app.post(
    '/admin/courses/:courseId/videos',
    {
      schema: {
        tags,
        security,
        summary: 'Add a lesson',
        params: courseParams,
        body: lessonFieldsSchema,
        response: { 201: ok },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        data: await createLesson(db(), request.params.courseId, request.body),
      }),
  );
  app.put(
    '/admin/courses/:courseId/videos/order',
    {
      schema: {
        tags,
        security,
        summary: 'Order the lessons of a course',
        params: courseParams,
        body: z.object({ videoIds: z.array(z.number().int().positive()).min(1) }),
        response: { 200: ok },
      },
    },
    async (request) => {
      await reorderLessons(db(), request.params.courseId, request.body.videoIds);
      return { success: true as const, data: null };
    },
  );
  app.patch(
    '/admin/videos/:videoId',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a lesson',
        params: videoParams,
        body: lessonFieldsSchema.partial(),
        response: { 200: ok },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateLesson(db(), request.params.videoId, request.body),
    }),
  );
  app.delete(
    '/admin/videos/:videoId',
    { schema: { tags, security, summary: 'Delete a lesson', params: videoParams, response: { 200: ok } } },
    async (request) => {
      await deleteLesson(db(), request.params.videoId);
      return { success: true as const, message: 'The lesson was deleted.', data: null };
    },
  );
  app.put(
    '/admin/videos/:videoId/chapters',
    {
      schema: {
        tags,
        security,
        summary: 'Replace the chapters of a lesson',
        params: videoParams,
        body: chaptersSchema,
        response: { 200: ok },
      },
    },
    async (request) => ({
      success: true as const,
      data: await replaceChapters(db(), request.params.videoId, request.body.chapters),
    }),
  );
};
