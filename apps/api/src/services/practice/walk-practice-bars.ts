import { barPath, MINUTE_MS, type ReplayBar } from '@candlewise/shared';
import {
  type AccountState,
  type CancelReason,
  type FillRecord,
  Market,
  markToMarket,
  type OrderState,
} from '../../engine/account-book.ts';
import { type CompetitionRules, decideAccount } from '../../engine/decide-account.ts';
import { quoteAroundMid } from '../../engine/market/compose-quotes.ts';
import type { MarketQuote } from '../../engine/simulated-feed.ts';

/**
 * The bar walk of a practice replay (docs/decisions/030-practice-replays.md): pending orders and
 * stop-loss / take-profit exits are settled by walking every bar between the last settled moment and
 * now, along the path a replay competition prices (shared/trading/replay-bars: open, then the low
 * and the high in the bar's order, then the close). The account is decided — by the competitions'
 * own decideAccount, so by the same rules as live — at each point of the path and at every moment
 * the path crosses a level that would trigger: there the market side's price is the level, so an
 * order fills at its level unless the bar opened beyond it (then at the open, as live).
 */

export type PracticeInstrument = {
  symbol: string;
  tickSize: number;
  spread: number;
  contractSize: number;
  currency: string;
};

/** No freeze and no daily limit: a practice replay only fills orders and exits. */
export const PRACTICE_RULES: CompetitionRules = { freezeThreshold: 0, freezeDurationMs: 0 };

export type WalkEvent = {
  time: number;
  fills: FillRecord[];
  canceled: Array<{ id: string; reason: CancelReason; order: OrderState }>;
};

/** The market of one replayed moment: the instrument's quote at `mid`, its terms, trading always open. */
export function practiceMarket(instrument: PracticeInstrument, mid: number, time: number): Market {
  return new Market(
    new Map<string, MarketQuote>([
      [instrument.symbol, quoteAroundMid(instrument.symbol, mid, instrument, time)],
    ]),
    new Map([
      [
        instrument.symbol,
        { contractSize: instrument.contractSize, currency: instrument.currency, session: 'always' as const },
      ],
    ]),
  );
}

/** The mids at which the account's pending orders and protective levels would trigger. */
function triggerMids(account: AccountState, half: number): number[] {
  const mids: number[] = [];
  // A buy fills on the ask (mid + half), a sell on the bid (mid − half).
  for (const order of account.openOrders)
    mids.push(order.side === 'buy' ? order.price - half : order.price + half);
  for (const position of account.positions.values()) {
    // A long closes on the bid, a short on the ask.
    const offset = position.quantity > 0 ? half : -half;
    if (position.stopLoss !== null) mids.push(position.stopLoss + offset);
    if (position.takeProfit !== null) mids.push(position.takeProfit + offset);
  }
  return mids;
}

type PathPoint = { time: number; mid: number };

/** A bar's path as four timed points: open, the two extremes a third of a minute apart, the close. */
function pathPoints(bar: ReplayBar): PathPoint[] {
  return barPath(bar).map((mid, index) => ({ time: bar.time + (index * MINUTE_MS) / 3, mid }));
}

/**
 * Walks the account (mutated) from replayed `from` to `to` (both included) over `bars` (sorted),
 * bar by bar, none skipped: the events are what filled or was cancelled, and when.
 */
export function walkPracticeBars(
  account: AccountState,
  instrument: PracticeInstrument,
  bars: readonly ReplayBar[],
  from: number,
  to: number,
): WalkEvent[] {
  const events: WalkEvent[] = [];
  const half = instrument.spread / 2;
  const decideAt = (time: number, mid: number) => {
    const decision = decideAccount(account, PRACTICE_RULES, practiceMarket(instrument, mid, time), time);
    if (decision.fills.length || decision.canceledOrders.length)
      events.push({ time, fills: decision.fills, canceled: decision.canceledOrders });
  };
  for (const bar of bars) {
    if (bar.time > to) break;
    if (bar.time + MINUTE_MS < from) continue;
    const points = pathPoints(bar);
    for (let index = 0; index < points.length - 1; index += 1) {
      const start = points[index];
      const end = points[index + 1];
      if (end.time < from || start.time > to) continue;
      const at = (time: number) =>
        end.time === start.time
          ? end.mid
          : start.mid + ((end.mid - start.mid) * (time - start.time)) / (end.time - start.time);
      let current = Math.max(start.time, from);
      const last = Math.min(end.time, to);
      decideAt(current, at(current));
      // Each level the path crosses before `last`, the nearest first; a fill may add levels (its SL/TP).
      for (;;) {
        const fromMid = at(current);
        const toMid = at(last);
        let next: number | null = null;
        let nextMid = 0;
        for (const mid of triggerMids(account, half)) {
          const between = fromMid < toMid ? mid > fromMid && mid <= toMid : mid < fromMid && mid >= toMid;
          if (!between) continue;
          const time = current + ((last - current) * (mid - fromMid)) / (toMid - fromMid);
          if (time > current && (next === null || time < next)) {
            next = time;
            nextMid = mid;
          }
        }
        if (next === null) break;
        decideAt(next, nextMid);
        current = next;
      }
      if (last > current) decideAt(last, at(last));
    }
  }
  return events;
}

/** The account marked at the replayed price `mid` (equity now), without deciding anything. */
export function markPractice(
  account: AccountState,
  instrument: PracticeInstrument,
  mid: number,
  time: number,
): number {
  return markToMarket(account, practiceMarket(instrument, mid, time));
}
