import {
  type DbExecutor,
  instruments,
  newId,
  practiceDecisions,
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
  type PracticeSession,
  type PracticeSummary,
  replayedNow,
} from '@candlewise/shared';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import {
  clockOf,
  countsOf,
  hhmm,
  loadDayBars,
  type PracticeDeps,
  summaryOf,
  withSession,
} from './practice-work.ts';

/**
 * Practice replays (docs/decisions/030-practice-replays.md): a learner's own replay of an uploaded
 * day. Every request locks the session row, settles the book up to the replayed time now (the bar
 * walk), applies the learner's command with the competitions' order rules at the replayed price,
 * logs the decision and saves, in one transaction.
 */

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

/**
 * A new practice replay of `day` for `symbol`, paused at its first bar (or at `startAt`); at most five
 * running. A trade drill starts one with its own starting balance and links its attempt row in the
 * same transaction (`linked`), so a refused start leaves nothing behind.
 */
export async function createPracticeSession(
  deps: PracticeDeps,
  userId: string,
  input: { symbol: string; day: string; startAt?: string; speed: number; startingBalance?: number },
  now: number,
  linked?: (tx: DbExecutor, sessionId: string) => Promise<void>,
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
  const startingBalance = input.startingBalance ?? PRACTICE_STARTING_BALANCE;
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
      startingBalance,
      balance: startingBalance,
      equity: startingBalance,
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
      equity: startingBalance,
      summary: `Started a practice replay of ${input.symbol} on ${input.day} at ${hhmm(startsAt)} UTC with ${startingBalance.toLocaleString('en')} ${instrument.currency}.`,
      details: { speed: input.speed },
    });
    if (linked) await linked(tx, id);
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
