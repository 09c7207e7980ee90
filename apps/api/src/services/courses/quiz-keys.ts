import type { quizQuestions } from '@candlewise/db';
import type { QuizKey, QuizResponse } from '@candlewise/shared';
import { AppError } from '../../lib/app-error.ts';

type QuestionRow = typeof quizQuestions.$inferSelect;

/** The key of a stored question (never sent to a learner before they answer). */
export function keyOf(question: QuestionRow): QuizKey {
  if (question.kind === 'numeric')
    return { kind: 'numeric', value: question.numericValue ?? 0, tolerance: question.tolerance ?? 0 };
  return {
    kind: question.kind,
    correctChoiceIds: question.choices.filter((choice) => choice.correct).map((choice) => choice.id),
  };
}

/** The key as an answer shows it. */
export function correctAnswerOf(question: QuestionRow) {
  return {
    choiceIds: question.choices.filter((choice) => choice.correct).map((choice) => choice.id),
    value: question.kind === 'numeric' ? question.numericValue : null,
    tolerance: question.kind === 'numeric' ? question.tolerance : null,
  };
}

const badAnswer = (message: string) => new AppError(400, 'VALIDATION_FAILED', message);

/** A response that fits the question's kind and choices, or a 400 with a sentence. */
export function checkedResponse(question: QuestionRow, response: QuizResponse): QuizResponse {
  if (question.kind === 'numeric') {
    if (response.value === undefined) throw badAnswer('Enter a number for this question.');
    return { value: response.value };
  }
  const chosen = [...new Set(response.choiceIds ?? [])];
  if (chosen.length === 0) throw badAnswer('Choose an answer for this question.');
  if (question.kind === 'single' && chosen.length > 1)
    throw badAnswer('This question has one answer; choose only one.');
  const known = new Set(question.choices.map((choice) => choice.id));
  if (!chosen.every((id) => known.has(id))) throw badAnswer('That choice is not part of this question.');
  return { choiceIds: chosen };
}

/** Shuffles a copy (Fisher–Yates with the crypto generator). */
export function shuffled<T>(items: readonly T[], random: (max: number) => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = random(i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
