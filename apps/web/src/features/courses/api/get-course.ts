import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** A chapter of a lesson (docs/product-contract.md §3 Timestamp); times in seconds. */
export type LessonChapter = { id: number; videoId: number; name: string; startTime: number; endTime: number };

/** A lesson (docs/product-contract.md §3 Video) with the caller's completion and saved playback position. */
export type Lesson = {
  id: number;
  title: string;
  description: string;
  courseId: string;
  thumbnail: string;
  /** Seconds. */
  duration: number;
  videoUrl: string;
  position: number;
  timestamps: LessonChapter[];
  completed: boolean;
  positionSeconds: number;
};

export type CourseDetail = {
  course: {
    _id: string;
    title: string;
    description: string;
    thumbnail: string;
    isPro: boolean;
    published: boolean;
  };
  videos: Lesson[];
  completedVideoIds: number[];
  progress: number;
};

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
