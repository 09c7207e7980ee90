import { z } from '../api/zod-messages.ts';

/** Admin forms for quizzes and their questions (shared by the admin screens and the API). */
export const quizFieldsSchema = z.object({
  title: z.string().trim().min(3, 'Give the quiz a title of at least 3 characters.').max(160),
  passMark: z
    .number({ message: 'The pass mark is a percent from 1 to 100.' })
    .int('The pass mark is a whole percent from 1 to 100.')
    .min(1, 'The pass mark is a percent from 1 to 100.')
    .max(100, 'The pass mark is a percent from 1 to 100.'),
  afterVideoId: z
    .number({ message: 'Choose the lesson the quiz comes after.' })
    .int()
    .positive('Choose the lesson the quiz comes after.'),
});

const promptFields = {
  prompt: z.string().trim().min(5, 'Write the question in at least 5 characters.').max(2000),
  explanation: z
    .string()
    .trim()
    .min(5, 'Explain the answer in at least 5 characters; learners see it after answering.')
    .max(4000),
};

const choiceSchema = z.object({
  text: z.string().trim().min(1, 'A choice cannot be empty.').max(500),
  correct: z.boolean(),
});

const choicesSchema = z
  .array(choiceSchema)
  .min(2, 'Give at least 2 choices.')
  .max(8, 'Give at most 8 choices.');

/** A finite number with at most 10 decimals (what the database keeps exactly). */
const exactNumber = (label: string) =>
  z
    .number({ message: `Enter ${label} as a number.` })
    .refine(Number.isFinite, `Enter ${label} as a number.`)
    .refine((value) => Math.abs(value) < 1e15, `${label[0].toUpperCase()}${label.slice(1)} is too large.`)
    .refine((value) => Number(value.toFixed(10)) === value, `Use at most 10 decimals for ${label}.`);

export const quizQuestionSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('single'), ...promptFields, choices: choicesSchema }),
      z.object({ kind: z.literal('multiple'), ...promptFields, choices: choicesSchema }),
      z.object({
        kind: z.literal('numeric'),
        ...promptFields,
        value: exactNumber('the answer'),
        tolerance: exactNumber('the tolerance').refine(
          (value) => value >= 0,
          'The tolerance cannot be negative (0 means the exact value).',
        ),
        unit: z.string().trim().max(30).default(''),
      }),
    ],
    { message: 'Choose the kind of question: single choice, multiple choice or numeric.' },
  )
  .superRefine((question, context) => {
    if (question.kind === 'numeric') return;
    const correct = question.choices.filter((choice) => choice.correct).length;
    if (correct === 0)
      context.addIssue({ code: 'custom', path: ['choices'], message: 'Mark the correct choice.' });
    if (question.kind === 'single' && correct > 1)
      context.addIssue({
        code: 'custom',
        path: ['choices'],
        message: 'A single-choice question has exactly one correct choice; use multiple choice for more.',
      });
    const texts = question.choices.map((choice) => choice.text.toLowerCase());
    if (new Set(texts).size !== texts.length)
      context.addIssue({ code: 'custom', path: ['choices'], message: 'Two choices say the same thing.' });
  });

export type QuizFields = z.infer<typeof quizFieldsSchema>;
export type QuizQuestionInput = z.input<typeof quizQuestionSchema>;
export type QuizQuestionFields = z.output<typeof quizQuestionSchema>;

/** A learner's answer to one question: chosen choices, or a number. */
export const quizResponseFieldsSchema = z.object({
  choiceIds: z.array(z.string().min(1).max(64)).max(8).optional(),
  value: exactNumber('your answer').optional(),
});

const hasAnswer = (answer: { choiceIds?: string[]; value?: number }) =>
  answer.choiceIds !== undefined || answer.value !== undefined;
const noAnswer = 'Choose an answer or enter a number.';

export const quizResponseSchema = quizResponseFieldsSchema.refine(hasAnswer, noAnswer);

/** An answer to one question of an attempt. */
export const quizAttemptAnswerSchema = quizResponseFieldsSchema
  .extend({ questionId: z.string().min(1).max(64) })
  .refine(hasAnswer, noAnswer);
