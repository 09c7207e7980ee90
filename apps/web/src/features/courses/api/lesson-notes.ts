import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { lessonPlayerContract } from '@candlewise/shared/courses/lesson-player-contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

export type LessonNote = DataOf<typeof lessonPlayerContract.createLessonNote>;
export type LessonNoteMatch = DataOf<typeof lessonPlayerContract.searchCourseNotes>[number];
export type LessonNoteInput = BodyOf<typeof lessonPlayerContract.createLessonNote>;

const notesPath = (courseId: string, videoId: number) =>
  `/courses/${encodeURIComponent(courseId)}/videos/${videoId}/notes`;

/** GET …/notes: the learner's notes on a lesson, bookmarks by time first. */
export async function getLessonNotes(courseId: string, videoId: number, signal?: AbortSignal) {
  return (await apiClient.get<LessonNote[]>(notesPath(courseId, videoId), { signal })).data;
}

export function useLessonNotes(courseId: string, videoId: number) {
  return useQuery({
    queryKey: courseKeys.notes(courseId, videoId),
    queryFn: ({ signal }) => getLessonNotes(courseId, videoId, signal),
  });
}

/** GET /courses/{courseId}/notes?q=: the learner's notes in the course containing q, any case. */
export async function searchCourseNotes(courseId: string, q: string, signal?: AbortSignal) {
  return (
    await apiClient.get<LessonNoteMatch[]>(`/courses/${encodeURIComponent(courseId)}/notes`, {
      query: { q },
      signal,
    })
  ).data;
}

export function useCourseNoteSearch(courseId: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: courseKeys.noteSearch(courseId, q),
    queryFn: ({ signal }) => searchCourseNotes(courseId, q, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Adding, editing and deleting notes; each refreshes the lesson's notes and the course searches. */
export function useLessonNoteMutations(courseId: string, videoId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKeys.courseNotes(courseId) });
  const create = useMutation({
    mutationFn: async (input: LessonNoteInput) =>
      (await apiClient.post<LessonNote>(notesPath(courseId, videoId), input)).data,
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: async ({ id, ...changes }: Partial<LessonNoteInput> & { id: string }) =>
      (
        await apiClient.patch<LessonNote>(
          `${notesPath(courseId, videoId)}/${encodeURIComponent(id)}`,
          changes,
        )
      ).data,
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async (id: string) =>
      (await apiClient.delete<{ id: string }>(`${notesPath(courseId, videoId)}/${encodeURIComponent(id)}`))
        .data,
    onSuccess: refresh,
  });
  return { create, update, remove };
}
