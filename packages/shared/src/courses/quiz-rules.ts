import { decimal, decimalToNumber, divideRounded } from '../money/money.ts';

/** Quiz scoring and the review schedule (issue #42): pure rules shared by the API and the web app. */

export type QuizKind = 'single' | 'multiple' | 'numeric';

/** What a learner sends for one question. */
export type QuizResponse = { choiceIds?: string[]; value?: number };

/** The key of one question. */
export type QuizKey =
  | { kind: 'single' | 'multiple'; correctChoiceIds: string[] }
  | { kind: 'numeric'; value: number; tolerance: number };

/**
 * Whether an answer is right: single and multiple choice need exactly the correct set (order and
 * repeats do not matter); a numeric answer may be off by at most the tolerance, compared exactly.
 */
export function isAnswerCorrect(key: QuizKey, response: QuizResponse): boolean {
  if (key.kind === 'numeric') {
    if (response.value === undefined || !Number.isFinite(response.value)) return false;
    return decimal(response.value).minus(decimal(key.value)).abs().lte(decimal(key.tolerance));
  }
  const given = new Set(response.choiceIds ?? []);
  const wanted = new Set(key.correctChoiceIds);
  return given.size === wanted.size && [...given].every((id) => wanted.has(id));
}

/** The score of a finished attempt: percent right (exact, 2 decimals) and whether it reaches the pass mark. */
export function scoreAttempt(
  correct: number,
  total: number,
  passMark: number,
): { percent: number; passed: boolean } {
  if (total <= 0) return { percent: 0, passed: false };
  const percent = decimalToNumber(divideRounded(decimal(correct).times(100), decimal(total), 2));
  // Compared exactly, never on the rounded percent: 2 of 3 (66.666… %) is below a 67 % pass mark.
  return { percent, passed: correct * 100 >= passMark * total };
}

/** Days until the next review at each queue step (step 1 after a failure, then 2, then 3). */
export const REVIEW_INTERVAL_DAYS = [1, 3, 7] as const;
const DAY_MS = 24 * 3600 * 1000;

/**
 * The next state of a review item: a failure (re)starts it at step 1, due in 1 day; a success while
 * queued moves it on (3 days, then 7); a success at the 7-day step leaves the queue (null). A success
 * for an item not queued changes nothing (null).
 */
export function nextReview(
  current: { step: number } | null,
  passed: boolean,
  now: Date,
): { step: number; dueAt: Date } | null {
  if (!passed) return { step: 1, dueAt: new Date(now.getTime() + REVIEW_INTERVAL_DAYS[0] * DAY_MS) };
  if (!current || current.step >= REVIEW_INTERVAL_DAYS.length) return null;
  const step = current.step + 1;
  return { step, dueAt: new Date(now.getTime() + REVIEW_INTERVAL_DAYS[step - 1] * DAY_MS) };
}
