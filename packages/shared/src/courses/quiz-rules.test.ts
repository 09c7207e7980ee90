import { describe, expect, it } from 'vitest';
import { isAnswerCorrect, nextReview, scoreAttempt } from './quiz-rules.ts';
import { quizAttemptAnswerSchema, quizFieldsSchema, quizQuestionSchema } from './quiz-schemas.ts';

describe('answer checking', () => {
  it('needs exactly the correct set for choice questions, in any order', () => {
    const key = { kind: 'multiple' as const, correctChoiceIds: ['a', 'c'] };
    expect(isAnswerCorrect(key, { choiceIds: ['c', 'a'] })).toBe(true);
    expect(isAnswerCorrect(key, { choiceIds: ['a'] })).toBe(false);
    expect(isAnswerCorrect(key, { choiceIds: ['a', 'b', 'c'] })).toBe(false);
    expect(isAnswerCorrect({ kind: 'single', correctChoiceIds: ['b'] }, { choiceIds: ['b'] })).toBe(true);
  });
  it('accepts a numeric answer within the tolerance, exactly at its edge too', () => {
    const key = { kind: 'numeric' as const, value: 0.25, tolerance: 0.01 };
    expect(isAnswerCorrect(key, { value: 0.25 })).toBe(true);
    expect(isAnswerCorrect(key, { value: 0.26 })).toBe(true); // 0.26 − 0.25 is 0.010000000000000009 in binary
    expect(isAnswerCorrect(key, { value: 0.24 })).toBe(true);
    expect(isAnswerCorrect(key, { value: 0.2601 })).toBe(false);
    expect(isAnswerCorrect(key, {})).toBe(false);
  });
  it('with tolerance 0 wants the value itself', () => {
    const key = { kind: 'numeric' as const, value: 50, tolerance: 0 };
    expect(isAnswerCorrect(key, { value: 50 })).toBe(true);
    expect(isAnswerCorrect(key, { value: 50.0001 })).toBe(false);
  });
});

describe('scoring', () => {
  it('gives the exact percent to 2 decimals', () => {
    expect(scoreAttempt(2, 3, 50)).toEqual({ percent: 66.67, passed: true });
    expect(scoreAttempt(1, 3, 50)).toEqual({ percent: 33.33, passed: false });
    expect(scoreAttempt(4, 4, 100)).toEqual({ percent: 100, passed: true });
  });
  it('compares the exact ratio with the pass mark, not the rounded percent', () => {
    expect(scoreAttempt(2, 3, 67).passed).toBe(false); // 66.666… %
    expect(scoreAttempt(2, 3, 66).passed).toBe(true);
    expect(scoreAttempt(7, 10, 70).passed).toBe(true); // exactly at the mark passes
  });
  it('scores an empty attempt 0 and failed', () => {
    expect(scoreAttempt(0, 0, 50)).toEqual({ percent: 0, passed: false });
  });
});

describe('review schedule', () => {
  const now = new Date('2026-01-01T10:00:00Z');
  const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
  it('queues a failure for tomorrow, then 3 and 7 days on successes, then leaves', () => {
    expect(nextReview(null, false, now)).toEqual({ step: 1, dueAt: days(1) });
    expect(nextReview({ step: 1 }, true, now)).toEqual({ step: 2, dueAt: days(3) });
    expect(nextReview({ step: 2 }, true, now)).toEqual({ step: 3, dueAt: days(7) });
    expect(nextReview({ step: 3 }, true, now)).toBeNull();
  });
  it('restarts on a failure at any step and ignores a success for something not queued', () => {
    expect(nextReview({ step: 3 }, false, now)).toEqual({ step: 1, dueAt: days(1) });
    expect(nextReview(null, true, now)).toBeNull();
  });
});

describe('admin quiz forms', () => {
  const base = { prompt: 'What does a limit order do?', explanation: 'It waits for its price or better.' };
  const message = (input: unknown) => {
    const parsed = quizQuestionSchema.safeParse(input);
    return parsed.success ? null : parsed.error.issues.map((issue) => issue.message);
  };
  it('refuses choice questions without a correct choice or with fewer than 2 choices', () => {
    expect(
      message({
        ...base,
        kind: 'single',
        choices: [
          { text: 'A', correct: false },
          { text: 'B', correct: false },
        ],
      }),
    ).toEqual(['Mark the correct choice.']);
    expect(message({ ...base, kind: 'single', choices: [{ text: 'A', correct: true }] })).toContain(
      'Give at least 2 choices.',
    );
    expect(
      message({
        ...base,
        kind: 'single',
        choices: [
          { text: 'A', correct: true },
          { text: 'B', correct: true },
        ],
      })?.[0],
    ).toMatch(/exactly one correct choice/);
    expect(
      message({
        ...base,
        kind: 'multiple',
        choices: [
          { text: 'A', correct: true },
          { text: 'B', correct: true },
        ],
      }),
    ).toBeNull();
  });
  it('refuses a negative tolerance and pass marks outside 1..100', () => {
    expect(message({ ...base, kind: 'numeric', value: 50, tolerance: -1 })?.[0]).toMatch(
      /tolerance cannot be negative/,
    );
    expect(message({ ...base, kind: 'numeric', value: 50, tolerance: 0 })).toBeNull();
    for (const passMark of [0, 101, 50.5]) {
      const parsed = quizFieldsSchema.safeParse({ title: 'Quiz', passMark, afterVideoId: 1 });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0].message).toMatch(/pass mark is a (whole )?percent from 1 to 100/);
    }
  });
  it('refuses a learner’s number the database could not keep exactly, with a sentence', () => {
    const first = (value: number) =>
      quizAttemptAnswerSchema.safeParse({ questionId: 'q', value }).error?.issues[0].message;
    expect(first(1e20)).toBe('Your answer is too large.');
    expect(first(0.12345678901)).toBe('Use at most 10 decimals for your answer.');
    expect(first(0.25)).toBeUndefined();
    expect(quizAttemptAnswerSchema.safeParse({ questionId: 'q' }).error?.issues[0].message).toBe(
      'Choose an answer or enter a number.',
    );
  });
});
