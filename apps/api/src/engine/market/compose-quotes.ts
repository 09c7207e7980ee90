import { barAt, MINUTE_MS, priceInBar, type ReplayBar, replayTime } from '@candlewise/shared';
import { type MarketQuote, roundToTick } from '../simulated-feed.ts';

/** The last quote a live provider sent for a symbol, and when this process received it. */
export type LiveQuote = { bid: number; ask: number; time: number; receivedAt: number };

/** What composing needs of an instrument row. */
export type QuotedInstrument = { tickSize: number; spread: number };

/**
 * This second's quotes: the simulated instruments' step, and the last quote of each live one —
 * marked stale once its provider has said nothing for `staleAfterMs` (nothing fills on it).
 */
export function composeQuotes(
  simulated: Map<string, MarketQuote>,
  liveSymbols: ReadonlyMap<string, QuotedInstrument>,
  liveQuotes: ReadonlyMap<string, LiveQuote>,
  now: number,
  staleAfterMs: number,
): Map<string, MarketQuote> {
  if (!liveSymbols.size) return simulated;
  const quotes = new Map(simulated);
  for (const [symbol, row] of liveSymbols) {
    const live = liveQuotes.get(symbol);
    if (!live) continue;
    quotes.set(symbol, {
      symbol,
      bid: live.bid,
      ask: live.ask,
      mid: roundToTick((live.bid + live.ask) / 2, row.tickSize),
      time: live.time,
      ...(now - live.receivedAt > staleAfterMs ? { stale: true } : {}),
    });
  }
  return quotes;
}

/** A replayed price as a quote: the bid and ask half the instrument's spread either side, on its tick. */
export function quoteAroundMid(
  symbol: string,
  mid: number,
  instrument: QuotedInstrument,
  time: number,
): MarketQuote {
  const half = instrument.spread / 2;
  return {
    symbol,
    bid: roundToTick(mid - half, instrument.tickSize),
    ask: roundToTick(mid + half, instrument.tickSize),
    mid: roundToTick(mid, instrument.tickSize),
    time,
  };
}

/**
 * A replay competition's quotes at a real moment: each of its instruments priced from its bars
 * at the replayed time (shared/trading/replay-bars: the path through the bar, the instrument's
 * spread around it); stale once the bars run out.
 */
export function replayQuotes(
  replay: { from: number; speed: number; startMs: number },
  bars: ReadonlyMap<string, ReplayBar[]>,
  instruments: ReadonlyMap<string, QuotedInstrument>,
  now: number,
): Map<string, MarketQuote> {
  const quotes = new Map<string, MarketQuote>();
  const at = replayTime(replay.from, replay.startMs, replay.speed, now);
  for (const [symbol, list] of bars) {
    const bar = barAt(list, at);
    const instrument = instruments.get(symbol);
    if (!bar || !instrument) continue;
    quotes.set(symbol, {
      ...quoteAroundMid(symbol, priceInBar(bar, at), instrument, at),
      ...(at >= list[list.length - 1].time + MINUTE_MS ? { stale: true } : {}),
    });
  }
  return quotes;
}
