import { type DbExecutor, groupEngineState } from '@candlewise/db';
import type { AccountState, GroupState, Market } from '../account-book.ts';
import { needsDecision } from '../decide-account.ts';
import { emptyTickResult, type TickResult } from '../engine-contract.ts';
import type { ReplayWalk, WalkPoint } from '../market/replay-market.ts';
import type { MarketQuote } from '../simulated-feed.ts';
import { persistTick } from './persist-tick.ts';

// The bar walk of replay competitions (issue #40), inside the tick's one transaction and before
// its other writes. A tick at 60× passes a whole replayed bar; deciding only at the tick's moment
// would skip what happened inside the bar (a stop touched by its high filled a bar later, at
// another price) and make the result depend on when the ticks fall. So each replay competition is
// decided, in order, at every point of every bar's path since the last tick (open, the extremes,
// close: shared/trading/replay-bars) and at every moment the path crosses a member's pending order,
// stop-loss or take-profit (there the market side's price is the level, so it fills at its level,
// as the practice replays' walk does, services/practice/walk-practice-bars.ts). Every decision is
// planned and saved as a tick is (persistTick: lock, plan again on the stored copy, save), with the
// replayed moment's wall-clock time. The tick's own moment is not decided for a replay (plan-tick
// leaves its accounts to the walk): its quotes are only shown and priced for orders. So the same
// bars and the same orders give the same fills, freezes and standings wherever the ticks fall.

/** The mids at which an account's pending orders and protective levels trigger, by symbol. */
function triggerMids(account: AccountState, halfSpread: (symbol: string) => number | undefined) {
  const levels: Array<{ symbol: string; mid: number }> = [];
  if (account.removed || account.finalRank !== null) return levels;
  // A buy fills on the ask (mid + half), a sell on the bid (mid − half).
  for (const order of account.openOrders) {
    const half = halfSpread(order.symbol);
    if (half !== undefined)
      levels.push({
        symbol: order.symbol,
        mid: order.side === 'buy' ? order.price - half : order.price + half,
      });
  }
  for (const position of account.positions.values()) {
    const half = halfSpread(position.symbol);
    if (half === undefined || position.quantity === 0) continue;
    // A long closes on the bid, a short on the ask.
    const offset = position.quantity > 0 ? half : -half;
    if (position.stopLoss !== null) levels.push({ symbol: position.symbol, mid: position.stopLoss + offset });
    if (position.takeProfit !== null)
      levels.push({ symbol: position.symbol, mid: position.takeProfit + offset });
  }
  return levels;
}

/** Each symbol's mid at `time` on the straight path from `a` to `b` (a bar path is straight between its points). */
function between(a: WalkPoint, b: WalkPoint, time: number): Map<string, number> {
  const mids = new Map<string, number>();
  for (const [symbol, from] of a.mids) {
    const to = b.mids.get(symbol);
    if (to === undefined) mids.set(symbol, from);
    else mids.set(symbol, time === b.time ? to : from + ((to - from) * (time - a.time)) / (b.time - a.time));
  }
  for (const [symbol, to] of b.mids) if (!mids.has(symbol)) mids.set(symbol, to);
  return mids;
}

/** The wall-clock moment a replayed one is played at (rounded up to the millisecond). */
const wallOf = (group: GroupState, replayed: number) =>
  group.startMs + Math.ceil((replayed - group.replay!.from) / group.replay!.speed);

/**
 * Walks one replay competition through the bars its tick passed (see above), in `tx`. Memory is not
 * touched but for what a tick's plan already keeps current (equity, the peak): the saved states are
 * returned, as a tick's, for memory to install once the transaction commits.
 */
export async function walkReplay(
  tx: DbExecutor,
  walk: ReplayWalk,
  marketWith: (quotes: Map<string, MarketQuote>) => Market,
  epochOf?: (groupId: string) => number | null,
): Promise<TickResult> {
  const result = emptyTickResult();
  const { group } = walk;
  // The competition as this walk has saved it so far: later moments are decided on what the
  // earlier ones filled (a stop's stop-loss may be touched later in the same bar).
  const view: GroupState = { ...group, accounts: new Map(group.accounts) };
  const groups = new Map([[group.id, view]]);
  const halfSpread = (symbol: string) => walk.halfSpreads.get(symbol);

  const decideAt = async (point: WalkPoint) => {
    const market = marketWith(walk.quotesAt(point));
    const now = wallOf(group, point.time);
    const touched: string[] = [];
    for (const account of view.accounts.values())
      if (needsDecision(account, view, market, now)) touched.push(account.id);
    if (!touched.length) return;
    const step = await persistTick(tx, {
      touched,
      starting: [],
      ending: [],
      groups,
      marketOf: () => market,
      now,
      epochOf,
    });
    for (const write of step.writes) view.accounts.set(write.after.id, write.after as AccountState);
    result.writes.push(...step.writes);
    result.events.push(...step.events);
    result.notifications.push(...step.notifications);
    result.reload.push(...step.reload);
  };

  let current = walk.start;
  for (const next of [...walk.points, walk.end]) {
    // Each level the path crosses before `next`, the nearest first; a fill may add levels (its SL/TP).
    while (next.time > current.time) {
      let crossing: { time: number; symbol: string; mid: number } | null = null;
      for (const account of view.accounts.values())
        for (const level of triggerMids(account, halfSpread)) {
          const from = current.mids.get(level.symbol);
          const to = next.mids.get(level.symbol);
          if (from === undefined || to === undefined || from === to) continue;
          const crosses =
            from < to ? level.mid > from && level.mid <= to : level.mid < from && level.mid >= to;
          if (!crosses) continue;
          const time = current.time + ((next.time - current.time) * (level.mid - from)) / (to - from);
          if (time > current.time && (crossing === null || time < crossing.time))
            crossing = { time, symbol: level.symbol, mid: level.mid };
        }
      if (crossing === null) break;
      const mids = between(current, next, crossing.time);
      mids.set(crossing.symbol, crossing.mid);
      const point = { time: crossing.time, mids };
      await decideAt(point);
      current = point;
    }
    // The bar path's points are decided; the tick's own moment only when it is one of them.
    if (next !== walk.end) await decideAt(next);
    current = next;
  }
  return result;
}

/** Walks every replay competition of the tick, one after another, into one result. */
export async function walkReplays(
  tx: DbExecutor,
  walks: readonly ReplayWalk[],
  marketWith: (quotes: Map<string, MarketQuote>) => Market,
  /** The lease epoch each write carries (the tick's). */
  epochOf?: (groupId: string) => number | null,
): Promise<TickResult> {
  const total = emptyTickResult();
  for (const walk of walks) {
    const result = await walkReplay(tx, walk, marketWith, epochOf);
    // Saved with the tick: the next holder of this competition continues the walk from here.
    const walkedTo = new Date(walk.end.time);
    await tx
      .insert(groupEngineState)
      .values({ groupId: walk.group.id, replayWalkedTo: walkedTo })
      .onConflictDoUpdate({ target: groupEngineState.groupId, set: { replayWalkedTo: walkedTo } });
    total.writes.push(...result.writes);
    total.events.push(...result.events);
    total.notifications.push(...result.notifications);
    total.reload.push(...result.reload);
  }
  return total;
}
