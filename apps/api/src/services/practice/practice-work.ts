import {
  type Database,
  type DbExecutor,
  instruments,
  newId,
  practiceDecisions,
  practiceFills,
  practiceSessions,
  replayBars,
} from '@candlewise/db';
import {
  PRACTICE_NOT_FOUND,
  type PracticeClock,
  type PracticeSession,
  type PracticeSummary,
  practiceMid,
  type ReplayBar,
  replayedNow,
} from '@candlewise/shared';
import { fromMinorUnits, minorUnitsOf } from '@candlewise/shared/money/money';
import { and, asc, count, desc, eq, gte, lt } from 'drizzle-orm';
import { type AccountState, closeOut, type FillRecord } from '../../engine/account-book.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { accountOfSession, bookOfAccount } from './practice-account.ts';
import {
  markPractice,
  type PracticeInstrument,
  practiceMarket,
  walkPracticeBars,
} from './walk-practice-bars.ts';

/**
 * One practice replay worked on in a request (docs/decisions/030-practice-replays.md): the session
 * row locked, its day's bars, the book settled to the replayed time now by the bar walk, the
 * command applied by the caller, then the session, its fills and decisions saved and the answer
 * built, in one transaction.
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

export const ended = () => conflict('This practice replay has ended. Start a new one to trade again.');

/** The day's bars of an instrument (UTC day), in order; cached briefly (uploads replace whole spans). */
export async function loadDayBars(
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

export function clockOf(session: SessionRow): PracticeClock {
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
export function plain(value: number): string {
  return value.toFixed(10).replace(/\.?0+$/, '');
}

export function hhmm(time: number): string {
  return new Date(time).toISOString().slice(11, 19);
}

/** One locked session with its day, worked on in memory and saved at the end. */
export class PracticeWork {
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
export async function withSession<T>(
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

export async function countsOf(tx: DbExecutor, sessionId: string) {
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

export function summaryOf(
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
