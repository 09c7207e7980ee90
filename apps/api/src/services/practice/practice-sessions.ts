import {
  type Database,
  type DbExecutor,
  instruments,
  newId,
  practiceDecisions,
  practiceFills,
  practiceSessions,
  replayBars,
  users,
} from '@candlewise/db';
import {
  barAt,
  candlesSoFar,
  formatCsv,
  MAX_RUNNING_PRACTICE_SESSIONS,
  MINUTE_MS,
  PRACTICE_CAP_MESSAGE,
  PRACTICE_NOT_FOUND,
  PRACTICE_STARTING_BALANCE,
  type PracticeClock,
  type PracticeSession,
  type PracticeSummary,
  practiceMid,
  type ReplayBar,
  reanchor,
  replayedNow,
  type Side,
  stepTarget,
} from '@candlewise/shared';
import { fromMinorUnits, minorUnitsOf } from '@candlewise/shared/money/money';
import { and, asc, count, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { type AccountState, closeOut, type FillRecord } from '../../engine/account-book.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import {
  applyOrder,
  type OrderInput,
  type ProtectionInput,
  protectOrder,
  protectPosition,
  validateOrderInput,
  validateProtectionLevels,
} from '../trading/place-order.ts';
import { accountOfSession, bookOfAccount } from './practice-account.ts';
import {
  markPractice,
  type PracticeInstrument,
  practiceMarket,
  walkPracticeBars,
} from './walk-practice-bars.ts';

/**
 * Practice replays (docs/decisions/030-practice-replays.md): a learner's own replay of an uploaded
 * day. Every request locks the session row, settles the book up to the replayed time now (the bar
 * walk), applies the learner's command with the competitions' order rules at the replayed price,
 * logs the decision and saves, in one transaction.
 */

type SessionRow = typeof practiceSessions.$inferSelect;
type InstrumentRow = typeof instruments.$inferSelect;
type Decision = {
  kind: (typeof practiceDecisions.$inferInsert)['kind'];
  summary: string;
  details?: Record<string, string | number | null>;
};

const DAY_MS = 86_400_000;
const BARS_CACHE_MS = 30_000;

const ended = () => conflict('This practice replay has ended. Start a new one to trade again.');

/** The day's bars of an instrument (UTC day), in order; cached briefly (uploads replace whole spans). */
async function loadDayBars(
  db: DbExecutor,
  cache: TtlCache,
  symbol: string,
  day: string,
): Promise<ReplayBar[]> {
  return cache.get(`practice-bars:${symbol}:${day}`, BARS_CACHE_MS, async () => {
    const start = Date.parse(`${day}T00:00:00Z`);
    const rows = await db
      .select()
      .from(replayBars)
      .where(
        and(
          eq(replayBars.symbol, symbol),
          gte(replayBars.time, new Date(start)),
          lt(replayBars.time, new Date(start + DAY_MS)),
        ),
      )
      .orderBy(asc(replayBars.time));
    return rows.map((row) => ({
      time: row.time.getTime(),
      open: row.open,
      high: row.high,
      low: row.low,
      close: row.close,
      volume: row.volume,
    }));
  });
}

/** Instruments with uploaded bars and their days, newest first (where a practice replay can start). */
export async function listPracticeDays(db: DbExecutor) {
  const day = sql<string>`to_char(${replayBars.time} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .selectDistinct({
      symbol: replayBars.symbol,
      day,
      name: instruments.name,
      currency: instruments.currency,
    })
    .from(replayBars)
    .innerJoin(instruments, eq(instruments.symbol, replayBars.symbol))
    .orderBy(replayBars.symbol, desc(day));
  const bySymbol = new Map<string, { symbol: string; name: string; currency: string; days: string[] }>();
  for (const row of rows) {
    const entry = bySymbol.get(row.symbol) ?? {
      symbol: row.symbol,
      name: row.name,
      currency: row.currency,
      days: [],
    };
    entry.days.push(row.day);
    bySymbol.set(row.symbol, entry);
  }
  return [...bySymbol.values()];
}

function clockOf(session: SessionRow): PracticeClock {
  return {
    state: session.state,
    positionMs: session.positionAt.getTime(),
    anchorWallMs: session.anchorAt.getTime(),
    speed: session.speed,
    endMs: session.endsAt.getTime(),
  };
}

function terms(instrument: InstrumentRow): PracticeInstrument {
  return {
    symbol: instrument.symbol,
    tickSize: instrument.tickSize,
    spread: instrument.spread,
    contractSize: instrument.contractSize,
    currency: instrument.currency,
  };
}

/** A price in a sentence: no exponent, no trailing zeros. */
function plain(value: number): string {
  return value.toFixed(10).replace(/\.?0+$/, '');
}

function hhmm(time: number): string {
  return new Date(time).toISOString().slice(11, 19);
}

/** One locked session with its day, worked on in memory and saved at the end. */
class PracticeWork {
  readonly account: AccountState;
  clock: PracticeClock;
  settledTo: number;
  endedAt: Date | null;
  readonly fills: Array<FillRecord & { time: number }> = [];
  readonly decisions: Array<Decision & { time: number; equity: number }> = [];

  constructor(
    readonly session: SessionRow,
    readonly instrument: InstrumentRow,
    readonly bars: ReplayBar[],
    readonly now: number,
  ) {
    this.account = accountOfSession(session);
    this.clock = clockOf(session);
    this.settledTo = session.settledTo.getTime();
    this.endedAt = session.endedAt;
  }

  get replayed(): number {
    return replayedNow(this.clock, this.now);
  }

  get isEnded(): boolean {
    return this.clock.state === 'ended';
  }

  /** The replayed price now, as a market the order rules can use. */
  market(time = this.replayed) {
    return practiceMarket(terms(this.instrument), practiceMid(this.bars, time) ?? this.bars[0].open, time);
  }

  /** Walks every bar from the last settled moment to `time`; the day's end ends the session. */
  settle(time = this.replayed): void {
    if (this.isEnded) return;
    if (time > this.settledTo) {
      for (const event of walkPracticeBars(
        this.account,
        terms(this.instrument),
        this.bars,
        this.settledTo,
        time,
      )) {
        for (const fill of event.fills) this.fills.push({ ...fill, time: event.time });
        for (const canceled of event.canceled)
          this.decisions.push({
            kind: 'cancel',
            time: event.time,
            equity: this.account.equity,
            summary: `Order ${canceled.id} was cancelled: filling it would pass your buying power.`,
            details: { orderId: canceled.id },
          });
      }
      this.settledTo = time;
    }
    markPractice(
      this.account,
      terms(this.instrument),
      practiceMid(this.bars, time) ?? this.bars[0].open,
      time,
    );
    if (time >= this.clock.endMs)
      this.end('The day’s bars have all been played: positions closed at the last price.');
  }

  /** A pending order placed now that the price already satisfies fills at once, as on the live desk's next tick. */
  settleHere(): void {
    const time = this.replayed;
    for (const event of walkPracticeBars(this.account, terms(this.instrument), this.bars, time, time))
      for (const fill of event.fills) this.fills.push({ ...fill, time: event.time });
  }

  log(decision: Decision, time = this.replayed): void {
    this.decisions.push({ ...decision, time, equity: this.account.equity });
  }

  end(summary: string): void {
    const time = Math.min(this.replayed, this.clock.endMs);
    const closed = closeOut(this.account, this.market(time), 'competition_end');
    for (const fill of closed.fills) this.fills.push({ ...fill, time });
    this.log({ kind: 'end', summary }, time);
    this.clock = { ...this.clock, state: 'ended', positionMs: time, anchorWallMs: this.now };
    this.endedAt = new Date(this.now);
  }

  async save(tx: DbExecutor): Promise<void> {
    await tx
      .update(practiceSessions)
      .set({
        balance: this.account.balance,
        equity: this.account.equity,
        state: this.clock.state,
        speed: this.clock.speed,
        positionAt: new Date(this.clock.positionMs),
        anchorAt: new Date(this.clock.anchorWallMs),
        settledTo: new Date(this.settledTo),
        book: bookOfAccount(this.account, this.session.book, this.replayed),
        tradesCount: this.account.tradesCount,
        endedAt: this.endedAt,
      })
      .where(eq(practiceSessions.id, this.session.id));
    if (this.fills.length) {
      const [{ value: before }] = await tx
        .select({ value: count() })
        .from(practiceFills)
        .where(eq(practiceFills.sessionId, this.session.id));
      await tx.insert(practiceFills).values(
        this.fills.map((fill, index) => ({
          id: newId(),
          sessionId: this.session.id,
          orderId: fill.orderId,
          symbol: fill.symbol,
          side: fill.side,
          quantity: fill.quantity,
          price: fill.price,
          realized: fromMinorUnits(fill.realizedCents),
          reason: fillReason(fill.reason),
          replayedAt: new Date(fill.time),
          sequence: before + index + 1,
        })),
      );
    }
    if (this.decisions.length) {
      const [{ value: before }] = await tx
        .select({ value: count() })
        .from(practiceDecisions)
        .where(eq(practiceDecisions.sessionId, this.session.id));
      await tx.insert(practiceDecisions).values(
        this.decisions.map((decision, index) => ({
          id: newId(),
          sessionId: this.session.id,
          sequence: before + index + 1,
          kind: decision.kind,
          replayedAt: new Date(decision.time),
          wallAt: new Date(this.now),
          equity: decision.equity,
          summary: decision.summary,
          details: decision.details ?? {},
        })),
      );
    }
  }
}

/** What a fill is called in a practice replay. */
function fillReason(reason: FillRecord['reason']): string {
  if (reason === 'phase_end' || reason === 'competition_end') return 'session_end';
  return reason;
}

/**
 * Runs `work` on the caller's session, locked, settled to now, and saves it; another user's session
 * (or none) is a 404, as the journal answers for another learner's trade.
 */
async function withSession<T>(
  db: Database,
  cache: TtlCache,
  userId: string,
  sessionId: string,
  now: number,
  work: (practice: PracticeWork) => T,
): Promise<{ session: PracticeSession; result: T }> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(practiceSessions)
      .where(and(eq(practiceSessions.id, sessionId), eq(practiceSessions.userId, userId)))
      .for('update');
    if (!session) throw notFound(PRACTICE_NOT_FOUND);
    const [instrument] = await tx.select().from(instruments).where(eq(instruments.symbol, session.symbol));
    const bars = await loadDayBars(tx, cache, session.symbol, session.day);
    if (!instrument || !bars.length) throw notFound('The bars of this practice replay are no longer stored.');
    const practice = new PracticeWork(session, instrument, bars, now);
    practice.settle();
    const result = work(practice);
    await practice.save(tx);
    return { session: await sessionView(tx, practice), result };
  });
}

async function sessionView(tx: DbExecutor, practice: PracticeWork): Promise<PracticeSession> {
  const { session, instrument, account } = practice;
  const fills = await tx
    .select()
    .from(practiceFills)
    .where(eq(practiceFills.sessionId, session.id))
    .orderBy(desc(practiceFills.sequence))
    .limit(200);
  const decisions = await tx
    .select()
    .from(practiceDecisions)
    .where(eq(practiceDecisions.sessionId, session.id))
    .orderBy(desc(practiceDecisions.sequence))
    .limit(100);
  const counts = await countsOf(tx, session.id);
  const replayed = practice.replayed;
  const quote = practice.market(replayed).quote(session.symbol);
  return {
    ...summaryOf(
      {
        ...session,
        state: practice.clock.state,
        speed: practice.clock.speed,
        balance: account.balance,
        equity: account.equity,
        endedAt: practice.endedAt,
      },
      replayed,
      counts,
    ),
    instrument: {
      symbol: instrument.symbol,
      name: instrument.name,
      tickSize: instrument.tickSize,
      lotStep: instrument.lotStep,
      minQuantity: instrument.minQuantity,
      contractSize: instrument.contractSize,
    },
    clock: {
      startsAt: session.startsAt.getTime(),
      endsAt: session.endsAt.getTime(),
      serverTime: practice.now,
    },
    quote: quote ? { bid: quote.bid, ask: quote.ask, mid: quote.mid } : null,
    positions: [...account.positions.values()].map((position) => ({ ...position })),
    openOrders: bookOfAccount(account, session.book, replayed).openOrders.map(({ id, ...order }) => ({
      _id: id,
      ...order,
    })),
    fillsList: fills.map((fill) => ({
      orderId: fill.orderId,
      symbol: fill.symbol,
      side: fill.side,
      quantity: fill.quantity,
      price: fill.price,
      realized: fill.realized,
      reason: fill.reason,
      replayedAt: fill.replayedAt.getTime(),
    })),
    decisionsList: decisions.map((decision) => ({
      sequence: decision.sequence,
      kind: decision.kind,
      replayedAt: decision.replayedAt.getTime(),
      wallAt: decision.wallAt.toISOString(),
      equity: decision.equity,
      summary: decision.summary,
    })),
  };
}

async function countsOf(tx: DbExecutor, sessionId: string) {
  const [{ fills }] = await tx
    .select({ fills: count() })
    .from(practiceFills)
    .where(eq(practiceFills.sessionId, sessionId));
  const [{ decisions }] = await tx
    .select({ decisions: count() })
    .from(practiceDecisions)
    .where(eq(practiceDecisions.sessionId, sessionId));
  return { fills, decisions };
}

function summaryOf(
  session: SessionRow,
  replayedTime: number,
  counts: { fills: number; decisions: number },
): PracticeSummary {
  return {
    _id: session.id,
    symbol: session.symbol,
    day: session.day,
    currency: session.currency,
    state: session.state,
    speed: session.speed,
    replayedTime,
    startingBalance: session.startingBalance,
    balance: session.balance,
    equity: session.equity,
    pnl: fromMinorUnits(minorUnitsOf(session.equity) - minorUnitsOf(session.startingBalance)),
    fills: counts.fills,
    decisions: counts.decisions,
    createdAt: session.createdAt.toISOString(),
    endedAt: session.endedAt ? session.endedAt.toISOString() : null,
  };
}

export type PracticeDeps = { db: Database; cache: TtlCache };

/** The caller's sessions, newest first, each settled to now (a day that ran out ends its session). */
export async function listPracticeSessions({ db, cache }: PracticeDeps, userId: string, now: number) {
  const running = await db
    .select({ id: practiceSessions.id })
    .from(practiceSessions)
    .where(and(eq(practiceSessions.userId, userId), ne(practiceSessions.state, 'ended')));
  for (const { id } of running) await withSession(db, cache, userId, id, now, () => null);
  const rows = await db
    .select()
    .from(practiceSessions)
    .where(eq(practiceSessions.userId, userId))
    .orderBy(desc(practiceSessions.createdAt), desc(practiceSessions.id));
  const summaries: PracticeSummary[] = [];
  for (const row of rows)
    summaries.push(summaryOf(row, replayedNow(clockOf(row), now), await countsOf(db, row.id)));
  return summaries;
}

/** A new practice replay of `day` for `symbol`, paused at its first bar (or at `startAt`); at most five running. */
export async function createPracticeSession(
  deps: PracticeDeps,
  userId: string,
  input: { symbol: string; day: string; startAt?: string; speed: number },
  now: number,
): Promise<PracticeSession> {
  const { db, cache } = deps;
  const [instrument] = await db.select().from(instruments).where(eq(instruments.symbol, input.symbol));
  if (!instrument)
    throw new AppError(400, 'VALIDATION_FAILED', `Unknown instrument ${input.symbol}.`, [
      { path: 'symbol', message: `Unknown instrument ${input.symbol}.` },
    ]);
  const bars = await loadDayBars(db, cache, input.symbol, input.day);
  if (!bars.length) {
    const message = `There are no bars of ${input.symbol} on ${input.day}. Choose one of the days listed.`;
    throw new AppError(400, 'VALIDATION_FAILED', message, [{ path: 'day', message }]);
  }
  const endsAt = bars.at(-1)!.time + MINUTE_MS;
  const requested = input.startAt ? Date.parse(`${input.day}T${input.startAt}:00Z`) : bars[0].time;
  const startsAt = Math.max(bars[0].time, barAt(bars, requested)?.time ?? bars[0].time);
  if (requested >= endsAt) {
    const message = `The bars of ${input.day} end at ${hhmm(endsAt).slice(0, 5)} UTC. Start earlier.`;
    throw new AppError(400, 'VALIDATION_FAILED', message, [{ path: 'startAt', message }]);
  }
  // Sessions whose day has run out end now, so they no longer count as running.
  const running = await db
    .select({ id: practiceSessions.id })
    .from(practiceSessions)
    .where(and(eq(practiceSessions.userId, userId), ne(practiceSessions.state, 'ended')));
  if (running.length >= MAX_RUNNING_PRACTICE_SESSIONS)
    for (const { id } of running) await withSession(db, cache, userId, id, now, () => null);
  const id = newId(new Date(now));
  await db.transaction(async (tx) => {
    // One learner's creations queue on their user row, so the cap holds under concurrent requests.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ value }] = await tx
      .select({ value: count() })
      .from(practiceSessions)
      .where(and(eq(practiceSessions.userId, userId), ne(practiceSessions.state, 'ended')));
    if (value >= MAX_RUNNING_PRACTICE_SESSIONS) throw conflict(PRACTICE_CAP_MESSAGE);
    await tx.insert(practiceSessions).values({
      id,
      userId,
      symbol: input.symbol,
      day: input.day,
      currency: instrument.currency,
      startingBalance: PRACTICE_STARTING_BALANCE,
      balance: PRACTICE_STARTING_BALANCE,
      equity: PRACTICE_STARTING_BALANCE,
      state: 'paused',
      speed: input.speed,
      positionAt: new Date(startsAt),
      anchorAt: new Date(now),
      startsAt: new Date(bars[0].time),
      endsAt: new Date(endsAt),
      settledTo: new Date(startsAt),
      book: { positions: [], openOrders: [] },
      createdAt: new Date(now),
    });
    await tx.insert(practiceDecisions).values({
      id: newId(),
      sessionId: id,
      sequence: 1,
      kind: 'start',
      replayedAt: new Date(startsAt),
      wallAt: new Date(now),
      equity: PRACTICE_STARTING_BALANCE,
      summary: `Started a practice replay of ${input.symbol} on ${input.day} at ${hhmm(startsAt)} UTC with ${PRACTICE_STARTING_BALANCE.toLocaleString('en')} ${instrument.currency}.`,
      details: { speed: input.speed },
    });
  });
  return (await withSession(db, cache, userId, id, now, () => null)).session;
}

export async function getPracticeSession(deps: PracticeDeps, userId: string, sessionId: string, now: number) {
  return (await withSession(deps.db, deps.cache, userId, sessionId, now, () => null)).session;
}

/** The 1-minute candles up to the replayed time now, none after it; `fromSeconds` trims the older ones. */
export async function practiceCandles(
  { db, cache }: PracticeDeps,
  userId: string,
  sessionId: string,
  now: number,
  fromSeconds?: number,
) {
  const [session] = await db
    .select()
    .from(practiceSessions)
    .where(and(eq(practiceSessions.id, sessionId), eq(practiceSessions.userId, userId)));
  if (!session) throw notFound(PRACTICE_NOT_FOUND);
  const bars = await loadDayBars(db, cache, session.symbol, session.day);
  const replayedTime = replayedNow(clockOf(session), now);
  const candles = candlesSoFar(
    bars,
    replayedTime,
    fromSeconds === undefined ? undefined : fromSeconds * 1000,
  );
  return {
    replayedTime,
    candles: candles.map((candle) => ({ ...candle, time: Math.floor(candle.time / 1000) })),
  };
}

export type ClockAction =
  | { action: 'play' }
  | { action: 'pause' }
  | { action: 'step' }
  | { action: 'speed'; speed: number };

/** Play, pause, one bar on, or a new speed: the clock re-anchored at now, the decision logged. */
export async function driveClock(
  deps: PracticeDeps,
  userId: string,
  sessionId: string,
  action: ClockAction,
  now: number,
) {
  return (
    await withSession(deps.db, deps.cache, userId, sessionId, now, (practice) => {
      if (practice.isEnded) throw ended();
      const at = practice.replayed;
      switch (action.action) {
        case 'play':
          practice.clock = reanchor(practice.clock, now, { state: 'playing' });
          practice.log({ kind: 'play', summary: `Played at ${practice.clock.speed}×.` }, at);
          break;
        case 'pause':
          practice.clock = reanchor(practice.clock, now, { state: 'paused' });
          practice.log({ kind: 'pause', summary: 'Paused.' }, at);
          break;
        case 'speed':
          practice.clock = reanchor(practice.clock, now, { speed: action.speed });
          practice.log(
            { kind: 'speed', summary: `Speed set to ${action.speed}×.`, details: { speed: action.speed } },
            at,
          );
          break;
        case 'step': {
          const target = stepTarget(practice.bars, at, practice.clock.endMs);
          practice.log({ kind: 'step', summary: `Stepped one bar, to ${hhmm(target)} UTC.` }, at);
          practice.clock = { ...practice.clock, state: 'paused', positionMs: target, anchorWallMs: now };
          practice.settle(target);
          break;
        }
      }
    })
  ).session;
}

function orderSummary(input: OrderInput, fillPrice: number | null): string {
  const parts = [
    `${input.side === 'buy' ? 'Buy' : 'Sell'} ${input.type} ${plain(input.quantity)} ${input.symbol}`,
    input.type === 'market' ? `filled at ${plain(fillPrice ?? 0)}` : `at ${plain(input.price!)}`,
  ];
  if (input.stopLoss !== undefined) parts.push(`SL ${plain(input.stopLoss)}`);
  if (input.takeProfit !== undefined) parts.push(`TP ${plain(input.takeProfit)}`);
  return `${parts.join(', ')}.`;
}

function levelsSummary(levels: ProtectionInput): string {
  const level = (label: string, value: number | null | undefined) =>
    value === undefined ? null : value === null ? `${label} removed` : `${label} ${plain(value)}`;
  return [level('SL', levels.stopLoss), level('TP', levels.takeProfit)].filter(Boolean).join(', ');
}

/** A market, limit or stop order at the replayed price, checked and filled by the live desk's rules. */
export async function placePracticeOrder(
  deps: PracticeDeps,
  userId: string,
  sessionId: string,
  body: {
    side: Side;
    type: 'market' | 'limit' | 'stop';
    quantity: number;
    price?: number;
    stopLoss?: number;
    takeProfit?: number;
  },
  now: number,
) {
  return (
    await withSession(deps.db, deps.cache, userId, sessionId, now, (practice) => {
      if (practice.isEnded) throw ended();
      const input: OrderInput = { symbol: practice.session.symbol, ...body };
      validateOrderInput(practice.instrument, input);
      const at = practice.replayed;
      const equity = practice.account.equity;
      const { effect, order } = applyOrder(
        practice.account,
        { instruments: [input.symbol] },
        practice.market(at),
        input,
        newId(),
        { now: at },
      );
      for (const fill of effect.fills) practice.fills.push({ ...fill, time: at });
      practice.decisions.push({
        kind: 'order',
        time: at,
        equity,
        summary: orderSummary(input, order.fillPrice),
        details: {
          orderId: order._id,
          side: input.side,
          type: input.type,
          quantity: input.quantity,
          price: input.type === 'market' ? order.fillPrice : input.price!,
          stopLoss: input.stopLoss ?? null,
          takeProfit: input.takeProfit ?? null,
        },
      });
      if (input.type !== 'market') practice.settleHere();
      return order;
    })
  ).session;
}

export async function cancelPracticeOrder(
  deps: PracticeDeps,
  userId: string,
  sessionId: string,
  orderId: string,
  now: number,
) {
  return (
    await withSession(deps.db, deps.cache, userId, sessionId, now, (practice) => {
      if (practice.isEnded) throw ended();
      const order = practice.account.openOrders.find((candidate) => candidate.id === orderId);
      if (!order)
        throw notFound(
          'There is no open order with that id in this practice replay. It may have just filled.',
        );
      practice.account.openOrders = practice.account.openOrders.filter(
        (candidate) => candidate.id !== orderId,
      );
      practice.log({
        kind: 'cancel',
        summary: `Cancelled the ${order.side} ${order.type} ${plain(order.quantity)} at ${plain(order.price)}.`,
        details: {
          orderId,
          side: order.side,
          type: order.type,
          quantity: order.quantity,
          price: order.price,
        },
      });
    })
  ).session;
}

/** New stop-loss and take-profit of a pending order (checked against its entry, as live). */
export async function editPracticeOrder(
  deps: PracticeDeps,
  userId: string,
  sessionId: string,
  orderId: string,
  levels: ProtectionInput,
  now: number,
) {
  return (
    await withSession(deps.db, deps.cache, userId, sessionId, now, (practice) => {
      if (practice.isEnded) throw ended();
      validateProtectionLevels(practice.instrument, levels);
      const { result } = protectOrder(practice.account, orderId, levels);
      practice.log({
        kind: 'edit',
        summary: `Order ${orderId}: ${levelsSummary(levels)}.`,
        details: { orderId, stopLoss: result.stopLoss, takeProfit: result.takeProfit },
      });
    })
  ).session;
}

/** New stop-loss and take-profit of the open position (checked against the price it would close at now). */
export async function protectPracticePosition(
  deps: PracticeDeps,
  userId: string,
  sessionId: string,
  levels: ProtectionInput,
  now: number,
) {
  return (
    await withSession(deps.db, deps.cache, userId, sessionId, now, (practice) => {
      if (practice.isEnded) throw ended();
      validateProtectionLevels(practice.instrument, levels);
      const result = protectPosition(practice.account, practice.market(), practice.session.symbol, levels);
      practice.log({
        kind: 'sl_tp',
        summary: `Position: ${levelsSummary(levels)}.`,
        details: { stopLoss: result.stopLoss, takeProfit: result.takeProfit },
      });
    })
  ).session;
}

/** Closes the open position at market (the bid for a long, the ask for a short). */
export async function closePracticePosition(
  deps: PracticeDeps,
  userId: string,
  sessionId: string,
  now: number,
) {
  return (
    await withSession(deps.db, deps.cache, userId, sessionId, now, (practice) => {
      if (practice.isEnded) throw ended();
      const symbol = practice.session.symbol;
      const position = practice.account.positions.get(symbol);
      if (!position) throw notFound(`You have no open ${symbol} position.`);
      const at = practice.replayed;
      const equity = practice.account.equity;
      const input: OrderInput = {
        symbol,
        side: position.quantity > 0 ? 'sell' : 'buy',
        type: 'market',
        quantity: Math.abs(position.quantity),
      };
      const { effect, order } = applyOrder(
        practice.account,
        { instruments: [symbol] },
        practice.market(at),
        input,
        newId(),
        { closing: true, now: at },
      );
      for (const fill of effect.fills) practice.fills.push({ ...fill, reason: 'close', time: at });
      practice.decisions.push({
        kind: 'close',
        time: at,
        equity,
        summary: `Closed ${plain(Math.abs(position.quantity))} ${symbol} at ${plain(order.fillPrice ?? 0)}.`,
        details: { side: input.side, quantity: input.quantity, price: order.fillPrice },
      });
    })
  ).session;
}

/** Ends the session: open positions close at the replayed price, pending orders are cancelled. */
export async function endPracticeSession(deps: PracticeDeps, userId: string, sessionId: string, now: number) {
  return (
    await withSession(deps.db, deps.cache, userId, sessionId, now, (practice) => {
      if (practice.isEnded) return;
      practice.end('Ended the session: positions closed at the replayed price, pending orders cancelled.');
    })
  ).session;
}

/** Every decision of a session as CSV, spreadsheet-safe (the journal's escaping). */
export async function exportPracticeDecisions(
  db: DbExecutor,
  userId: string,
  sessionId: string,
): Promise<string> {
  const [session] = await db
    .select({ id: practiceSessions.id })
    .from(practiceSessions)
    .where(and(eq(practiceSessions.id, sessionId), eq(practiceSessions.userId, userId)));
  if (!session) throw notFound(PRACTICE_NOT_FOUND);
  const rows = await db
    .select()
    .from(practiceDecisions)
    .where(eq(practiceDecisions.sessionId, sessionId))
    .orderBy(asc(practiceDecisions.sequence));
  const cell = (value: string | number | null | undefined) => (value === undefined ? null : value);
  return formatCsv([
    [
      'sequence',
      'replayed_time_utc',
      'wall_time_utc',
      'kind',
      'side',
      'type',
      'quantity',
      'price',
      'stop_loss',
      'take_profit',
      'equity_before',
      'summary',
    ],
    ...rows.map((row) => [
      row.sequence,
      row.replayedAt.toISOString(),
      row.wallAt.toISOString(),
      row.kind,
      cell(row.details.side),
      cell(row.details.type),
      cell(row.details.quantity),
      cell(row.details.price),
      cell(row.details.stopLoss),
      cell(row.details.takeProfit),
      row.equity,
      row.summary,
    ]),
  ]);
}
