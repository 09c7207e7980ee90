import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { quizContract } from '@candlewise/shared/courses/quiz-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { courseKeys } from './course-query-keys';

/** Quizzes, attempts and the review queue (issue #42), typed from the shared contract. */
export type CourseQuizSummary = DataOf<typeof quizContract.listCourseQuizzes>[number];
export type CourseQuizDetail = DataOf<typeof quizContract.getCourseQuiz>;
export type QuizAttempt = DataOf<typeof quizContract.startQuizAttempt>;
export type QuizQuestion = QuizAttempt['questions'][number];
export type QuizAnswerResult = DataOf<typeof quizContract.answerQuizQuestion>;
export type QuizAnswerInput = BodyOf<typeof quizContract.answerQuizQuestion>;
export type DueReviews = DataOf<typeof quizContract.listDueReviews>;
export type ReviewQuestion = DataOf<typeof quizContract.getReviewQuestion>;
export type ReviewAnswerResult = DataOf<typeof quizContract.answerReview>;

export const quizKeys = {
  course: (courseId: string) => [...courseKeys.all, 'quizzes', courseId] as const,
  quiz: (courseId: string, quizId: string) => [...courseKeys.all, 'quizzes', courseId, quizId] as const,
  attempt: (attemptId: string) => [...courseKeys.all, 'quiz-attempt', attemptId] as const,
  dueReviews: ['reviews', 'due'] as const,
  reviewQuestion: (reviewId: string) => ['reviews', 'question', reviewId] as const,
};

const enc = encodeURIComponent;

/** GET /courses/{id}/quizzes: the course's quizzes in lesson order with the caller's best scores. */
export function useCourseQuizzes(courseId: string) {
  return useQuery({
    queryKey: quizKeys.course(courseId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<CourseQuizSummary[]>(`/courses/${enc(courseId)}/quizzes`, { signal })).data,
  });
}

/** GET /courses/{id}/quizzes/{quizId}: one quiz with the caller's past attempts. */
export function useCourseQuiz(courseId: string, quizId: string) {
  return useQuery({
    queryKey: quizKeys.quiz(courseId, quizId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<CourseQuizDetail>(`/courses/${enc(courseId)}/quizzes/${enc(quizId)}`, { signal }))
        .data,
  });
}

/** GET /quiz-attempts/{id}: an attempt, its answered questions with their results. */
export function useQuizAttempt(attemptId: string | null) {
  return useQuery({
    queryKey: quizKeys.attempt(attemptId ?? ''),
    enabled: attemptId !== null,
    // The attempt changes only through this page's own answers, which write the cache themselves.
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      (await apiClient.get<QuizAttempt>(`/quiz-attempts/${enc(attemptId ?? '')}`, { signal })).data,
  });
}

/** POST …/attempts: a new attempt with shuffled questions (no key). */
export function useStartQuizAttempt(courseId: string, quizId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiClient.post<QuizAttempt>(`/courses/${enc(courseId)}/quizzes/${enc(quizId)}/attempts`)).data,
    onSuccess: (attempt) => {
      queryClient.setQueryData(quizKeys.attempt(attempt.id), attempt);
      void queryClient.invalidateQueries({ queryKey: quizKeys.quiz(courseId, quizId) });
    },
  });
}

/** POST /quiz-attempts/{id}/answers: right or not, the explanation and the key. */
export function useAnswerQuizQuestion(attemptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: QuizAnswerInput) =>
      (await apiClient.post<QuizAnswerResult>(`/quiz-attempts/${enc(attemptId)}/answers`, input)).data,
    onSuccess: (result) => {
      queryClient.setQueryData<QuizAttempt>(quizKeys.attempt(attemptId), (attempt) =>
        attempt
          ? {
              ...attempt,
              questions: attempt.questions.map((question) =>
                question.id === result.questionId ? { ...question, answer: result } : question,
              ),
            }
          : attempt,
      );
      void queryClient.invalidateQueries({ queryKey: quizKeys.dueReviews });
    },
  });
}

/** POST /quiz-attempts/{id}/finish: the score and pass/fail. */
export function useFinishQuizAttempt(courseId: string, quizId: string, attemptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiClient.post<QuizAttempt>(`/quiz-attempts/${enc(attemptId)}/finish`)).data,
    onSuccess: (attempt) => {
      queryClient.setQueryData(quizKeys.attempt(attempt.id), attempt);
      void queryClient.invalidateQueries({ queryKey: quizKeys.course(courseId) });
      void queryClient.invalidateQueries({ queryKey: quizKeys.quiz(courseId, quizId) });
    },
  });
}

/** GET /reviews/due: what is due for review now. */
export function useDueReviews() {
  return useQuery({
    queryKey: quizKeys.dueReviews,
    queryFn: async ({ signal }) => (await apiClient.get<DueReviews>('/reviews/due', { signal })).data,
  });
}

/** GET /reviews/{id}/question: a queued question, no key. */
export function useReviewQuestion(reviewId: string) {
  return useQuery({
    queryKey: quizKeys.reviewQuestion(reviewId),
    // A fresh shuffle each opening is fine; keep it while the dialog is open.
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) =>
      (await apiClient.get<ReviewQuestion>(`/reviews/${enc(reviewId)}/question`, { signal })).data,
  });
}

/** POST /reviews/{id}/answer: right moves it on, wrong restarts it. */
export function useAnswerReview(reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: BodyOf<typeof quizContract.answerReview>) =>
      (await apiClient.post<ReviewAnswerResult>(`/reviews/${enc(reviewId)}/answer`, input)).data,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: quizKeys.dueReviews }),
  });
}
