import { z } from 'zod';
import { apiSuccess, defineContract } from '../api/contract.ts';
import { positive, protectionBody, side } from '../trading/trading-contract.ts';
import { PRACTICE_SPEEDS } from './practice-clock.ts';

/**
 * Practice replays (ADR 023; docs/decisions/030-practice-replays.md): a learner's private replay of
 * an uploaded day, driven by the learner, with orders filled by the competitions' rules.
 */
export const MAX_RUNNING_PRACTICE_SESSIONS = 5;
export const PRACTICE_STARTING_BALANCE = 100_000;
export const PRACTICE_CAP_MESSAGE = `You have ${MAX_RUNNING_PRACTICE_SESSIONS} practice replays running. End one before starting another.`;
export const PRACTICE_NOT_FOUND = 'We could not find that practice replay.';

const sessionParams = z.object({ sessionId: z.string().min(1).max(64) });

export const PRACTICE_DECISION_KINDS = [
  'start',
  'order',
  'edit',
  'cancel',
  'sl_tp',
  'close',
  'play',
  'pause',
  'step',
  'speed',
  'end',
] as const;

export const practiceDaySchema = z.object({
  symbol: z.string(),
  name: z.string(),
  currency: z.string(),
  /** UTC days (YYYY-MM-DD) with bars, newest first. */
  days: z.array(z.string()),
});

export const practiceSummarySchema = z.object({
  _id: z.string(),
  symbol: z.string(),
  day: z.string(),
  currency: z.string(),
  state: z.enum(['playing', 'paused', 'ended']),
  speed: z.number(),
  /** The replayed time now (ms). */
  replayedTime: z.number(),
  startingBalance: z.number(),
  balance: z.number(),
  equity: z.number(),
  /** Realised and open P&L: equity − starting balance. */
  pnl: z.number(),
  fills: z.number(),
  decisions: z.number(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});

export const practiceFillSchema = z.object({
  orderId: z.string().nullable(),
  symbol: z.string(),
  side,
  quantity: z.number(),
  price: z.number(),
  realized: z.number(),
  reason: z.string(),
  replayedAt: z.number(),
});

export const practiceDecisionSchema = z.object({
  sequence: z.number(),
  kind: z.enum(PRACTICE_DECISION_KINDS),
  replayedAt: z.number(),
  wallAt: z.string(),
  equity: z.number(),
  summary: z.string(),
});

export const practiceSessionSchema = practiceSummarySchema.extend({
  instrument: z.object({
    symbol: z.string(),
    name: z.string(),
    tickSize: z.number(),
    lotStep: z.number(),
    minQuantity: z.number(),
    contractSize: z.number(),
  }),
  clock: z.object({
    /** The first bar's start and the day's end (ms). */
    startsAt: z.number(),
    endsAt: z.number(),
    /** The real moment this answer was made (ms), to run the clock on between answers. */
    serverTime: z.number(),
  }),
  quote: z.object({ bid: z.number(), ask: z.number(), mid: z.number() }).nullable(),
  positions: z.array(
    z.object({
      symbol: z.string(),
      quantity: z.number(),
      averagePrice: z.number(),
      stopLoss: z.number().nullable(),
      takeProfit: z.number().nullable(),
    }),
  ),
  openOrders: z.array(
    z.object({
      _id: z.string(),
      symbol: z.string(),
      side,
      type: z.enum(['limit', 'stop']),
      quantity: z.number(),
      price: z.number(),
      stopLoss: z.number().nullable(),
      takeProfit: z.number().nullable(),
      placedAt: z.number(),
    }),
  ),
  fillsList: z.array(practiceFillSchema),
  /** The latest decisions, newest first (all of them in the CSV). */
  decisionsList: z.array(practiceDecisionSchema),
});

export const practiceCandleSchema = z.object({
  /** Unix seconds, the bar's start. */
  time: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
});

export const practiceContract = defineContract({
  listDays: {
    method: 'GET',
    path: '/practice/days',
    response: apiSuccess(z.array(practiceDaySchema)),
  },
  listSessions: {
    method: 'GET',
    path: '/practice/sessions',
    response: apiSuccess(z.array(practiceSummarySchema)),
  },
  createSession: {
    method: 'POST',
    path: '/practice/sessions',
    body: z.object({
      symbol: z.string().trim().min(1, 'Choose an instrument.').max(20),
      day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a day (YYYY-MM-DD).'),
      /** Where the clock starts, "HH:MM" UTC on that day (default: the first bar). */
      startAt: z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'The start time is HH:MM (UTC).')
        .optional(),
      speed: z.number().int().min(PRACTICE_SPEEDS.min).max(PRACTICE_SPEEDS.max).default(1),
    }),
    status: 201,
    response: apiSuccess(practiceSessionSchema),
  },
  getSession: {
    method: 'GET',
    path: '/practice/sessions/:sessionId',
    params: sessionParams,
    response: apiSuccess(practiceSessionSchema),
  },
  getCandles: {
    method: 'GET',
    path: '/practice/sessions/:sessionId/candles',
    params: sessionParams,
    query: z.object({
      /** Only candles from this bar on (Unix seconds); the bar in progress is always included. */
      from: z.coerce.number().int().min(0).optional(),
    }),
    response: apiSuccess(z.object({ replayedTime: z.number(), candles: z.array(practiceCandleSchema) })),
  },
  driveClock: {
    method: 'POST',
    path: '/practice/sessions/:sessionId/clock',
    params: sessionParams,
    body: z.discriminatedUnion(
      'action',
      [
        z.object({ action: z.literal('play') }),
        z.object({ action: z.literal('pause') }),
        z.object({ action: z.literal('step') }),
        z.object({
          action: z.literal('speed'),
          speed: z
            .number({ error: 'The speed must be a number.' })
            .int({ error: 'The speed is a whole number.' })
            .min(PRACTICE_SPEEDS.min, { error: 'The speed is 1× to 60×.' })
            .max(PRACTICE_SPEEDS.max, { error: 'The speed is 1× to 60×.' }),
        }),
      ],
      { error: 'The action is play, pause, step or speed.' },
    ),
    response: apiSuccess(practiceSessionSchema),
  },
  placeOrder: {
    method: 'POST',
    path: '/practice/sessions/:sessionId/orders',
    params: sessionParams,
    body: z.object({
      side,
      type: z.enum(['market', 'limit', 'stop']).default('market'),
      quantity: positive('The quantity'),
      price: positive('The price').optional(),
      stopLoss: positive('The stop-loss').optional(),
      takeProfit: positive('The take-profit').optional(),
    }),
    status: 201,
    response: apiSuccess(practiceSessionSchema),
  },
  cancelOrder: {
    method: 'DELETE',
    path: '/practice/sessions/:sessionId/orders/:orderId',
    params: sessionParams.extend({ orderId: z.string().min(1).max(64) }),
    response: apiSuccess(practiceSessionSchema),
  },
  editOrder: {
    method: 'PUT',
    path: '/practice/sessions/:sessionId/orders/:orderId',
    params: sessionParams.extend({ orderId: z.string().min(1).max(64) }),
    body: protectionBody,
    response: apiSuccess(practiceSessionSchema),
  },
  protectPosition: {
    method: 'PUT',
    path: '/practice/sessions/:sessionId/position',
    params: sessionParams,
    body: protectionBody,
    response: apiSuccess(practiceSessionSchema),
  },
  closePosition: {
    method: 'POST',
    path: '/practice/sessions/:sessionId/position/close',
    params: sessionParams,
    response: apiSuccess(practiceSessionSchema),
  },
  endSession: {
    method: 'POST',
    path: '/practice/sessions/:sessionId/end',
    params: sessionParams,
    response: apiSuccess(practiceSessionSchema),
  },
  exportDecisions: {
    method: 'GET',
    path: '/practice/sessions/:sessionId/decisions.csv',
    params: sessionParams,
    produces: 'text/csv',
    response: z.string(),
  },
});

export type PracticeSession = z.output<typeof practiceSessionSchema>;
export type PracticeSummary = z.output<typeof practiceSummarySchema>;
export type PracticeCandle = z.output<typeof practiceCandleSchema>;
