import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { COURSE_PROGRESS_PATH, type CourseProgress, chooseCourseToContinue } from './first-reads';

export async function getCourseProgress(signal?: AbortSignal): Promise<CourseProgress[]> {
  const response = await apiClient.get<CourseProgress[]>(COURSE_PROGRESS_PATH, { signal });
  return Array.isArray(response.data) ? response.data : [];
}

/**
 * An answer this young is not asked for again when the card mounts: the app's first render over
 * /home's first view takes the answer fetched for it a moment before (awaitFirstViewReads in
 * app/signed-in-pages.ts) rather than asking twice. Any older one is asked again on each visit to
 * /home (progress moves while the learner watches).
 */
export const JUST_ANSWERED_MS = 2_000;

export function courseToContinueQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'course-to-continue'],
    staleTime: JUST_ANSWERED_MS,
    queryFn: ({ signal }) => getCourseProgress(signal),
    select: chooseCourseToContinue,
  });
}

/** The dashboard's "Continue learning" card: which course, and how far along. */
export function useCourseToContinue() {
  return useQuery(courseToContinueQueryOptions());
}
