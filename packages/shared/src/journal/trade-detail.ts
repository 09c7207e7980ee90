import { z } from '../api/zod-messages.ts';
import { JOURNAL_TRADE_SOURCES } from './journal-schemas.ts';

/**
 * A journal trade's detail page (issue #16): the trade, the fills it was built from and, for a
 * competition (paper) trade, the session's 1-minute candles with the entry and exit and how far the
 * price went against and for the trade while it was open (MAE and MFE).
 */

/** Minutes of market shown before the entry and after the exit. */
export const TRADE_CHART_MARGIN_MINUTES = 30;
/** At most this many 1-minute candles: a longer session keeps the first and last half (`truncated`). */
export const TRADE_CHART_MAX_CANDLES = 1000;

const MINUTE_MS = 60_000;

/** A trade as `GET /journal/trades/:id` answers it (fields added there pass through unchanged). */
export const journalTradeViewSchema = z.looseObject({
  _id: z.string(),
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  quantity: z.number(),
  entryPrice: z.number(),
  exitPrice: z.number().nullable(),
  entryTime: z.string(),
  exitTime: z.string().nullable(),
  fees: z.number(),
  pnl: z.number().nullable(),
  currency: z.string(),
  multiplier: z.number(),
  rMultiple: z.number().nullable(),
  stopPrice: z.number().nullable(),
  targetPrice: z.number().nullable(),
  setupTags: z.array(z.string()),
  mistakeTags: z.array(z.string()),
  notes: z.string(),
  playbookId: z
    .string()
    .nullable()
    .optional()
    .describe(
      'The playbook (setup) the trade followed, if any (the API always says; older clients may not).',
    ),
  followedRuleIds: z
    .array(z.string())
    .optional()
    .describe('The rules of its playbook the trade kept to (one trade’s answers only).'),
  source: z.enum(JOURNAL_TRADE_SOURCES),
  verified: z.boolean(),
  origin: z.string().nullable(),
  fromFills: z.boolean(),
  createdAt: z.string(),
});

/**
 * 'fill': a fill read from a broker file, a broker sync or the competition engine; 'opening': the
 * learner's opening holding (a synthetic buy before the history starts); 'typed': a leg of a trade
 * the learner typed in (manual trades and template rows have no fills).
 */
export const TRADE_EXECUTION_KINDS = ['fill', 'opening', 'typed'] as const;
export type TradeExecutionKind = (typeof TRADE_EXECUTION_KINDS)[number];

export const tradeExecutionSchema = z.object({
  id: z.string(),
  side: z.enum(['buy', 'sell']),
  /** The whole fill, positive. */
  quantity: z.number(),
  tradeQuantity: z
    .number()
    .describe(
      'The part of the fill that belongs to this trade: the whole quantity, except for a fill that closed one trade and opened the next (a reversal).',
    ),
  price: z.number(),
  fee: z
    .number()
    .nullable()
    .describe('The fill’s own charges in `currency`; null for typed legs (the trade has only a total).'),
  currency: z.string(),
  multiplier: z.number(),
  executedAt: z.string(),
  brokerTradeId: z.string().nullable(),
  orderId: z.string().nullable(),
  kind: z.enum(TRADE_EXECUTION_KINDS),
});
export type TradeExecution = z.output<typeof tradeExecutionSchema>;

/** One 1-minute candle; `time` is the minute's start in Unix seconds (what lightweight-charts reads). */
export const tradeCandleSchema = z.object({
  time: z.number().int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
});
export type TradeCandle = z.output<typeof tradeCandleSchema>;

const chartPointSchema = z.object({
  time: z.number().int().describe('Unix seconds on the chart’s time axis.'),
  price: z.number(),
});

export const tradeChartSchema = z
  .object({
    symbol: z.string(),
    interval: z.literal('1m'),
    candles: z.array(tradeCandleSchema),
    /** The trade's entry (first fill's moment, average entry price) and exit (last fill, average exit). */
    entry: chartPointSchema,
    exit: chartPointSchema.nullable(),
    truncated: z
      .boolean()
      .describe(
        `True when the session has more than ${TRADE_CHART_MAX_CANDLES} candles: the first and last ${TRADE_CHART_MAX_CANDLES / 2} are kept.`,
      ),
  })
  .describe(
    `The market around a competition trade: 1-minute candles from ${TRADE_CHART_MARGIN_MINUTES} minutes before the entry's minute to ${TRADE_CHART_MARGIN_MINUTES} minutes after the exit's. In a replay competition, times are the replayed day's.`,
  );
export type TradeChart = z.output<typeof tradeChartSchema>;

export const tradeExcursionSchema = z
  .object({
    mae: z
      .number()
      .describe(
        'Maximum adverse excursion, ≥ 0: long (entry − lowest low) × quantity × multiplier, short (highest high − entry) × quantity × multiplier; 0 when the price never went past the entry against the trade.',
      ),
    mfe: z
      .number()
      .describe(
        'Maximum favourable excursion, ≥ 0: long (highest high − entry) × quantity × multiplier, short (entry − lowest low) × quantity × multiplier.',
      ),
    maePrice: z
      .number()
      .describe('The worst price the candles reached: lowest low (long), highest high (short).'),
    mfePrice: z
      .number()
      .describe('The best price the candles reached: highest high (long), lowest low (short).'),
  })
  .describe(
    'In the trade’s currency, against its average entry price, over the candles whose minute overlaps the trade (from the entry’s minute to the exit’s, both included). Candles are mid prices, fills are at bid or ask.',
  );
export type TradeExcursion = z.output<typeof tradeExcursionSchema>;

export const tradeDetailSchema = z.object({
  trade: journalTradeViewSchema,
  executions: z.array(tradeExecutionSchema),
  chart: tradeChartSchema
    .nullable()
    .describe(
      'The 1-minute candles around the trade: a competition’s (its market or replayed day), or for an imported or typed trade the app’s market candles or an uploaded replay day of its symbol; null when none cover it.',
    ),
  excursion: tradeExcursionSchema
    .nullable()
    .describe('Closed trades with candles covering at least one whole minute; null otherwise.'),
  /** Why there is no MAE/MFE though there are candles (a trade shorter than the finest data kept). */
  excursionNote: z.string().nullable(),
});
export type TradeDetail = z.output<typeof tradeDetailSchema>;

function round(value: number): number {
  // `+ 0` turns -0 into 0.
  return Math.round(value * 1e6) / 1e6 + 0;
}

/**
 * MAE and MFE of a trade from the lowest low and highest high of the candles it was open in: how far
 * the price went against it and for it, in money (price move × quantity × multiplier), never below 0.
 */
export function tradeExcursion(
  trade: { side: 'long' | 'short'; entryPrice: number; quantity: number; multiplier: number },
  range: { low: number; high: number },
): TradeExcursion {
  const size = trade.quantity * trade.multiplier;
  const down = Math.max(0, (trade.entryPrice - range.low) * size);
  const up = Math.max(0, (range.high - trade.entryPrice) * size);
  return trade.side === 'long'
    ? { mae: round(down), mfe: round(up), maePrice: range.low, mfePrice: range.high }
    : { mae: round(up), mfe: round(down), maePrice: range.high, mfePrice: range.low };
}

/**
 * How much of each of a trade's fills (in the order the rebuild pairs them) belongs to the trade.
 * Only a reversal fill is split: the one that closes the trade gives it what was still open, and the
 * trade it opens (`reversal`) gets the rest, which is whatever its other entries do not account for.
 */
export function fillQuantitiesInTrade(
  trade: { side: 'long' | 'short'; quantity: number; reversal: boolean },
  fills: ReadonlyArray<{ side: 'buy' | 'sell'; quantity: number }>,
): number[] {
  const entering = trade.side === 'long' ? 'buy' : 'sell';
  let position = 0;
  return fills.map((fill, index) => {
    let part: number;
    if (index === 0) {
      const laterEntries = fills
        .slice(1)
        .reduce((sum, later) => sum + (later.side === entering ? later.quantity : 0), 0);
      part = trade.reversal ? Math.min(fill.quantity, trade.quantity - laterEntries) : fill.quantity;
      position = part;
    } else if (fill.side === entering) {
      part = fill.quantity;
      position += part;
    } else {
      part = Math.min(fill.quantity, position);
      position -= part;
    }
    return round(part);
  });
}

/** The start of the minute holding `time` (ms). */
export function minuteStart(time: number): number {
  return Math.floor(time / MINUTE_MS) * MINUTE_MS;
}

/**
 * The minutes a trade's chart covers (ms, both minute starts, inclusive): from the margin before the
 * entry's minute to the margin after the exit's (the entry's, while open).
 */
export function tradeChartWindow(entryTime: number, exitTime: number | null): { from: number; to: number } {
  const margin = TRADE_CHART_MARGIN_MINUTES * MINUTE_MS;
  return { from: minuteStart(entryTime) - margin, to: minuteStart(exitTime ?? entryTime) + margin };
}
