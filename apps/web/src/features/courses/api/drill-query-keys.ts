import { courseKeys } from './course-query-keys';

/** Trade drills (issue #42): under 'courses', so an admin edit refreshes the course page too. */
export const drillKeys = {
  all: [...courseKeys.all, 'drills'] as const,
  course: (courseId: string) => [...drillKeys.all, 'course', courseId] as const,
  detail: (drillId: string) => [...drillKeys.all, 'detail', drillId] as const,
  session: (sessionId: string) => [...drillKeys.all, 'session', sessionId] as const,
  admin: (courseId: string) => [...drillKeys.all, 'admin', courseId] as const,
  preview: (symbol: string, day: string, startAt: string) =>
    [...drillKeys.all, 'preview', symbol, day, startAt] as const,
};
