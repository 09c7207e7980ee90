import { type Database, groupEngineState, replayBars as replayBarsTable } from '@candlewise/db';
import { barAt, barPath, MINUTE_MS, priceInBar, type ReplayBar, replayTime } from '@candlewise/shared';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { EventBus } from '../../providers/events/event-bus.ts';
import type { GroupState } from '../account-book.ts';
import { ENGINE_CHANNELS } from '../engine-contract.ts';
import type { MarketQuote } from '../simulated-feed.ts';
import { type QuotedInstrument, quoteAroundMid, replayQuotes } from './compose-quotes.ts';

/** A replayed moment of a replay competition: each of its symbols' mid there (from its bars). */
export type WalkPoint = { time: number; mids: Map<string, number> };

/**
 * What one tick of a replay competition walks (issue #40): the replayed moments from `start`
 * (the last tick's) to `end` (this tick's), with every point of every bar's path in between, in
 * order, so a level touched inside a bar the tick passed is decided in that bar.
 */
export type ReplayWalk = {
  group: GroupState;
  /** Where the walk starts (already decided by the last tick): not decided again. */
  start: WalkPoint;
  /** Each bar path point in (start, end], in time order; at a bar's end, its close before the next open. */
  points: WalkPoint[];
  /** This tick's replayed moment: crossings up to it are decided, the moment itself only when a path point. */
  end: WalkPoint;
  /** Half of each symbol's spread: the mid at which a level is the bid's or the ask's price. */
  halfSpreads: ReadonlyMap<string, number>;
  /** Quotes for a moment's mids (the instruments' spread and tick, stale once a symbol's bars run out). */
  quotesAt: (point: WalkPoint) => Map<string, MarketQuote>;
};

/** A third of a minute: the bar path's points (open, first extreme, second extreme, close). */
const THIRD_MS = MINUTE_MS / 3;

/**
 * Each symbol's mid at replayed `time`. On the bar path's points the path's own prices (exact, no
 * interpolation); `closing`: at a bar's end, the close of the bar ending there (not the next open).
 */
export function midsAt(
  bars: ReadonlyMap<string, ReplayBar[]>,
  time: number,
  closing = false,
): Map<string, number> {
  const mids = new Map<string, number>();
  for (const [symbol, list] of bars) {
    const bar = barAt(list, closing ? time - 1 : time);
    if (!bar) continue;
    const into = time - bar.time;
    if (into >= MINUTE_MS) mids.set(symbol, bar.close);
    else if (into % THIRD_MS === 0) mids.set(symbol, barPath(bar)[into / THIRD_MS]);
    else mids.set(symbol, priceInBar(bar, time));
  }
  return mids;
}

const sameMids = (a: Map<string, number>, b: Map<string, number>) =>
  a.size === b.size && [...a].every(([symbol, mid]) => b.get(symbol) === mid);

/** The bar path points in (from, to], in order (pure): at a bar boundary the close first, then the open if it differs. */
export function walkPoints(bars: ReadonlyMap<string, ReplayBar[]>, from: number, to: number): WalkPoint[] {
  const points: WalkPoint[] = [];
  for (let time = Math.floor(from / THIRD_MS) * THIRD_MS + THIRD_MS; time <= to; time += THIRD_MS) {
    const mids = midsAt(bars, time);
    if (time % MINUTE_MS === 0) {
      const closes = midsAt(bars, time, true);
      if (!sameMids(closes, mids)) points.push({ time, mids: closes });
    }
    points.push({ time, mids });
  }
  return points;
}

/**
 * Replay competitions' markets: the leader holds each one's bars and prices them every second;
 * a follower learns a replay's quotes from what the leader publishes (subscribing on first use).
 */
export class ReplayMarket {
  private bars = new Map<string, Map<string, ReplayBar[]>>();
  private quotes = new Map<string, Map<string, MarketQuote>>();
  /** Up to which replayed moment each replay competition was walked (the leader's last tick). */
  private walked = new Map<string, number>();
  private subscriptions = new Set<string>();
  private unsubscribers: Array<() => Promise<void>> = [];

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
  ) {}

  /** Loads the bars a replay competition will play, from its first replayed minute to its end; forgets a live one's. */
  async load(group: GroupState): Promise<void> {
    if (!group.replay) {
      this.bars.delete(group.id);
      this.walked.delete(group.id);
      return;
    }
    // Where the last saved tick walked to (another process's, before a handover): continue from there.
    const [state] = await this.db
      .select({ walkedTo: groupEngineState.replayWalkedTo })
      .from(groupEngineState)
      .where(eq(groupEngineState.groupId, group.id));
    if (state?.walkedTo) this.walked.set(group.id, state.walkedTo.getTime());
    else this.walked.delete(group.id);
    const until = replayTime(group.replay.from, group.startMs, group.replay.speed, group.endMs) + MINUTE_MS;
    const rows = await this.db
      .select()
      .from(replayBarsTable)
      .where(
        and(
          inArray(replayBarsTable.symbol, group.symbols),
          gte(replayBarsTable.time, new Date(group.replay.from - MINUTE_MS)),
          lte(replayBarsTable.time, new Date(until)),
        ),
      )
      .orderBy(asc(replayBarsTable.time));
    const bySymbol = new Map<string, ReplayBar[]>();
    for (const row of rows) {
      const list = bySymbol.get(row.symbol) ?? [];
      list.push({
        time: row.time.getTime(),
        open: row.open,
        high: row.high,
        low: row.low,
        close: row.close,
        volume: row.volume,
      });
      bySymbol.set(row.symbol, list);
    }
    this.bars.set(group.id, bySymbol);
  }

  /** The leader prices a replay competition at this second (kept for its market and the publish). */
  step(group: GroupState, instruments: ReadonlyMap<string, QuotedInstrument>, now: number): void {
    if (!group.replay) return;
    const replay = { ...group.replay, startMs: group.startMs };
    this.quotes.set(group.id, replayQuotes(replay, this.bars.get(group.id) ?? new Map(), instruments, now));
  }

  /**
   * The bars this tick of a replay competition passed, to walk in order (null: nothing to walk —
   * not started, or the first tick this leader runs for it, which starts the walk from now). The
   * walk stops at the competition's end; the walked moment is kept for the next tick.
   */
  walk(
    group: GroupState,
    instruments: ReadonlyMap<string, QuotedInstrument>,
    now: number,
  ): ReplayWalk | null {
    if (!group.replay || group.finalized || now < group.startMs) return null;
    const { from, speed } = group.replay;
    const to = replayTime(from, group.startMs, speed, Math.min(now, group.endMs));
    const walked = this.walked.get(group.id);
    this.walked.set(group.id, to);
    if (walked === undefined || walked >= to) return null;
    const bars = this.bars.get(group.id) ?? new Map<string, ReplayBar[]>();
    const quotesAt = (point: WalkPoint) => {
      const quotes = new Map<string, MarketQuote>();
      for (const [symbol, mid] of point.mids) {
        const instrument = instruments.get(symbol);
        const list = bars.get(symbol);
        if (!instrument || !list?.length) continue;
        quotes.set(symbol, {
          ...quoteAroundMid(symbol, mid, instrument, point.time),
          ...(point.time >= list[list.length - 1].time + MINUTE_MS ? { stale: true } : {}),
        });
      }
      return quotes;
    };
    return {
      group,
      start: { time: walked, mids: midsAt(bars, walked) },
      points: walkPoints(bars, walked, to),
      end: { time: to, mids: midsAt(bars, to) },
      halfSpreads: new Map(
        [...bars.keys()].flatMap((symbol) => {
          const instrument = instruments.get(symbol);
          return instrument ? [[symbol, instrument.spread / 2] as const] : [];
        }),
      ),
      quotesAt,
    };
  }

  /** A replay's quotes of the last tick (the leader), or as last heard from the leader (a follower). */
  quotesOf(groupId: string, leading: boolean): Map<string, MarketQuote> | undefined {
    if (!leading && !this.subscriptions.has(groupId)) {
      this.subscriptions.add(groupId);
      void this.bus
        .subscribe(ENGINE_CHANNELS.groupQuotes(groupId), (payload) => {
          this.quotes.set(groupId, new Map((payload as MarketQuote[]).map((quote) => [quote.symbol, quote])));
        })
        .then((unsubscribe) => this.unsubscribers.push(unsubscribe))
        .catch(() => this.subscriptions.delete(groupId));
    }
    return this.quotes.get(groupId);
  }

  /** Every replay's quotes of the last tick, by competition. */
  all(): ReadonlyMap<string, Map<string, MarketQuote>> {
    return this.quotes;
  }

  /** This process no longer holds the competition: its bars are dropped (its quotes now come from the holder). */
  forget(groupId: string): void {
    this.bars.delete(groupId);
    this.walked.delete(groupId);
  }

  /** The leader stepped down: its bars and quotes are dropped (a follower's subscriptions stay). */
  clear(): void {
    this.bars.clear();
    this.quotes.clear();
    this.walked.clear();
  }

  async stop(): Promise<void> {
    for (const unsubscribe of this.unsubscribers) await unsubscribe().catch(() => undefined);
    this.unsubscribers = [];
  }
}
