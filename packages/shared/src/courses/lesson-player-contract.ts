import { apiData, defineContract } from '../api/contract.ts';
import { z } from '../api/zod-messages.ts';
import {
  NOTE_EMPTY_SENTENCE,
  NOTE_MAX_CHARACTERS,
  NOTE_TOO_LONG_SENTENCE,
  PLAYBACK_RATE_SENTENCE,
  PLAYBACK_RATES,
} from './lesson-player-rules.ts';

/** The lesson player (issue #42): the learner's playback speed, and private notes and bookmarks per lesson. */
const courseParams = z.object({ courseId: z.string().min(1).max(64) });
const lessonParams = courseParams.extend({
  videoId: z.coerce.number({ message: 'The lesson id is a number.' }).int().positive(),
});
const noteParams = lessonParams.extend({ noteId: z.string().min(1).max(64) });

export const learningPreferencesSchema = z.object({
  playbackRate: z.number().refine((value) => (PLAYBACK_RATES as readonly number[]).includes(value), {
    message: PLAYBACK_RATE_SENTENCE,
  }),
});

const noteBodySchema = z
  .string({ message: NOTE_EMPTY_SENTENCE })
  .max(NOTE_MAX_CHARACTERS, NOTE_TOO_LONG_SENTENCE)
  .refine((value) => value.trim().length > 0, NOTE_EMPTY_SENTENCE);
const atSecondsSchema = z
  .number({ message: 'Give the bookmark’s time in seconds, or null for a note without one.' })
  .int('Give the bookmark’s time in whole seconds.')
  .min(0, 'A bookmark’s time cannot be negative.')
  .max(24 * 3600, 'A bookmark’s time cannot be more than 24 hours.')
  .nullable();

export const lessonNoteInputSchema = z.object({
  body: noteBodySchema,
  /** The bookmarked second; null or absent for a note without a time. */
  atSeconds: atSecondsSchema.optional(),
});

/** A learner's note on a lesson; with atSeconds it is a bookmark. Dates ISO 8601. */
export const lessonNoteSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  videoId: z.number(),
  atSeconds: z.number().nullable(),
  /** Markdown, rendered without raw HTML. */
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A match of a course's note search: the note with the title of its lesson. */
export const lessonNoteMatchSchema = lessonNoteSchema.extend({ lessonTitle: z.string() });

export const lessonPlayerContract = defineContract({
  getLearningPreferences: {
    method: 'GET',
    path: '/users/me/learning-preferences',
    response: apiData(learningPreferencesSchema),
  },
  saveLearningPreferences: {
    method: 'PUT',
    path: '/users/me/learning-preferences',
    body: learningPreferencesSchema,
    response: apiData(learningPreferencesSchema),
  },
  listLessonNotes: {
    method: 'GET',
    path: '/courses/:courseId/videos/:videoId/notes',
    params: lessonParams,
    /** Bookmarks by time first, then notes without a time, newest first. */
    response: apiData(z.array(lessonNoteSchema)),
  },
  createLessonNote: {
    method: 'POST',
    path: '/courses/:courseId/videos/:videoId/notes',
    params: lessonParams,
    body: lessonNoteInputSchema,
    status: 201,
    response: apiData(lessonNoteSchema),
  },
  updateLessonNote: {
    method: 'PATCH',
    path: '/courses/:courseId/videos/:videoId/notes/:noteId',
    params: noteParams,
    body: lessonNoteInputSchema.partial(),
    response: apiData(lessonNoteSchema),
  },
  deleteLessonNote: {
    method: 'DELETE',
    path: '/courses/:courseId/videos/:videoId/notes/:noteId',
    params: noteParams,
    response: apiData(z.object({ id: z.string() })),
  },
  searchCourseNotes: {
    method: 'GET',
    path: '/courses/:courseId/notes',
    params: courseParams,
    query: z.object({ q: z.string().trim().max(200, 'Search for at most 200 characters.').default('') }),
    /** The caller's notes in the course containing q (any case), in lesson order then time; all without q. */
    response: apiData(z.array(lessonNoteMatchSchema)),
  },
});
