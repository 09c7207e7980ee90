import { z } from 'zod';
import { apiSuccess, defineContract } from '../api/contract.ts';
import { JOURNAL_IMPORT_LAYOUT_IDS } from './importers/index.ts';
import {
  journalBulkTagSchema,
  journalCurrencySchema,
  journalDateSchema,
  journalEntryInputSchema,
  journalFiltersSchema,
  journalMonthSchema,
  journalOpeningHoldingsSchema,
  journalQuestionFieldsSchema,
  journalTradeInputSchema,
} from './journal-schemas.ts';
import { playbookInputSchema, playbookReportSchema, playbookSchema } from './playbooks.ts';
import { journalTradeViewSchema } from './trade-detail.ts';

/**
 * The journal's operations (ADR 023). The larger views (a day, a trade, statistics, an import
 * preview) are loose objects: the fields named are checked and typed, any others pass through as
 * the services send them (their exact shapes are still to be pinned down field by field).
 */
const dateParams = z.object({ date: journalDateSchema });
const idParams = z.object({ id: z.string().min(1).max(64) });
/** A layout, an old preset name for one, or 'auto': the layout the file's columns show. */
const presetQuery = z.object({
  preset: z
    .enum(['auto', ...JOURNAL_IMPORT_LAYOUT_IDS, 'column-mapping', 'generic', 'zerodha', 'ibkr'])
    .default('auto'),
});
/** Preview and commit: the layout, and with 'column-mapping' the learner's mapping as JSON. */
const importQuery = presetQuery.extend({
  mapping: z
    .string()
    .max(4000)
    .optional()
    .describe(
      'With preset=column-mapping: JSON {"columns":{"time","symbol","side","quantity","price","fees"?,"currency"?,"account"?,"id"?},"currency"?,"multiplier"?,"dayOrder"?} naming the file’s columns',
    ),
});
export const JOURNAL_TRADE_SORTS = ['date', 'symbol', 'pnl', 'quantity'] as const;

/** A trade as the list and the edits answer it: the detail's fields without its creation time. */
export const journalTradeSchema = journalTradeViewSchema.omit({ createdAt: true });

export const journalQuestionSchema = z.looseObject({
  _id: z.string(),
  text: z.string(),
  position: z.number(),
});

export const journalEntrySchema = z.looseObject({
  _id: z.string(),
  date: z.string(),
  answers: z.array(z.object({ questionId: z.string(), question: z.string(), answer: z.string() })),
  emotion: z.string().nullable(),
  rating: z.number().nullable(),
  notes: z.string(),
  tradeIds: z.array(z.string()),
  screenshots: z.array(
    z.object({ _id: z.string(), url: z.string(), contentType: z.string(), size: z.number() }),
  ),
  updatedAt: z.string(),
});

export const journalDaySchema = z.looseObject({
  date: z.string(),
  entry: journalEntrySchema.nullable(),
  questions: z.array(journalQuestionSchema),
  trades: z.array(journalTradeSchema),
});

export const journalSummarySchema = z.looseObject({
  today: z.string(),
  wroteToday: z.boolean(),
  entryStreak: z.number(),
  monthNetPnl: z.number(),
  monthTrades: z.number(),
  currency: z.string(),
  lastEntryDate: z.string().nullable(),
});

export const journalCalendarSchema = z.looseObject({
  month: z.string(),
  currency: z.string(),
  timeZone: z.string(),
  days: z.array(
    z.looseObject({
      date: z.string(),
      netPnl: z.number(),
      trades: z.number(),
      hasEntry: z.boolean(),
      rating: z.number().nullable(),
      emotion: z.string().nullable(),
    }),
  ),
});

export const journalTradesPageSchema = z.looseObject({
  trades: z.array(journalTradeSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  facets: z.looseObject({}),
});

/** Statistics in one currency; Pro sections are `{ locked: true }` for free learners. */
export const journalStatisticsSchema = z.looseObject({
  currency: z.string(),
  currencies: z.array(z.object({ currency: z.string(), trades: z.number() })),
  timeZone: z.string(),
  breakdownsLocked: z.boolean(),
});

const executionAccount = { source: z.enum(['csv', 'broker', 'paper']), account: z.string() };
export const needsOpeningHoldingsSchema = z.looseObject({
  source: z.enum(['csv', 'broker']),
  account: z.string(),
  accountLabel: z.string().optional(),
  symbol: z.string(),
  quantity: z.number(),
  currency: z.string(),
  firstSaleAt: z.string(),
});
export const openPositionSchema = z.looseObject({
  ...executionAccount,
  accountLabel: z.string(),
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  quantity: z.number(),
  averagePrice: z.number(),
  currency: z.string(),
  multiplier: z.number(),
  since: z.string(),
  fromOpeningHoldings: z.boolean(),
});

export const journalImportPresetSchema = z.object({
  id: z.string(),
  kind: z.string(),
  name: z.string(),
  description: z.string(),
  howToExport: z.string(),
  templateUrl: z.string().nullable(),
});

/** What an import found or did: `format` tells fills (broker files) from trades (the template). */
export const journalImportResultSchema = z.looseObject({ format: z.enum(['fills', 'trades']) });

/** Files with more rows than this are committed as a job the import screen follows (issues #41, #43). */
export const IMPORT_JOB_MIN_ROWS = 2000;

export const JOURNAL_IMPORT_JOB_STAGES = [
  'reading',
  'checking',
  'storing',
  'rebuilding',
  'finished',
] as const;

export const journalImportJobSchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  stage: z
    .enum(JOURNAL_IMPORT_JOB_STAGES)
    .describe(
      'reading the file, checking it against the journal, storing fills (done of total), rebuilding trades',
    ),
  done: z.number().int(),
  total: z.number().int(),
  /** The commit's answer, as POST /journal/import/commit gives it, once done. */
  result: journalImportResultSchema.nullable(),
  /** Once done: the sentence POST /journal/import/commit answers with. */
  message: z.string().nullable(),
  /** Once failed: why, with the rows refused by line (nothing was imported). */
  error: z
    .object({
      message: z.string(),
      errors: z.array(z.object({ line: z.number(), message: z.string() })).optional(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JournalImportJob = z.output<typeof journalImportJobSchema>;

const screenshotBody = z.string().meta({ format: 'binary', description: 'The image (PNG, JPEG or WebP)' });

export const journalContract = defineContract({
  downloadImportTemplate: {
    method: 'GET',
    path: '/journal/import/template',
    query: z.object({ preset: presetQuery.shape.preset }),
    produces: 'text/csv',
    response: z.string().describe('A CSV file'),
  },
  listQuestions: {
    method: 'GET',
    path: '/journal/questions',
    response: apiSuccess(z.array(journalQuestionSchema)),
  },
  getSummary: { method: 'GET', path: '/journal/summary', response: apiSuccess(journalSummarySchema) },
  getCalendar: {
    method: 'GET',
    path: '/journal/calendar',
    query: z.object({ month: journalMonthSchema, currency: journalCurrencySchema.optional() }),
    response: apiSuccess(journalCalendarSchema),
  },
  getDay: {
    method: 'GET',
    path: '/journal/entries/:date',
    params: dateParams,
    response: apiSuccess(journalDaySchema),
  },
  saveEntry: {
    method: 'PUT',
    path: '/journal/entries/:date',
    params: dateParams,
    body: journalEntryInputSchema,
    response: apiSuccess(journalEntrySchema),
  },
  deleteEntry: {
    method: 'DELETE',
    path: '/journal/entries/:date',
    params: dateParams,
    response: apiSuccess(z.null()),
  },
  addScreenshots: {
    method: 'POST',
    path: '/journal/entries/:date/screenshots',
    params: dateParams,
    status: 201,
    response: apiSuccess(z.object({ added: z.number() })),
  },
  getScreenshot: {
    method: 'GET',
    path: '/journal/screenshots/:id',
    params: idParams,
    produces: 'image/*',
    response: screenshotBody,
  },
  deleteScreenshot: {
    method: 'DELETE',
    path: '/journal/screenshots/:id',
    params: idParams,
    response: apiSuccess(z.null()),
  },
  listTrades: {
    method: 'GET',
    path: '/journal/trades',
    query: journalFiltersSchema.extend({
      sort: z.enum(JOURNAL_TRADE_SORTS).default('date'),
      order: z.enum(['asc', 'desc']).default('desc'),
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(500).default(50),
    }),
    response: apiSuccess(journalTradesPageSchema),
  },
  createTrade: {
    method: 'POST',
    path: '/journal/trades',
    body: journalTradeInputSchema,
    status: 201,
    response: apiSuccess(journalTradeSchema),
  },
  bulkTagTrades: {
    method: 'POST',
    path: '/journal/trades/bulk-tag',
    body: journalBulkTagSchema,
    response: apiSuccess(z.object({ updated: z.number() })),
  },
  getTrade: {
    method: 'GET',
    path: '/journal/trades/:id',
    params: idParams,
    response: apiSuccess(journalTradeSchema),
  },
  updateTrade: {
    method: 'PUT',
    path: '/journal/trades/:id',
    params: idParams,
    body: journalTradeInputSchema,
    response: apiSuccess(journalTradeSchema),
  },
  deleteTrade: {
    method: 'DELETE',
    path: '/journal/trades/:id',
    params: idParams,
    response: apiSuccess(z.null()),
  },
  getStatistics: {
    method: 'GET',
    path: '/journal/stats',
    query: journalFiltersSchema,
    response: apiSuccess(journalStatisticsSchema),
  },
  listPlaybooks: {
    method: 'GET',
    path: '/journal/playbooks',
    response: apiSuccess(z.array(playbookSchema)),
  },
  createPlaybook: {
    method: 'POST',
    path: '/journal/playbooks',
    body: playbookInputSchema,
    status: 201,
    response: apiSuccess(playbookSchema),
  },
  getPlaybook: {
    method: 'GET',
    path: '/journal/playbooks/:id',
    params: idParams,
    response: apiSuccess(playbookSchema),
  },
  updatePlaybook: {
    method: 'PUT',
    path: '/journal/playbooks/:id',
    params: idParams,
    body: playbookInputSchema,
    response: apiSuccess(playbookSchema),
  },
  deletePlaybook: {
    method: 'DELETE',
    path: '/journal/playbooks/:id',
    params: idParams,
    response: apiSuccess(z.null()),
  },
  getPlaybookReport: {
    method: 'GET',
    path: '/journal/playbooks/:id/report',
    params: idParams,
    query: z.object({ currency: journalCurrencySchema.optional() }),
    response: apiSuccess(playbookReportSchema),
  },
  listOpenPositions: {
    method: 'GET',
    path: '/journal/positions',
    response: apiSuccess(
      z.object({
        positions: z.array(openPositionSchema),
        needsOpeningHoldings: z.array(needsOpeningHoldingsSchema),
      }),
    ),
  },
  saveOpeningHoldings: {
    method: 'POST',
    path: '/journal/opening-holdings',
    body: journalOpeningHoldingsSchema,
    response: apiSuccess(z.looseObject({ completeTrades: z.number(), openPositions: z.number() })),
  },
  exportTrades: {
    method: 'GET',
    path: '/journal/export',
    query: journalFiltersSchema,
    produces: 'text/csv',
    response: z.string().describe('A CSV file'),
  },
  listImportPresets: {
    method: 'GET',
    path: '/journal/import/presets',
    response: apiSuccess(z.array(journalImportPresetSchema)),
  },
  previewImport: {
    method: 'POST',
    path: '/journal/import/preview',
    query: importQuery,
    response: apiSuccess(journalImportResultSchema),
  },
  commitImport: {
    method: 'POST',
    path: '/journal/import/commit',
    query: importQuery,
    status: 201,
    response: apiSuccess(journalImportResultSchema),
  },
  startImportJob: {
    method: 'POST',
    path: '/journal/import/jobs',
    query: importQuery,
    status: 202,
    response: apiSuccess(journalImportJobSchema),
  },
  getImportJob: {
    method: 'GET',
    path: '/journal/import/jobs/:id',
    params: idParams,
    response: apiSuccess(journalImportJobSchema),
  },
});

const adminQuestionSchema = z.object({
  _id: z.string(),
  text: z.string(),
  position: z.number(),
  active: z.boolean(),
  updatedAt: z.string(),
});

/** Admins edit the journal's reflective questions. */
export const adminJournalContract = defineContract({
  listQuestions: {
    method: 'GET',
    path: '/admin/journal/questions',
    response: apiSuccess(z.array(adminQuestionSchema)),
  },
  createQuestion: {
    method: 'POST',
    path: '/admin/journal/questions',
    body: journalQuestionFieldsSchema,
    status: 201,
    response: apiSuccess(adminQuestionSchema),
  },
  updateQuestion: {
    method: 'PUT',
    path: '/admin/journal/questions/:id',
    params: idParams,
    body: journalQuestionFieldsSchema,
    response: apiSuccess(adminQuestionSchema),
  },
  deleteQuestion: {
    method: 'DELETE',
    path: '/admin/journal/questions/:id',
    params: idParams,
    response: apiSuccess(z.null()),
  },
});
