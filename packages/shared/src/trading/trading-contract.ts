import { z } from 'zod';
import { apiSuccess, defineContract } from '../api/contract.ts';
import { challengeSchema, objectiveSchema } from '../challenges/challenge-contract.ts';
import { CHALLENGE_STATUSES } from '../challenges/rule-sets.ts';
import { RANKINGS } from '../groups/group-rules.ts';
import { CANDLE_INTERVALS } from './candle-intervals.ts';

/** The trading desk's operations (ADR 023): instruments, quotes, candles, accounts, orders, standings. */
const groupParams = z.object({ groupId: z.string().min(1).max(64) });
/** A positive amount with sentences that name the field (never zod's own words). */
/** A positive price or quantity with sentences naming it (shared by the desk and the practice replays). */
export const positive = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .positive({ error: `${label} must be more than 0.` })
    .max(1e12, { error: `${label} is too large.` });
/** New stop-loss and take-profit: a price sets one, null removes it, a level left out stays. */
export const protectionBody = z
  .object({
    stopLoss: positive('The stop-loss').nullable().optional(),
    takeProfit: positive('The take-profit').nullable().optional(),
  })
  .refine((body) => body.stopLoss !== undefined || body.takeProfit !== undefined, {
    error: 'Send a stopLoss or a takeProfit (null removes it).',
  });
export const side = z.enum(['buy', 'sell']);

export const instrumentSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  assetClass: z.enum(['forex', 'index', 'stock_in', 'stock_us', 'commodity', 'crypto']),
  tickSize: z.number(),
  contractSize: z.number(),
  /** The quote currency (prices and P&L before conversion into the account currency). */
  currency: z.string(),
  lotStep: z.number(),
  minQuantity: z.number(),
  /** Market hours (shared/trading/market-hours): 'always', 'crypto', 'forex', 'nse' or 'us'. */
  session: z.string(),
});

export const quoteSchema = z.object({
  symbol: z.string(),
  bid: z.number(),
  ask: z.number(),
  mid: z.number(),
  time: z.number(),
  /** The provider has gone quiet: the price is the last one known, and nothing fills on it. */
  stale: z.boolean().optional(),
});

export const candleSchema = z.object({
  /** Unix seconds, the start of the interval. */
  time: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
});

/** The leaderboard's filters: all members, passed, failed, or the caller's challenge phase. */
export const LEADERBOARD_FILTERS = ['all', 'passed', 'failed', 'my-phase'] as const;
export type LeaderboardFilter = (typeof LEADERBOARD_FILTERS)[number];

export const standingSchema = z.object({
  rank: z.number(),
  userId: z.string(),
  name: z.string(),
  pnlPercent: z.number(),
  balance: z.number(),
  equity: z.number(),
  trades: z.number(),
  freezes: z.number(),
  frozenUntil: z.string().nullable(),
  /** The ledger sequence of the member's last write (an order's answer carries its own). */
  ledgerSeq: z.number(),
  /** Which rule froze the account, while frozen: the drawdown or the daily loss limit. */
  frozenReason: z.enum(['drawdown', 'daily_loss']).nullable(),
  /** What the group ranks by (its `ranking`): the return % itself, or the Calmar score; 2 decimals. */
  score: z.number(),
  /** Largest fall from the phase's equity high, percent of it (2 decimals). */
  maxDrawdownPercent: z.number(),
  /** The challenge phase (1-based) the member trades in, and how their challenge stands. */
  phase: z.number(),
  challengeStatus: z.enum(CHALLENGE_STATUSES),
});
export const standingsPageSchema = z.object({ rows: z.array(standingSchema), currency: z.string() });
export const standingsQuerySchema = z.object({
  offset: z.coerce
    .number({ message: 'offset must be a whole number from 0.' })
    .int('offset must be a whole number from 0.')
    .min(0, 'offset must be a whole number from 0.')
    .max(1_000_000, 'offset must be at most 1,000,000.')
    .optional(),
  limit: z.coerce
    .number({ message: 'limit must be a whole number from 1 to 500.' })
    .int('limit must be a whole number from 1 to 500.')
    .min(1, 'limit must be a whole number from 1 to 500.')
    .max(500, 'limit must be a whole number from 1 to 500.')
    .optional(),
  /**
   * `me`: the page around the caller's own row (their neighbourhood: `limit` rows, theirs in the
   * middle), in place of `offset`. 400 for a caller with no row.
   */
  around: z.enum(['me'], { error: 'around is me (the rows around your own).' }).optional(),
  /**
   * Which members: every one, those whose challenge passed, those whose failed, or those in the
   * caller's phase (members only). Ranks stay the group's; paging counts the filtered rows.
   */
  filter: z
    .enum(LEADERBOARD_FILTERS, {
      error: `filter is one of ${LEADERBOARD_FILTERS.join(', ')}.`,
    })
    .default('all'),
});

/** The score endpoint's answer: how the caller's score is made, with their own numbers. */
export const scoreExplanationSchema = z.object({
  ranking: z.enum(RANKINGS),
  /** The caller's rank and how many members are ranked. */
  rank: z.number(),
  ranked: z.number(),
  score: z.number(),
  returnPercent: z.number(),
  maxDrawdownPercent: z.number(),
  /** The smallest drawdown a Calmar score divides by (a tiny one counts as this). */
  drawdownFloorPercent: z.number(),
  /** The highest equity of the phase (the drawdown is measured from it), in the account currency. */
  equityHigh: z.number(),
  /** The sentence with the numbers, e.g. "Calmar = return 12.40 % ÷ max drawdown 4.00 % = 3.10". */
  formula: z.string(),
});

export const myCompetitionSchema = z.object({
  group: z.object({
    _id: z.string(),
    name: z.string(),
    currency: z.string(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    phase: z.enum(['upcoming', 'running', 'ended']),
  }),
  status: z.enum(['pending', 'approved', 'rejected']),
  standing: z
    .object({
      rank: z.number(),
      ranked: z.number(),
      pnlPercent: z.number(),
      equity: z.number(),
      trades: z.number(),
      freezes: z.number(),
      frozenUntil: z.string().nullable(),
    })
    .nullable(),
});

export const tradingAccountSchema = z.object({
  account: z.object({
    _id: z.string(),
    currency: z.string(),
    startingBalance: z.number(),
    balance: z.number(),
    equity: z.number(),
    peakEquity: z.number(),
    drawdownPercent: z.number(),
    pnlPercent: z.number(),
    exposure: z.number(),
    buyingPower: z.number(),
    leverage: z.number(),
    frozenUntil: z.string().nullable(),
    freezes: z.number(),
    trades: z.number(),
    finalRank: z.number().nullable(),
    /**
     * The ledger sequence of the account's last write: a `standings` frame whose own row carries a
     * lower one is older than this answer (the desk keeps what it has).
     */
    ledgerSeq: z.number(),
  }),
  /** The phase's objectives and limits, where the member stands on each (docs/challenges.md). */
  objectives: z.array(objectiveSchema),
  /** The challenge: rule set, status, phase, and for a failure the rule, moment, equity and fills. */
  challenge: challengeSchema,
  /** Quote currency → account currency at the current mids. */
  rates: z.record(z.string(), z.number()),
  positions: z.array(
    z.object({
      symbol: z.string(),
      quantity: z.number(),
      averagePrice: z.number(),
      stopLoss: z.number().nullable(),
      takeProfit: z.number().nullable(),
      quoteCurrency: z.string(),
      markPrice: z.number().nullable(),
      unrealizedPnl: z.number(),
    }),
  ),
  orders: z.array(
    z.object({
      _id: z.string(),
      symbol: z.string(),
      side,
      type: z.enum(['limit', 'stop']),
      quantity: z.number(),
      price: z.number(),
      stopLoss: z.number().nullable(),
      takeProfit: z.number().nullable(),
      createdAt: z.string(),
    }),
  ),
  fills: z.array(
    z.object({
      _id: z.string(),
      symbol: z.string(),
      side,
      quantity: z.number(),
      price: z.number(),
      realizedPnl: z.number(),
      fxRate: z.number(),
      reason: z.enum([
        'order',
        'stop_loss',
        'take_profit',
        'freeze',
        'competition_end',
        'close',
        'removed',
        'breach',
        'phase_end',
      ]),
      createdAt: z.string(),
    }),
  ),
});

export const orderResultSchema = z.object({
  _id: z.string(),
  status: z.enum(['open', 'filled']),
  fillPrice: z.number().nullable(),
  /**
   * The ledger sequence of the write that booked the order: a `standings` frame whose `ledgerSeq`
   * is at least this one already includes it.
   */
  ledgerSeq: z.number(),
});
export const protectionResultSchema = z.object({
  stopLoss: z.number().nullable(),
  takeProfit: z.number().nullable(),
});

export const tradingContract = defineContract({
  listInstruments: {
    method: 'GET',
    path: '/instruments',
    response: apiSuccess(z.array(instrumentSchema)),
  },
  listQuotes: {
    method: 'GET',
    path: '/market/quotes',
    query: z.object({ symbols: z.string().max(500).optional() }),
    response: apiSuccess(z.array(quoteSchema)),
  },
  getCandles: {
    method: 'GET',
    path: '/market/candles/:symbol',
    params: z.object({ symbol: z.string().min(1).max(20) }),
    query: z.object({
      interval: z
        .enum(CANDLE_INTERVALS, { error: `The interval is one of ${CANDLE_INTERVALS.join(', ')}.` })
        .default('1m'),
      /** How many candles, the latest last: at most 600 (500 of 1h, 90 of 1d); 300 (90 of 1d) unless given. */
      limit: z.coerce.number().int().min(1).max(600).optional(),
      groupId: z.string().min(1).max(64).optional(),
    }),
    response: apiSuccess(z.array(candleSchema)),
  },
  listMyCompetitions: {
    method: 'GET',
    path: '/group/mine',
    response: apiSuccess(z.array(myCompetitionSchema)),
  },
  getLeaderboard: {
    method: 'GET',
    path: '/group/:groupId/leaderboard',
    params: groupParams,
    query: standingsQuerySchema,
    response: apiSuccess(
      standingsPageSchema.extend({
        /** How the group ranks: by return %, or by the Calmar score (return ÷ max drawdown). */
        ranking: z.enum(RANKINGS),
        /** How many members the filter keeps (every page's rows are a slice of them). */
        total: z.number(),
        /** The caller's own row wherever it ranks; null for a non-member. */
        me: standingSchema.nullable(),
      }),
    ),
  },
  exportLeaderboard: {
    method: 'GET',
    path: '/group/:groupId/leaderboard.csv',
    params: groupParams,
    produces: 'text/csv',
    response: z.string(),
  },
  getScore: {
    method: 'GET',
    path: '/group/:groupId/score',
    params: groupParams,
    response: apiSuccess(scoreExplanationSchema),
  },
  getAccount: {
    method: 'GET',
    path: '/group/:groupId/account',
    params: groupParams,
    response: apiSuccess(tradingAccountSchema),
  },
  placeOrder: {
    method: 'POST',
    path: '/group/:groupId/orders',
    params: groupParams,
    body: z.object({
      symbol: z.string().trim().min(1).max(20),
      side,
      type: z.enum(['market', 'limit', 'stop']).default('market'),
      /** Contracts, in multiples of the instrument's lotStep and at least its minQuantity. */
      quantity: positive('The quantity'),
      price: positive('The price').optional(),
      stopLoss: positive('The stop-loss').optional(),
      takeProfit: positive('The take-profit').optional(),
    }),
    status: 201,
    response: apiSuccess(orderResultSchema),
  },
  cancelOrder: {
    method: 'DELETE',
    path: '/group/:groupId/orders/:orderId',
    params: groupParams.extend({ orderId: z.string().min(1).max(64) }),
    response: apiSuccess(z.null()),
  },
  protectOrder: {
    method: 'PATCH',
    path: '/group/:groupId/orders/:orderId',
    params: groupParams.extend({ orderId: z.string().min(1).max(64) }),
    body: protectionBody,
    response: apiSuccess(protectionResultSchema),
  },
  protectPosition: {
    method: 'PATCH',
    path: '/group/:groupId/positions/:symbol',
    params: groupParams.extend({ symbol: z.string().min(1).max(20) }),
    body: protectionBody,
    response: apiSuccess(protectionResultSchema),
  },
  closePosition: {
    method: 'POST',
    path: '/group/:groupId/positions/:symbol/close',
    params: groupParams.extend({ symbol: z.string().min(1).max(20) }),
    response: apiSuccess(orderResultSchema),
  },
  competitionStream: {
    method: 'GET',
    path: '/group/:groupId/stream',
    params: groupParams,
    produces: 'text/event-stream',
    /** Server-sent events: `quotes` and `standings` frames. */
    response: z.string(),
  },
});
