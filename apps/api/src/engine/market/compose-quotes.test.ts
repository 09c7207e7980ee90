import { MINUTE_MS } from '@candlewise/shared';
import { describe, expect, it } from 'vitest';
import { quoteOf, T0 } from '../testing/engine-fixtures.ts';
import { composeQuotes, replayQuotes } from './compose-quotes.ts';

const nifty = { tickSize: 0.05, spread: 1 };

describe('composeQuotes', () => {
  const simulated = new Map([['NIFTY50', quoteOf('NIFTY50', 20_000)]]);

  it('is the simulated step when no instrument is live', () => {
    expect(composeQuotes(simulated, new Map(), new Map(), T0, 5000)).toBe(simulated);
  });

  it('adds each live instrument’s last quote, its mid on the tick, stale once the provider is silent', () => {
    const live = new Map([['BTCUSD', { tickSize: 0.5, spread: 0 }]]);
    const last = new Map([['BTCUSD', { bid: 60_000, ask: 60_001.2, time: T0 - 100, receivedAt: T0 - 100 }]]);
    const fresh = composeQuotes(simulated, live, last, T0, 5000);
    expect(fresh.get('NIFTY50')).toEqual(quoteOf('NIFTY50', 20_000));
    expect(fresh.get('BTCUSD')).toEqual({
      symbol: 'BTCUSD',
      bid: 60_000,
      ask: 60_001.2,
      mid: 60_000.5,
      time: T0 - 100,
    });
    expect(composeQuotes(simulated, live, last, T0 + 5000, 5000).get('BTCUSD')?.stale).toBe(true);
    expect(composeQuotes(simulated, live, new Map(), T0, 5000).has('BTCUSD')).toBe(false);
  });
});

describe('replayQuotes', () => {
  const from = Date.UTC(2025, 0, 6, 4, 0, 0);
  const bars = new Map([
    [
      'NIFTY50',
      [
        { time: from, open: 100, high: 110, low: 90, close: 105, volume: 1 },
        { time: from + MINUTE_MS, open: 105, high: 106, low: 104, close: 106, volume: 1 },
      ],
    ],
  ]);
  const instruments = new Map([['NIFTY50', nifty]]);

  it('prices an instrument inside its bar at the replayed time, with its spread around the mid', () => {
    const quotes = replayQuotes({ from, speed: 1, startMs: T0 }, bars, instruments, T0);
    const quote = quotes.get('NIFTY50')!;
    expect(quote.time).toBe(from);
    expect(quote.mid).toBe(100); // a bar starts at its open
    expect([quote.bid, quote.ask]).toEqual([99.5, 100.5]);
    expect(quote.stale).toBeUndefined();
  });

  it('runs at the competition’s speed and goes stale once the bars run out', () => {
    const later = replayQuotes({ from, speed: 60, startMs: T0 }, bars, instruments, T0 + 1000);
    expect(later.get('NIFTY50')?.time).toBe(from + MINUTE_MS);
    const over = replayQuotes({ from, speed: 60, startMs: T0 }, bars, instruments, T0 + 2000);
    expect(over.get('NIFTY50')?.stale).toBe(true);
  });

  it('skips an instrument the market does not know', () => {
    expect(replayQuotes({ from, speed: 1, startMs: T0 }, bars, new Map(), T0).size).toBe(0);
  });
});
