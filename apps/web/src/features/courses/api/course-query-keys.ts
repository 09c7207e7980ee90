/**
 * Every course query starts with 'courses', so one invalidation refreshes the catalogue, the
 * open course and the admin panel together after an admin edit.
 */
export const courseKeys = {
  all: ['courses'] as const,
  catalogue: () => [...courseKeys.all, 'catalogue'] as const,
  detail: (courseId: string) => [...courseKeys.all, 'detail', courseId] as const,
  outline: (courseId: string) => [...courseKeys.all, 'outline', courseId] as const,
  /** The learner's private notes on one lesson, and their searches across a course. */
  notes: (courseId: string, videoId: number) => [...courseKeys.all, 'notes', courseId, videoId] as const,
  noteSearch: (courseId: string, q: string) => [...courseKeys.all, 'notes', courseId, 'search', q] as const,
  courseNotes: (courseId: string) => [...courseKeys.all, 'notes', courseId] as const,
  /** The learner's playback preferences (not per course, but cleared with the courses). */
  learningPreferences: () => [...courseKeys.all, 'learning-preferences'] as const,
};
