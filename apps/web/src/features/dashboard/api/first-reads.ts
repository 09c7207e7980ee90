import type { DataOf } from '@candlewise/shared/api/contract';
import type { courseContract } from '@candlewise/shared/courses/course-contract';

/**
 * What /home reads first, with no library attached: the query modules build on it, and a signed-in
 * first load (app/signed-in-pages.ts) starts these reads, and the picture, while the page's code loads.
 */

/** GET /courses, the courses with the learner's progress. */
export const COURSE_PROGRESS_PATH = '/courses';
/** GET /journal/summary, the journal card's figures. */
export const JOURNAL_SUMMARY_PATH = '/journal/summary';

/** The part of a GET /courses entry the dashboard shows (features do not share modules; ADR 023). */
export type CourseProgress = Pick<
  DataOf<typeof courseContract.listCourses>[number],
  '_id' | 'title' | 'thumbnail' | 'locked' | 'videoCount' | 'completedCount' | 'progress' | 'continueVideoId'
>;

export type ContinueLearning =
  | { kind: 'continue'; course: CourseProgress }
  | { kind: 'all-done' }
  | { kind: 'no-courses' };

/**
 * The same choice as the learning hub: the first course under way, else the first open course not
 * finished yet (the API does not say which course was touched last, so catalogue order decides).
 */
export function chooseCourseToContinue(courses: CourseProgress[]): ContinueLearning {
  const open = courses.filter((course) => !course.locked && course.videoCount > 0);
  if (open.length === 0) return { kind: 'no-courses' };
  const course =
    open.find((item) => item.progress > 0 && item.progress < 100) ?? open.find((item) => item.progress < 100);
  return course ? { kind: 'continue', course } : { kind: 'all-done' };
}
