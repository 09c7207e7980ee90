import { z } from '../api/zod-messages.ts';
import { JOURNAL_EMOTIONS } from './journal-limits.ts';

/** Journal forms and filters (docs/architecture.md §Journal), shared by the API and the /journal screens. */

// The emotions and the screenshot limit live in a module without zod (the entry editor imports them).
export { JOURNAL_EMOTIONS, JOURNAL_SCREENSHOTS_PER_ENTRY } from './journal-limits.ts';
export type JournalEmotion = (typeof JOURNAL_EMOTIONS)[number];

export const JOURNAL_TRADE_SOURCES = ['manual', 'csv', 'paper', 'broker'] as const;
export type JournalTradeSource = (typeof JOURNAL_TRADE_SOURCES)[number];

/** Where the fills of a rebuilt account come from (manual trades and template rows have none). */
export const JOURNAL_EXECUTION_SOURCES = ['csv', 'broker', 'paper'] as const;
export type JournalExecutionSource = (typeof JOURNAL_EXECUTION_SOURCES)[number];

/** The currency of trades that name none (manual trades, template rows without the column). */
export const DEFAULT_CURRENCY = 'INR';

/** An ISO 4217 code, stored upper-case. */
export const journalCurrencySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'Use a currency code such as INR or USD.')
  .transform((code) => code.toUpperCase());

export const JOURNAL_SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The years a journal day, month or trade time may fall in. The database's date columns refuse
 * year 0 and the calendar's month arithmetic leaves four-digit years past 9999; a trading journal
 * needs neither.
 */
export const JOURNAL_FIRST_YEAR = 1970;
export const JOURNAL_LAST_YEAR = 2100;
const yearsMessage = `Use a year from ${JOURNAL_FIRST_YEAR} to ${JOURNAL_LAST_YEAR}.`;
/** True also for text that is not a date at all: the format's own message says what is wrong then. */
const inJournalYears = (year: number) =>
  Number.isNaN(year) || (year >= JOURNAL_FIRST_YEAR && year <= JOURNAL_LAST_YEAR);

/** A calendar day, YYYY-MM-DD, that exists. */
export const journalDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.')
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
  }, 'That date does not exist.')
  .refine((value) => inJournalYears(Number(value.slice(0, 4))), yearsMessage);

export const journalMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month as YYYY-MM.')
  .refine((value) => inJournalYears(Number(value.slice(0, 4))), yearsMessage);

/** A trade's time: ISO 8601 with an offset, in the journal's years. */
const journalTimeSchema = (error: string) =>
  z.iso
    .datetime({ offset: true, error })
    .refine((value) => inJournalYears(new Date(value).getUTCFullYear()), yearsMessage);

/**
 * Quantities, prices, fees and P&L are numeric(20,6) columns: under 10^14 in size, in steps of
 * 0.000001. A positive amount smaller than the step would be stored as 0.
 */
export const JOURNAL_AMOUNT_LIMIT = 1e14;
export const JOURNAL_AMOUNT_STEP = 0.000001;

/** Why an amount cannot be stored, as the end of a sentence ("must be …"), or null when it can. */
export function journalAmountProblem(value: number, rule: 'positive' | 'nonnegative' | 'any'): string | null {
  if (rule === 'positive' && !(value > 0)) return 'must be more than 0';
  if (rule === 'nonnegative' && value < 0) return 'cannot be negative';
  if (Math.abs(value) >= JOURNAL_AMOUNT_LIMIT) return 'must be under 100,000,000,000,000';
  if (rule === 'positive' && value < JOURNAL_AMOUNT_STEP) return 'must be at least 0.000001';
  return null;
}

/** Tags are compared without case: stored trimmed and lower-case. */
const tagSchema = z
  .string()
  .trim()
  .min(1)
  .max(40, 'Keep each tag under 40 characters.')
  .transform((tag) => tag.toLowerCase());
export const journalTagsSchema = z
  .array(tagSchema)
  .max(20, 'Use at most 20 tags.')
  .transform((tags) => [...new Set(tags)]);

const price = (label: string) =>
  z
    .number({ error: `Enter the ${label} as a number.` })
    .min(JOURNAL_AMOUNT_STEP, `The ${label} must be more than 0 (at least 0.000001).`)
    .lt(JOURNAL_AMOUNT_LIMIT, `The ${label} must be under 100,000,000,000,000.`);
const optionalPrice = (label: string) => price(label).nullable().default(null);

export const journalTradeInputSchema = z
  .object({
    symbol: z
      .string()
      .trim()
      .min(1, 'Enter the symbol.')
      .max(32)
      .transform((symbol) => symbol.toUpperCase()),
    side: z.enum(['long', 'short'], { error: 'Choose long or short.' }),
    quantity: price('quantity'),
    entryPrice: price('entry price'),
    exitPrice: optionalPrice('exit price'),
    entryTime: journalTimeSchema('Enter the entry time.'),
    exitTime: journalTimeSchema('Enter the exit time.').nullable().default(null),
    fees: z
      .number()
      .min(0, 'Fees cannot be negative.')
      .lt(JOURNAL_AMOUNT_LIMIT, 'Fees must be under 100,000,000,000,000.')
      .default(0),
    stopPrice: optionalPrice('stop'),
    targetPrice: optionalPrice('target'),
    setupTags: journalTagsSchema.default([]),
    mistakeTags: journalTagsSchema.default([]),
    notes: z.string().max(5000, 'Keep the notes under 5,000 characters.').default(''),
    currency: journalCurrencySchema.default(DEFAULT_CURRENCY),
    /** Units per contract: 1 for shares, the lot for futures. */
    multiplier: z
      .number()
      .min(JOURNAL_AMOUNT_STEP, 'The multiplier must be more than 0.')
      .lt(1e6, 'The multiplier must be under 1,000,000.')
      .default(1),
    /**
     * The playbook the trade followed (issue #41): absent leaves it as it is, null takes it off.
     * With a playbook, `followedRuleIds` lists the rules kept; its other rules were broken.
     */
    playbookId: z.string().min(1).max(64).nullable().optional(),
    followedRuleIds: z
      .array(z.string().min(1).max(64))
      .max(30)
      .transform((ids) => [...new Set(ids)])
      .optional(),
  })
  .superRefine((trade, context) => {
    if (trade.followedRuleIds?.length && !trade.playbookId) {
      context.addIssue({
        code: 'custom',
        path: ['followedRuleIds'],
        message: 'Choose the playbook whose rules the trade followed.',
      });
    }
    if ((trade.exitPrice === null) !== (trade.exitTime === null)) {
      context.addIssue({
        code: 'custom',
        path: [trade.exitPrice === null ? 'exitPrice' : 'exitTime'],
        message: 'Give both the exit price and the exit time, or neither for an open trade.',
      });
    }
    if (trade.exitTime && new Date(trade.exitTime) < new Date(trade.entryTime)) {
      context.addIssue({
        code: 'custom',
        path: ['exitTime'],
        message: 'The exit cannot be before the entry.',
      });
    }
    const pnl = tradePnl(trade);
    if (pnl !== null && journalAmountProblem(pnl, 'any')) {
      context.addIssue({
        code: 'custom',
        path: ['quantity'],
        message: 'The P&L of this trade (quantity times the price move) must be under 100,000,000,000,000.',
      });
    }
  });
export type JournalTradeInput = z.output<typeof journalTradeInputSchema>;

export const journalBulkTagSchema = z
  .object({
    tradeIds: z.array(z.string().min(1).max(64)).min(1, 'Select at least one trade.').max(1000),
    setupTags: journalTagsSchema.default([]),
    mistakeTags: journalTagsSchema.default([]),
    mode: z.enum(['add', 'remove']).default('add'),
  })
  .refine((input) => input.setupTags.length + input.mistakeTags.length > 0, {
    message: 'Give at least one tag.',
    path: ['setupTags'],
  });

export const journalEntryInputSchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: z.string().min(1).max(64),
        answer: z
          .string()
          .max(5000, 'Keep each answer under 5,000 characters.')
          // Answers are stored as JSON, which cannot hold half of a surrogate pair.
          .refine(
            (answer) => !/[\uD800-\uDFFF]/u.test(answer),
            'The answer holds a broken character (half of an emoji); retype that part.',
          ),
      }),
    )
    .max(50)
    .default([]),
  emotion: z.enum(JOURNAL_EMOTIONS).nullable().default(null),
  rating: z
    .number()
    .int()
    .min(1, 'Rate the day from 1 to 5.')
    .max(5, 'Rate the day from 1 to 5.')
    .nullable()
    .default(null),
  notes: z.string().max(20_000, 'Keep the notes under 20,000 characters.').default(''),
  tradeIds: z
    .array(z.string().min(1).max(64))
    .max(200)
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type JournalEntryInput = z.output<typeof journalEntryInputSchema>;

export const journalQuestionFieldsSchema = z.object({
  text: z.string().trim().min(3, 'Write a question of at least 3 characters.').max(200),
  position: z.number().int().min(0).max(1000).default(0),
  active: z.boolean().default(true),
});

/** The filters of the trades list, statistics and export. Dates are the day a trade closed (or opened, while open). */
export const journalFiltersSchema = z.object({
  from: journalDateSchema.optional(),
  to: journalDateSchema.optional(),
  symbol: z
    .string()
    .trim()
    .max(32)
    .transform((symbol) => symbol.toUpperCase())
    .optional(),
  tag: z
    .string()
    .trim()
    .max(40)
    .transform((tag) => tag.toLowerCase())
    .optional(),
  source: z.enum(JOURNAL_TRADE_SOURCES).optional(),
  /** Statistics and the calendar answer one currency at a time (default: the one with most trades). */
  currency: journalCurrencySchema.optional(),
});
export type JournalFilters = z.output<typeof journalFiltersSchema>;

/** Net P&L of a closed trade: the price move times quantity and multiplier in its direction, less fees. */
export function tradePnl(trade: {
  side: 'long' | 'short';
  quantity: number;
  entryPrice: number;
  exitPrice: number | null;
  fees: number;
  multiplier?: number;
}): number | null {
  if (trade.exitPrice === null) return null;
  const direction = trade.side === 'long' ? 1 : -1;
  const gross = (trade.exitPrice - trade.entryPrice) * trade.quantity * direction * (trade.multiplier ?? 1);
  return Math.round((gross - trade.fees) * 1e6) / 1e6 + 0;
}

/** An account whose trades are rebuilt from its fills: CSV ('' or the file's account) or a broker's. */
export const journalAccountSchema = z.object({
  source: z.enum(['csv', 'broker']),
  account: z.string().max(200).default(''),
});

/**
 * Opening holdings: shares the learner held before the history of an account starts, so a sale of
 * them closes a long trade instead of being held back. Quantity 0 removes the holding.
 */
export const journalOpeningHoldingsSchema = journalAccountSchema.extend({
  holdings: z
    .array(
      z.object({
        symbol: z
          .string()
          .trim()
          .min(1, 'Enter the symbol.')
          .max(32)
          .transform((symbol) => symbol.toUpperCase()),
        quantity: z
          .number({ error: 'Enter the quantity held as a number.' })
          .min(0, 'The quantity cannot be negative.')
          .lt(JOURNAL_AMOUNT_LIMIT, 'The quantity must be under 100,000,000,000,000.'),
        averagePrice: price('average price'),
        currency: journalCurrencySchema.default(DEFAULT_CURRENCY),
      }),
    )
    .min(1, 'Give at least one holding.')
    .max(200),
});
export type JournalOpeningHoldingsInput = z.output<typeof journalOpeningHoldingsSchema>;
