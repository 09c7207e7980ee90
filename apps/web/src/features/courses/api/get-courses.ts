import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** One course of GET /courses, with the caller's progress (docs/product-contract.md §9 formula, computed by the API). */
export type CourseSummary = {
  _id: string;
  title: string;
  description: string;
  thumbnail: string;
  isPro: boolean;
  /** Always true for learners; admins also see drafts. */
  published: boolean;
  /** A Pro course and the caller has no Pro: shown, but it does not open. */
  locked: boolean;
  videoCount: number;
  /** Seconds, all lessons together. */
  totalDuration: number;
  completedCount: number;
  progress: number;
  /** The first unfinished lesson (the first lesson once all are done); null without lessons. */
  continueVideoId: number | null;
};

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
