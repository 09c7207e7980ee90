/**
 * Turning executions into journal trades (docs/architecture.md §Journal). A trade is a round trip: it opens when the
 * position in a symbol leaves zero and closes when it returns to zero, however many fills scale in
 * and out between. CSV, paper (competition) and broker fills all go through this one rule, and the
 * trade's identity is the opening fill's, so the same fills always give the same trades: an account's
 * trades are rebuilt from all its fills whenever new ones arrive.
 *
 * A stock sold without a known purchase is not a short unless the broker says so: Indian retail
 * learners do not hold equity shorts overnight, so such a sale (one not bought back the same
 * trading day, counted in the exchange's zone) sold shares held before the history starts. It is
 * reported as a sale without an opening until the learner enters opening holdings (a synthetic buy
 * placed before every fill of the symbol). Futures, options, forex, a same-day stock short and a
 * sale the broker marks as a short sale (IBKR Open/Close O, Alpaca sell_short) sell first for real.
 */
import type { ImportedExecution } from './executions.ts';
import { zoneClock } from './zone-time.ts';

export interface Execution {
  /** Unique at its source (the broker's or the engine's fill id, an importer's identity). */
  id: string;
  symbol: string;
  side: 'buy' | 'sell';
  /** Positive. */
  quantity: number;
  price: number;
  /** Commission and fees of this execution, positive; 0 when none. */
  fee?: number;
  time: Date;
  /** ISO 4217 code of the price and fee; the trade takes its opening fill's. */
  currency?: string;
  /** Units per contract (1 for shares); the trade takes its opening fill's. */
  multiplier?: number;
  assetClass?: ImportedExecution['assetClass'];
  /** The learner's opening holding of the symbol: placed before every fill of its symbol. */
  opening?: boolean;
  /** The broker marks this sale as opening a short: from flat it is a short, whatever the day. */
  shortSale?: boolean;
  /** The exchange's zone: its calendar day decides a same-day stock short (else the option's). */
  marketZone?: string | null;
  /**
   * When the contract (an option or a future) expires: a position in it still open after this
   * instant is settled then (see `rebuildPositions`).
   */
  expiresAt?: Date | null;
}

/** The sentence put on a trade the rebuild closed at the option's expiry with no known settlement. */
export const EXPIRY_ASSUMED_ZERO_NOTE =
  'closed at expiry, settlement assumed 0 — edit if it expired in the money';

export interface RoundTrip {
  /** The opening fill's id (`<id>:reversal` when one fill both closed a trade and opened the next). */
  externalId: string;
  symbol: string;
  side: 'long' | 'short';
  /** The quantity entered (equal to the quantity exited). */
  quantity: number;
  /** Volume-weighted average entry and exit prices. */
  entryPrice: number;
  exitPrice: number;
  entryTime: Date;
  exitTime: Date;
  fees: number;
  /** Net of fees, in price units times the multiplier, in `currency`. */
  pnl: number;
  currency: string;
  multiplier: number;
  fillIds: string[];
  /**
   * 'assumed-zero': an option still open when it expired, with no closing fill, closed at 0 at its
   * expiry (the learner edits it if it expired in the money).
   */
  closedAtExpiry?: 'assumed-zero';
}

/** A fill read by an importer or a broker sync, as the pairing rule reads it (its identity is its id). */
export function toPairingExecution(execution: ImportedExecution): Execution {
  return {
    id: execution.identity,
    symbol: execution.symbol,
    side: execution.side,
    quantity: execution.quantity,
    price: execution.price,
    fee: execution.fee,
    time: execution.executedAt,
    currency: execution.currency,
    multiplier: execution.multiplier,
    assetClass: execution.assetClass,
    shortSale: execution.shortSale,
    marketZone: execution.marketZone,
    expiresAt: execution.expiresAt ?? null,
  };
}

/** A position still open after the last fill: not a trade yet. */
export interface OpenPosition {
  key: string;
  /** What the trade will be keyed by once it closes (the opening fill's id). */
  externalId: string;
  symbol: string;
  side: 'long' | 'short';
  /** Open quantity, positive. */
  quantity: number;
  /** Volume-weighted average price of the quantity entered. */
  averagePrice: number;
  currency: string;
  multiplier: number;
  /** When the position opened. */
  since: Date;
  fillIds: string[];
}

/** Stock sold beyond any known purchase (shares held before the history starts). */
export interface SaleWithoutOpening {
  key: string;
  symbol: string;
  /** Shares sold with no known opening, summed over such sales. */
  quantity: number;
  currency: string;
  firstSaleAt: Date;
  fillIds: string[];
}

/** A future still open after its expiry: its settlement price is asked for, never invented. */
export interface AwaitingSettlement {
  key: string;
  symbol: string;
  side: 'long' | 'short';
  quantity: number;
  expiresAt: Date;
  currency: string;
  fillIds: string[];
}

export interface RebuiltPositions {
  /** Closed round trips, oldest exit first. */
  trips: RoundTrip[];
  /** Positions still open (futures past expiry included: they are in `awaitingSettlement` too). */
  open: OpenPosition[];
  salesWithoutOpening: SaleWithoutOpening[];
  awaitingSettlement: AwaitingSettlement[];
}

export interface RebuildOptions {
  /** Contract size per symbol when an execution does not carry its own (1 for shares). */
  multiplier?: (symbol: string) => number;
  /** Groups executions into books (default: the symbol). */
  key?: (execution: Execution) => string;
  /** The currency of executions that carry none (default INR). */
  currency?: string;
  /**
   * Whether the history may start after the learner bought (CSV and outside brokers: yes; the
   * competition engine keeps every fill: no). Only then is a stock sale without a purchase held back.
   */
  historyMayBeIncomplete?: boolean;
  /**
   * The zone whose calendar day decides a same-day stock short when a fill does not carry its
   * exchange's (default Asia/Kolkata).
   */
  timeZone?: string;
  /**
   * The instant expiries are judged against (default: the time of the rebuild). An option open
   * after its expiry closes at 0 then; a future open after its expiry awaits its settlement price.
   */
  now?: Date;
}

interface OpenTrip {
  externalId: string;
  direction: 1 | -1;
  position: number;
  enteredQty: number;
  enteredValue: number;
  exitedQty: number;
  exitedValue: number;
  entryTime: Date;
  lastTime: Date;
  fees: number;
  currency: string;
  multiplier: number;
  fillIds: string[];
}

const EPSILON = 1e-9;

const byTimeThenId = (a: Execution, b: Execution) =>
  Number(Boolean(b.opening)) - Number(Boolean(a.opening)) ||
  a.time.getTime() - b.time.getTime() ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Closed round trips, open positions and stock sales without an opening of the given executions.
 * Executions are grouped into books by `key` (default: the symbol; pass account and symbol when
 * one user has several accounts).
 */
export function rebuildPositions(
  executions: readonly Execution[],
  options: RebuildOptions = {},
): RebuiltPositions {
  const keyOf = options.key ?? ((execution: Execution) => execution.symbol);
  const books = new Map<string, Execution[]>();
  for (const execution of executions) {
    if (!(execution.quantity > 0)) continue;
    const key = keyOf(execution);
    const book = books.get(key);
    if (book) book.push(execution);
    else books.set(key, [execution]);
  }
  const result: RebuiltPositions = { trips: [], open: [], salesWithoutOpening: [], awaitingSettlement: [] };
  for (const [key, book] of books) {
    book.sort(byTimeThenId);
    rebuildBook(key, book, options, result);
  }
  result.trips.sort(
    (a, b) =>
      a.exitTime.getTime() - b.exitTime.getTime() ||
      compareText(a.fillIds[a.fillIds.length - 1], b.fillIds[b.fillIds.length - 1]) ||
      compareText(a.externalId, b.externalId),
  );
  return result;
}

/** Closed round trips of the given executions, oldest first (open positions are left out). */
export function executionsToRoundTrips(
  executions: readonly Execution[],
  options: RebuildOptions = {},
): RoundTrip[] {
  return rebuildPositions(executions, options).trips;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function rebuildBook(key: string, book: Execution[], options: RebuildOptions, result: RebuiltPositions) {
  const multiplierOf = (execution: Execution) =>
    execution.multiplier ?? options.multiplier?.(execution.symbol) ?? 1;
  const currencyOf = (execution: Execution) => execution.currency ?? options.currency ?? 'INR';
  let withoutOpening: SaleWithoutOpening | null = null;
  /**
   * A stock sell that would open a short: a real short when the broker marks it as one or when buys
   * on the same trading day (in the exchange's zone) bring the position back to zero, else a sale of
   * shares held before the history.
   */
  const isSaleWithoutOpening = (index: number, quantity: number) => {
    const execution = book[index];
    if (!options.historyMayBeIncomplete || execution.assetClass !== 'stock' || execution.side !== 'sell') {
      return false;
    }
    if (execution.shortSale) return false;
    const clock = zoneClock(execution.marketZone ?? options.timeZone);
    const day = clock.dayIndex(execution.time.getTime());
    let position = -quantity;
    for (let next = index + 1; next < book.length; next += 1) {
      const later = book[next];
      if (clock.dayIndex(later.time.getTime()) !== day) break;
      position += later.side === 'buy' ? later.quantity : -later.quantity;
      if (position > -EPSILON) return false;
    }
    return true;
  };
  const holdBack = (execution: Execution, quantity: number) => {
    if (!withoutOpening) {
      withoutOpening = {
        key,
        symbol: execution.symbol,
        quantity: 0,
        currency: currencyOf(execution),
        firstSaleAt: execution.time,
        fillIds: [],
      };
      result.salesWithoutOpening.push(withoutOpening);
    }
    withoutOpening.quantity = round(withoutOpening.quantity + quantity);
    withoutOpening.fillIds.push(execution.id);
  };
  const start = (externalId: string, execution: Execution, quantity: number, fee: number): OpenTrip => ({
    externalId,
    direction: execution.side === 'buy' ? 1 : -1,
    position: quantity,
    enteredQty: quantity,
    enteredValue: quantity * execution.price,
    exitedQty: 0,
    exitedValue: 0,
    entryTime: execution.time,
    lastTime: execution.time,
    fees: fee,
    currency: currencyOf(execution),
    multiplier: multiplierOf(execution),
    fillIds: [execution.id],
  });
  const close = (trip: OpenTrip, symbol: string, closedAtExpiry?: 'assumed-zero') => {
    const entryPrice = trip.enteredValue / trip.enteredQty;
    const exitPrice = trip.exitedValue / trip.exitedQty;
    const gross = (exitPrice - entryPrice) * trip.enteredQty * trip.direction * trip.multiplier;
    result.trips.push({
      externalId: trip.externalId,
      symbol,
      side: trip.direction === 1 ? 'long' : 'short',
      quantity: round(trip.enteredQty),
      entryPrice: round(entryPrice),
      exitPrice: round(exitPrice),
      entryTime: trip.entryTime,
      exitTime: trip.lastTime,
      fees: round(trip.fees),
      pnl: round(gross - trip.fees),
      currency: trip.currency,
      multiplier: trip.multiplier,
      fillIds: trip.fillIds,
      ...(closedAtExpiry ? { closedAtExpiry } : {}),
    });
  };

  let trip: OpenTrip | null = null;
  for (let index = 0; index < book.length; index += 1) {
    const execution = book[index];
    const signed = execution.side === 'buy' ? 1 : -1;
    const fee = execution.fee ?? 0;
    if (!trip) {
      // A fill at price 0 only closes (an option expired, assigned or exercised): whose opening
      // is not in the history, it opens nothing.
      if (execution.price === 0) continue;
      if (isSaleWithoutOpening(index, execution.quantity)) holdBack(execution, execution.quantity);
      else trip = start(execution.id, execution, execution.quantity, fee);
      continue;
    }
    trip.fillIds.push(execution.id);
    trip.lastTime = execution.time;
    if (signed === trip.direction) {
      trip.position += execution.quantity;
      trip.enteredQty += execution.quantity;
      trip.enteredValue += execution.quantity * execution.price;
      trip.fees += fee;
      continue;
    }
    const closing = Math.min(execution.quantity, trip.position);
    const closingFee = fee * (closing / execution.quantity);
    trip.position -= closing;
    trip.exitedQty += closing;
    trip.exitedValue += closing * execution.price;
    trip.fees += closingFee;
    if (trip.position > EPSILON) continue;
    close(trip, execution.symbol);
    trip = null;
    const remainder = execution.quantity - closing;
    if (remainder > EPSILON && execution.price !== 0) {
      if (isSaleWithoutOpening(index, remainder)) holdBack(execution, remainder);
      else trip = start(`${execution.id}:reversal`, execution, remainder, fee - closingFee);
    }
  }
  if (trip) {
    const last = book[book.length - 1];
    const expiresAt = last.expiresAt ?? null;
    const now = options.now ?? new Date();
    if (expiresAt && expiresAt.getTime() <= now.getTime() && last.time.getTime() <= expiresAt.getTime()) {
      if (last.assetClass === 'option') {
        // No closing fill and no settlement known: the option left the book worthless at expiry.
        trip.exitedQty += trip.position;
        trip.position = 0;
        trip.lastTime = expiresAt;
        close(trip, last.symbol, 'assumed-zero');
        return;
      }
      result.awaitingSettlement.push({
        key,
        symbol: last.symbol,
        side: trip.direction === 1 ? 'long' : 'short',
        quantity: round(trip.position),
        expiresAt,
        currency: trip.currency,
        fillIds: trip.fillIds,
      });
    }
    result.open.push({
      key,
      externalId: trip.externalId,
      symbol: last.symbol,
      side: trip.direction === 1 ? 'long' : 'short',
      quantity: round(trip.position),
      averagePrice: round(trip.enteredValue / trip.enteredQty),
      currency: trip.currency,
      multiplier: trip.multiplier,
      since: trip.entryTime,
      fillIds: trip.fillIds,
    });
  }
}

function round(value: number): number {
  // `+ 0` turns -0 into 0, so a break-even short reads as 0, not -0.
  return Math.round(value * 1e6) / 1e6 + 0;
}
