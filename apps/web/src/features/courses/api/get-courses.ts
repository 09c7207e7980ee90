import type { DataOf } from '@candlewise/shared/api/contract';
import type { courseContract } from '@candlewise/shared/courses/course-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** One course of GET /courses, with the caller's progress (ADR 023: inferred from the shared contract). */
export type CourseSummary = DataOf<typeof courseContract.listCourses>[number];

export async function getCourses(signal?: AbortSignal): Promise<CourseSummary[]> {
  const response = await apiClient.get<CourseSummary[]>('/courses', { signal });
  return Array.isArray(response.data) ? response.data : [];
}

export function coursesQueryOptions() {
  return queryOptions({
    queryKey: courseKeys.catalogue(),
    queryFn: ({ signal }) => getCourses(signal),
  });
}

/** The catalogue in the admins' order, with progress. */
export function useCourses() {
  return useQuery(coursesQueryOptions());
}
