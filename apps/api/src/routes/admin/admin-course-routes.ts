import { adminCourseContract } from '@candlewise/shared/courses/course-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

const c = adminCourseContract;

/** A stored course as JSON sends it (dates in ISO 8601). */
const courseView = (row: Awaited<ReturnType<typeof createCourse>>) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
/** A stored lesson as JSON sends it (dates in ISO 8601). */
const lessonView = (row: Awaited<ReturnType<typeof createLesson>>) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export const adminCourseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);
  const db = () => app.database.db;
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.post(
    '/admin/courses',
    {
      schema: {
        tags,
        security,
        summary: 'Create a course',
        body: c.createCourse.body,
        response: { 201: c.createCourse.response },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        data: courseView(await createCourse(db(), app.eventBus, request.body)),
      }),
  );
  app.patch(
    '/admin/courses/:courseId',
    {
      schema: {
        tags,
        security,
        summary: 'Edit or publish a course',
        params: c.updateCourse.params,
        body: c.updateCourse.body,
        response: { 200: c.updateCourse.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: courseView(await updateCourse(db(), app.eventBus, request.params.courseId, request.body)),
    }),
  );
  app.delete(
    '/admin/courses/:courseId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a course and its lessons',
        params: c.deleteCourse.params,
        response: { 200: c.deleteCourse.response },
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
        body: c.reorderCourses.body,
        response: { 200: c.reorderCourses.response },
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
        params: c.createLesson.params,
        body: c.createLesson.body,
        response: { 201: c.createLesson.response },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        data: lessonView(await createLesson(db(), request.params.courseId, request.body)),
      }),
  );
  app.put(
    '/admin/courses/:courseId/videos/order',
    {
      schema: {
        tags,
        security,
        summary: 'Order the lessons of a course',
        params: c.reorderLessons.params,
        body: c.reorderLessons.body,
        response: { 200: c.reorderLessons.response },
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
        params: c.updateLesson.params,
        body: c.updateLesson.body,
        response: { 200: c.updateLesson.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: lessonView(await updateLesson(db(), request.params.videoId, request.body)),
    }),
  );
  app.delete(
    '/admin/videos/:videoId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a lesson',
        params: c.deleteLesson.params,
        response: { 200: c.deleteLesson.response },
      },
    },
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
        params: c.replaceChapters.params,
        body: c.replaceChapters.body,
        response: { 200: c.replaceChapters.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await replaceChapters(db(), request.params.videoId, request.body.chapters),
    }),
  );
};
