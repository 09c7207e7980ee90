import { type Database, replayBars as replayBarsTable } from '@candlewise/db';
import { MINUTE_MS, type ReplayBar, replayTime } from '@candlewise/shared';
import { and, asc, gte, inArray, lte } from 'drizzle-orm';
import type { EventBus } from '../../providers/events/event-bus.ts';
import type { GroupState } from '../account-book.ts';
import { ENGINE_CHANNELS } from '../engine-contract.ts';
import type { MarketQuote } from '../simulated-feed.ts';
import { type QuotedInstrument, replayQuotes } from './compose-quotes.ts';

/**
 * Replay competitions' markets: the leader holds each one's bars and prices them every second;
 * a follower learns a replay's quotes from what the leader publishes (subscribing on first use).
 */
export class ReplayMarket {
  private bars = new Map<string, Map<string, ReplayBar[]>>();
  private quotes = new Map<string, Map<string, MarketQuote>>();
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
      return;
    }
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
  }

  /** The leader stepped down: its bars and quotes are dropped (a follower's subscriptions stay). */
  clear(): void {
    this.bars.clear();
    this.quotes.clear();
  }

  async stop(): Promise<void> {
    for (const unsubscribe of this.unsubscribers) await unsubscribe().catch(() => undefined);
    this.unsubscribers = [];
  }
}
