import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { adminQuizContract } from '@candlewise/shared/courses/quiz-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** Admin → Courses → Quizzes (issue #42): quizzes and questions with their keys. */
export type AdminQuiz = DataOf<typeof adminQuizContract.listQuizzes>[number];
export type AdminQuizQuestion = AdminQuiz['questions'][number];
export type QuizFieldsInput = BodyOf<typeof adminQuizContract.createQuiz>;
export type QuizQuestionBody = BodyOf<typeof adminQuizContract.createQuestion>;

const enc = encodeURIComponent;
const adminQuizKey = (courseId: string) => [...courseKeys.all, 'admin-quizzes', courseId] as const;

export function useAdminQuizzes(courseId: string) {
  return useQuery({
    queryKey: adminQuizKey(courseId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<AdminQuiz[]>(`/admin/courses/${enc(courseId)}/quizzes`, { signal })).data,
  });
}

/** Every write refreshes all course queries (the learner's quiz list included). */
function useQuizWrite<I, O>(write: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}

export const useCreateQuiz = (courseId: string) =>
  useQuizWrite((fields: QuizFieldsInput) =>
    apiClient.post<AdminQuiz>(`/admin/courses/${enc(courseId)}/quizzes`, fields),
  );
export const useUpdateQuiz = () =>
  useQuizWrite(({ quizId, fields }: { quizId: string; fields: Partial<QuizFieldsInput> }) =>
    apiClient.patch<AdminQuiz>(`/admin/quizzes/${enc(quizId)}`, fields),
  );
export const useDeleteQuiz = () =>
  useQuizWrite((quizId: string) => apiClient.delete<null>(`/admin/quizzes/${enc(quizId)}`));
export const useCreateQuestion = () =>
  useQuizWrite(({ quizId, fields }: { quizId: string; fields: QuizQuestionBody }) =>
    apiClient.post<AdminQuizQuestion>(`/admin/quizzes/${enc(quizId)}/questions`, fields),
  );
export const useUpdateQuestion = () =>
  useQuizWrite(({ questionId, fields }: { questionId: string; fields: QuizQuestionBody }) =>
    apiClient.put<AdminQuizQuestion>(`/admin/quiz-questions/${enc(questionId)}`, fields),
  );
export const useDeleteQuestion = () =>
  useQuizWrite((questionId: string) => apiClient.delete<null>(`/admin/quiz-questions/${enc(questionId)}`));
