import { describe, expect, it } from 'vitest';
import { type Execution, executionsToRoundTrips, rebuildPositions } from './round-trips.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 9, minute));
const fill = (
  id: string,
  side: 'buy' | 'sell',
  quantity: number,
  price: number,
  minute: number,
  extra: Partial<Execution> = {},
): Execution => ({ id, symbol: 'AAPL', side, quantity, price, time: at(minute), ...extra });

describe('executionsToRoundTrips', () => {
  it('makes one long trade from a buy and the sell that flattens it', () => {
    const [trade, ...rest] = executionsToRoundTrips([
      fill('f1', 'buy', 10, 100, 0, { fee: 1 }),
      fill('f2', 'sell', 10, 103, 5, { fee: 1 }),
    ]);
    expect(rest).toEqual([]);
    expect(trade).toMatchObject({
      externalId: 'f1',
      side: 'long',
      quantity: 10,
      entryPrice: 100,
      exitPrice: 103,
      fees: 2,
      pnl: 28,
      fillIds: ['f1', 'f2'],
    });
    expect(trade?.entryTime).toEqual(at(0));
    expect(trade?.exitTime).toEqual(at(5));
  });

  it('averages scale-ins and scale-outs into one trade and sorts fills by time first', () => {
    const trades = executionsToRoundTrips([
      fill('c', 'buy', 4, 48, 10),
      fill('a', 'sell', 2, 50, 0),
      fill('b', 'sell', 2, 46, 1),
    ]);
    // short 4 at an average of 48, covered at 48: flat
    expect(trades).toHaveLength(1);
    expect(trades[0]).toMatchObject({ side: 'short', quantity: 4, entryPrice: 48, exitPrice: 48 });
    expect(trades[0]?.pnl).toBe(0);
  });

  it('splits a reversal into the closed trade and a new one that opens on the same fill', () => {
    const trades = executionsToRoundTrips([
      fill('f1', 'buy', 1, 10, 0),
      fill('f2', 'sell', 3, 12, 1, { fee: 3 }),
      fill('f3', 'buy', 2, 11, 2),
    ]);
    expect(trades.map((trade) => [trade.externalId, trade.side, trade.pnl])).toEqual([
      ['f1', 'long', 2 - 1],
      ['f2:reversal', 'short', 2 - 2],
    ]);
  });

  it('leaves an open position out and applies the contract multiplier per symbol', () => {
    const trades = executionsToRoundTrips(
      [
        fill('g1', 'buy', 1, 2000, 0, { symbol: 'XAUUSD' }),
        fill('g2', 'sell', 1, 2001.5, 1, { symbol: 'XAUUSD' }),
        fill('o1', 'buy', 5, 100, 2),
      ],
      { multiplier: (symbol) => (symbol === 'XAUUSD' ? 100 : 1) },
    );
    expect(trades).toHaveLength(1);
    expect(trades[0]).toMatchObject({ symbol: 'XAUUSD', pnl: 150 });
  });

  it('keeps separate books per key, so two accounts in one symbol do not net', () => {
    const trades = executionsToRoundTrips(
      [
        fill('x1', 'buy', 1, 10, 0, { id: 'x1' }),
        fill('y1', 'sell', 1, 10, 1),
        fill('x2', 'sell', 1, 11, 2),
        fill('y2', 'buy', 1, 9, 3),
      ],
      { key: (execution) => execution.id.slice(0, 1) },
    );
    expect(trades.map((trade) => [trade.externalId, trade.pnl])).toEqual([
      ['x1', 1],
      ['y1', 1],
    ]);
  });

  it('gives the same trades for the same fills in any order', () => {
    const fills = [fill('f1', 'buy', 2, 10, 0), fill('f2', 'sell', 2, 9, 1)];
    expect(executionsToRoundTrips([...fills].reverse())).toEqual(executionsToRoundTrips(fills));
  });

  it('takes currency and multiplier from each trade’s opening fill', () => {
    const trades = executionsToRoundTrips([
      fill('n1', 'sell', 1, 24000, 0, { symbol: 'NIFTYFUT', multiplier: 75, currency: 'INR' }),
      fill('n2', 'buy', 1, 23990, 1, { symbol: 'NIFTYFUT', multiplier: 75, currency: 'INR' }),
      fill('a1', 'buy', 2, 100, 2, { currency: 'USD' }),
      fill('a2', 'sell', 2, 101, 3, { currency: 'USD' }),
    ]);
    expect(trades.map((trade) => [trade.symbol, trade.currency, trade.multiplier, trade.pnl])).toEqual([
      ['NIFTYFUT', 'INR', 75, 750],
      ['AAPL', 'USD', 1, 2],
    ]);
  });
});

describe('rebuildPositions', () => {
  const stock = { assetClass: 'stock' as const, symbol: 'INFY', currency: 'INR' };
  const day = (date: number, hour: number) => new Date(Date.UTC(2026, 10, date, hour - 5, 30)); // IST hour:00
  const incomplete = { historyMayBeIncomplete: true, timeZone: 'Asia/Kolkata' };

  it('reports open positions with their net quantity, average price and since', () => {
    const { trips, open } = rebuildPositions([
      fill('b1', 'buy', 10, 100, 0),
      fill('b2', 'buy', 30, 104, 1),
      fill('s1', 'sell', 15, 110, 2),
    ]);
    expect(trips).toEqual([]);
    expect(open).toEqual([
      expect.objectContaining({
        symbol: 'AAPL',
        side: 'long',
        quantity: 25,
        averagePrice: 103,
        since: at(0),
      }),
    ]);
  });

  it('holds back a stock sale with no known purchase instead of inventing a short', () => {
    const result = rebuildPositions(
      [
        fill('s1', 'sell', 450, 1500, 0, { ...stock, time: day(3, 10) }),
        fill('b1', 'buy', 100, 1450, 0, { ...stock, time: day(4, 10) }),
        fill('s2', 'sell', 100, 1480, 0, { ...stock, time: day(5, 10) }),
      ],
      incomplete,
    );
    expect(result.salesWithoutOpening).toEqual([
      expect.objectContaining({ symbol: 'INFY', quantity: 450, fillIds: ['s1'], firstSaleAt: day(3, 10) }),
    ]);
    expect(result.trips.map((trade) => [trade.externalId, trade.side, trade.pnl])).toEqual([
      ['b1', 'long', 3000],
    ]);
    expect(result.open).toEqual([]);
  });

  it('turns the held-back sale into a long trade once opening holdings are given', () => {
    const result = rebuildPositions(
      [
        fill('s1', 'sell', 450, 1500, 0, { ...stock, time: day(3, 10) }),
        fill('opening|INFY', 'buy', 450, 1400, 0, { ...stock, time: day(3, 10), opening: true }),
      ],
      incomplete,
    );
    expect(result.salesWithoutOpening).toEqual([]);
    expect(result.trips).toEqual([
      expect.objectContaining({ externalId: 'opening|INFY', side: 'long', quantity: 450, pnl: 45_000 }),
    ]);
  });

  it('keeps a stock short bought back the same day, and any sell-first of futures', () => {
    const result = rebuildPositions(
      [
        fill('s1', 'sell', 10, 1500, 0, { ...stock, time: day(3, 10) }),
        fill('b1', 'buy', 10, 1490, 0, { ...stock, time: day(3, 14) }),
        fill('f1', 'sell', 75, 24000, 0, { symbol: 'NIFTYFUT', assetClass: 'future', time: day(3, 10) }),
        fill('f2', 'buy', 75, 23900, 0, { symbol: 'NIFTYFUT', assetClass: 'future', time: day(6, 10) }),
      ],
      incomplete,
    );
    expect(result.salesWithoutOpening).toEqual([]);
    expect(result.trips.map((trade) => [trade.symbol, trade.side])).toEqual([
      ['INFY', 'short'],
      ['NIFTYFUT', 'short'],
    ]);
  });

  it('treats sales without a purchase as shorts when the history is complete (competitions)', () => {
    const result = rebuildPositions([
      fill('s1', 'sell', 10, 1500, 0, { ...stock, time: day(3, 10) }),
      fill('b1', 'buy', 10, 1490, 0, { ...stock, time: day(5, 10) }),
    ]);
    expect(result.trips.map((trade) => trade.side)).toEqual(['short']);
  });
});
