import type { DataOf } from '@candlewise/shared/api/contract';
import type { courseContract } from '@candlewise/shared/courses/course-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** One course with its lessons, chapters and the caller's completions (ADR 023: from the shared contract). */
export type CourseDetail = DataOf<typeof courseContract.getCourse>;
/** A lesson (the spec's §3 Video) with the caller's completion and saved playback position. */
export type Lesson = CourseDetail['videos'][number];
/** A chapter of a lesson (the spec's §3 Timestamp); times in seconds. */
export type LessonChapter = Lesson['timestamps'][number];

/** GET /courses/{courseId}: 404 for an unknown course, 403 for a Pro course without Pro. */
export async function getCourse(courseId: string, signal?: AbortSignal): Promise<CourseDetail> {
  const response = await apiClient.get<CourseDetail>(`/courses/${encodeURIComponent(courseId)}`, { signal });
  return response.data;
}

export function courseQueryOptions(courseId: string) {
  return queryOptions({
    queryKey: courseKeys.detail(courseId),
    queryFn: ({ signal }) => getCourse(courseId, signal),
  });
}

/** One course with its lessons, chapters and the caller's completions. */
export function useCourse(courseId: string) {
  return useQuery(courseQueryOptions(courseId));
}
