import { z } from 'zod';
import { apiData, apiSuccessWithMessage, defineContract } from '../api/contract.ts';

/**
 * "What to practise next" (docs/courses.md): the learner's most costly mistakes of the last 30
 * days, each sent back to the lesson and the drill that teach it. A mistake is a journal mistake
 * tag or a competition rule that stopped the learner's trading.
 */
export const PRACTISE_NEXT_DAYS = 30;
export const PRACTISE_NEXT_COUNT = 3;

export const LEARNING_SOURCE_KINDS = ['mistake', 'rule'] as const;
export type LearningSourceKind = (typeof LEARNING_SOURCE_KINDS)[number];

/** The competition rules that can stop a learner, with the words the learner knows them by. */
export const LEARNING_RULES = {
  daily_loss: 'Daily loss limit',
  max_loss: 'Maximum loss',
  time_limit: 'Time limit',
  freeze: 'Drawdown freeze',
} as const;
export type LearningRule = keyof typeof LEARNING_RULES;
export const LEARNING_RULE_KEYS = Object.keys(LEARNING_RULES) as LearningRule[];

/** One mistake, however it was typed: "Moved stop", "moved-stop" and " MOVED  stop " are the same. */
export function normaliseMistakeKey(tag: string): string {
  return tag
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

export type MistakeCost = {
  kind: LearningSourceKind;
  key: string;
  /** What the learner sees: their own spelling of the tag (the most used), or the rule's name. */
  label: string;
  /** The P&L of the trades (or close-out fills) it marks, in minor units: negative is a cost. */
  pnlMinor: number;
  occurrences: number;
};

/**
 * The costly mistakes, most costly first: only mistakes whose P&L is a loss count; ties go to the
 * one seen more often, then by name, so the answer never depends on the order rows were read.
 */
export function rankCostlyMistakes(
  costs: readonly MistakeCost[],
  count = PRACTISE_NEXT_COUNT,
): MistakeCost[] {
  return costs
    .filter((cost) => cost.pnlMinor < 0)
    .sort(
      (a, b) =>
        a.pnlMinor - b.pnlMinor ||
        b.occurrences - a.occurrences ||
        a.kind.localeCompare(b.kind) ||
        a.key.localeCompare(b.key),
    )
    .slice(0, count);
}

const lessonRefSchema = z.object({
  courseId: z.string(),
  courseTitle: z.string(),
  videoId: z.number(),
  title: z.string(),
});
const drillRefSchema = z.object({ id: z.string(), title: z.string(), courseId: z.string() });

export const practiseNextItemSchema = z.object({
  kind: z.enum(LEARNING_SOURCE_KINDS),
  key: z.string(),
  label: z.string(),
  /** The P&L it cost, in `currency` (negative), exact to the cent. */
  pnl: z.number(),
  occurrences: z.number(),
  /** Null when no lesson is linked to this mistake yet. */
  lesson: lessonRefSchema.nullable(),
  drill: drillRefSchema.nullable(),
});
export type PractiseNextItem = z.infer<typeof practiseNextItemSchema>;

export const practiseNextSchema = z.object({
  currency: z.string(),
  /** Every currency that has a costly mistake, so the page can switch (amounts are never added across). */
  currencies: z.array(z.string()),
  since: z.string(),
  items: z.array(practiseNextItemSchema),
});

const sourceKeySchema = z
  .string({ message: 'Name the mistake tag or rule.' })
  .trim()
  .min(1, 'Name the mistake tag or rule.')
  .max(60, 'A mistake tag is at most 60 characters.');

export const learningLinkBodySchema = z
  .object({
    sourceKind: z.enum(LEARNING_SOURCE_KINDS, { message: 'The source is a mistake tag or a rule.' }),
    sourceKey: sourceKeySchema,
    videoId: z.number({ message: 'Choose the lesson that teaches it.' }).int().positive(),
    drillId: z.string().min(1).max(64).nullable().default(null),
  })
  .refine(
    (body) => body.sourceKind === 'mistake' || (LEARNING_RULE_KEYS as string[]).includes(body.sourceKey),
    {
      message: `A rule is one of: ${LEARNING_RULE_KEYS.join(', ')}.`,
      path: ['sourceKey'],
    },
  );

export const learningLinkSchema = z.object({
  id: z.string(),
  sourceKind: z.enum(LEARNING_SOURCE_KINDS),
  sourceKey: z.string(),
  label: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  videoId: z.number().nullable(),
  lessonTitle: z.string().nullable(),
  drillId: z.string().nullable(),
  drillTitle: z.string().nullable(),
  updatedAt: z.string(),
});
export type LearningLink = z.infer<typeof learningLinkSchema>;

const currencyQuery = z.object({
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'A currency is three capital letters, such as INR or USD.')
    .optional(),
});
const linkParams = z.object({ linkId: z.string().min(1).max(64) });

export const practiseNextContract = defineContract({
  get: {
    method: 'GET',
    path: '/learning/practise-next',
    query: currencyQuery,
    response: apiData(practiseNextSchema),
  },
});

export const adminLearningLinkContract = defineContract({
  list: { method: 'GET', path: '/admin/learning-links', response: apiData(z.array(learningLinkSchema)) },
  save: {
    method: 'PUT',
    path: '/admin/learning-links',
    body: learningLinkBodySchema,
    response: apiSuccessWithMessage(learningLinkSchema),
  },
  remove: {
    method: 'DELETE',
    path: '/admin/learning-links/:linkId',
    params: linkParams,
    response: apiSuccessWithMessage(z.object({ id: z.string() })),
  },
});
