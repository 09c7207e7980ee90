import { lessonPlayerContract } from '@candlewise/shared/courses/lesson-player-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getLearningPreferences,
  saveLearningPreferences,
} from '../../services/courses/learning-preferences.ts';
import {
  createLessonNote,
  deleteLessonNote,
  listLessonNotes,
  searchCourseNotes,
  updateLessonNote,
} from '../../services/courses/lesson-notes.ts';

const c = lessonPlayerContract;
const security = [{ bearerAuth: [] }];

/** The lesson player (issue #42): the learner's playback speed, and private notes and bookmarks. */
export const lessonPlayerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Private data: every request checks the session afresh (no cached identity, no cached reads).
  app.addHook('onRequest', app.authenticate);
  const db = () => app.database.db;

  app.get(
    '/users/me/learning-preferences',
    {
      schema: {
        tags: ['courses'],
        summary: 'The caller’s lesson-player preferences (playback speed; 1 until changed)',
        security,
        response: { 200: c.getLearningPreferences.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getLearningPreferences(db(), request.currentUser.id),
    }),
  );

  app.put(
    '/users/me/learning-preferences',
    {
      schema: {
        tags: ['courses'],
        summary: 'Remember the caller’s playback speed (0.5, 0.75, 1, 1.25, 1.5, 1.75 or 2) on every device',
        security,
        body: c.saveLearningPreferences.body,
        response: { 200: c.saveLearningPreferences.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await saveLearningPreferences(db(), request.currentUser.id, request.body),
    }),
  );

  app.get(
    '/courses/:courseId/videos/:videoId/notes',
    {
      schema: {
        tags: ['courses'],
        summary: 'The caller’s private notes and bookmarks on a lesson',
        security,
        params: c.listLessonNotes.params,
        response: { 200: c.listLessonNotes.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listLessonNotes(db(), request.currentUser, request.params.courseId, request.params.videoId),
    }),
  );

  app.post(
    '/courses/:courseId/videos/:videoId/notes',
    {
      schema: {
        tags: ['courses'],
        summary:
          'Add a note (Markdown, at most 5,000 characters) or, with atSeconds, a bookmark; 200 per lesson',
        security,
        params: c.createLessonNote.params,
        body: c.createLessonNote.body,
        response: { 201: c.createLessonNote.response },
      },
    },
    async (request, reply) => {
      const note = await createLessonNote(
        db(),
        request.currentUser,
        request.params.courseId,
        request.params.videoId,
        request.body,
      );
      return reply.code(201).send({ success: true as const, data: note });
    },
  );

  app.patch(
    '/courses/:courseId/videos/:videoId/notes/:noteId',
    {
      schema: {
        tags: ['courses'],
        summary: 'Edit one of the caller’s notes (another learner’s note is 404)',
        security,
        params: c.updateLessonNote.params,
        body: c.updateLessonNote.body,
        response: { 200: c.updateLessonNote.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateLessonNote(
        db(),
        request.currentUser,
        request.params.courseId,
        request.params.videoId,
        request.params.noteId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/courses/:courseId/videos/:videoId/notes/:noteId',
    {
      schema: {
        tags: ['courses'],
        summary: 'Delete one of the caller’s notes (another learner’s note is 404)',
        security,
        params: c.deleteLessonNote.params,
        response: { 200: c.deleteLessonNote.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deleteLessonNote(
        db(),
        request.currentUser,
        request.params.courseId,
        request.params.videoId,
        request.params.noteId,
      ),
    }),
  );

  app.get(
    '/courses/:courseId/notes',
    {
      schema: {
        tags: ['courses'],
        summary: 'Search the caller’s notes in a course (any case), each with its lesson’s title and time',
        security,
        params: c.searchCourseNotes.params,
        querystring: c.searchCourseNotes.query,
        response: { 200: c.searchCourseNotes.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await searchCourseNotes(db(), request.currentUser, request.params.courseId, request.query.q),
    }),
  );
};
