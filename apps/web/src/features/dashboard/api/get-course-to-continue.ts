import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { COURSE_PROGRESS_PATH, type CourseProgress, chooseCourseToContinue } from './first-reads';

export async function getCourseProgress(signal?: AbortSignal): Promise<CourseProgress[]> {
  const response = await apiClient.get<CourseProgress[]>(COURSE_PROGRESS_PATH, { signal });
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
