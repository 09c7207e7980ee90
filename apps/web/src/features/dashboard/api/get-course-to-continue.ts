import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The part of a GET /courses entry the dashboard shows (features do not share modules). */
export type CourseProgress = {
  _id: string;
  title: string;
  thumbnail: string;
  locked: boolean;
  videoCount: number;
  completedCount: number;
  progress: number;
  continueVideoId: number | null;
};

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

export async function getCourseProgress(signal?: AbortSignal): Promise<CourseProgress[]> {
  const response = await apiClient.get<CourseProgress[]>('/courses', { signal });
  return Array.isArray(response.data) ? response.data : [];
}

export function courseToContinueQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'course-to-continue'],
    queryFn: ({ signal }) => getCourseProgress(signal),
    select: chooseCourseToContinue,
  });
}

/** The dashboard's "Continue learning" card: which course, and how far along. */
export function useCourseToContinue() {
  return useQuery(courseToContinueQueryOptions());
}
