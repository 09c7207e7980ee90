import type { CourseSummary } from '../api/get-courses';

/**
 * The course to put first on the learning hub: the first one under way (some lessons done, not
 * all), else the first open course not finished yet; null when every open course is done.
 * Catalogue order breaks ties: the API does not say which course was touched last.
 */
export function pickCourseToContinue(courses: CourseSummary[]): CourseSummary | null {
  const open = courses.filter((course) => !course.locked && course.videoCount > 0);
  return (
    open.find((course) => course.progress > 0 && course.progress < 100) ??
    open.find((course) => course.progress < 100) ??
    null
  );
}
