import { describe, expect, it } from 'vitest';
import { nseDerivativeExpiry, parseZerodhaTradebook } from './importers/zerodha-tradebook.ts';
import { EXPIRY_ASSUMED_ZERO_NOTE, type Execution, rebuildPositions } from './round-trips.ts';

const HEADER =
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time,expiry_date';
const options = { timeZone: 'Asia/Kolkata' };
// 2025-09-20: seventeen months after the April 2024 expiry.
const now = new Date('2025-09-20T06:00:00Z');

describe('expired derivatives', () => {
  it('closes a short NIFTY put left open after its expiry at 0, on the expiry day, and says so', () => {
    const parsed = parseZerodhaTradebook(
      [
        HEADER,
        // Sold 75 NIFTY 22000 puts at 120 on 2024-04-10; no fill closes them.
        'NIFTY24APR22000PE,,2024-04-10,NFO,FO,,sell,false,75,120,7001,1100000000000001,2024-04-10T10:00:00,2024-04-25',
      ].join('\n'),
      options,
    );
    expect(parsed.errors).toEqual([]);
    // The file's expiry date, at the close of the Indian market (15:30 IST = 10:00 UTC).
    expect(parsed.executions[0].expiresAt?.toISOString()).toBe('2024-04-25T10:00:00.000Z');
    const execution = parsed.executions[0];
    const rebuilt = rebuildPositions(
      [
        {
          id: execution.identity,
          symbol: execution.symbol,
          side: execution.side,
          quantity: execution.quantity,
          price: execution.price,
          time: execution.executedAt,
          assetClass: execution.assetClass,
          multiplier: execution.multiplier,
          currency: execution.currency,
          expiresAt: execution.expiresAt,
        },
      ],
      { historyMayBeIncomplete: true, now },
    );
    expect(rebuilt.open).toEqual([]);
    expect(rebuilt.trips).toHaveLength(1);
    // Premium kept: 75 × 120 = 9,000.
    expect(rebuilt.trips[0]).toMatchObject({
      symbol: 'NIFTY24APR22000PE',
      side: 'short',
      quantity: 75,
      entryPrice: 120,
      exitPrice: 0,
      pnl: 9000,
      closedAtExpiry: 'assumed-zero',
    });
    expect(rebuilt.trips[0].exitTime.toISOString()).toBe('2024-04-25T10:00:00.000Z');
    expect(EXPIRY_ASSUMED_ZERO_NOTE).toBe(
      'closed at expiry, settlement assumed 0 — edit if it expired in the money',
    );
  });

  it('leaves an option open until its expiry, and one closed by a fill is an ordinary trade', () => {
    const option = (id: string, side: 'buy' | 'sell', price: number, time: string): Execution => ({
      id,
      symbol: 'BANKNIFTY2420745500CE',
      side,
      quantity: 15,
      price,
      time: new Date(time),
      assetClass: 'option',
      expiresAt: new Date('2024-02-07T10:00:00Z'),
    });
    const before = rebuildPositions([option('a', 'buy', 200, '2024-02-05T05:00:00Z')], {
      now: new Date('2024-02-06T05:00:00Z'),
    });
    expect(before.trips).toEqual([]);
    expect(before.open).toHaveLength(1);
    const closed = rebuildPositions(
      [option('a', 'buy', 200, '2024-02-05T05:00:00Z'), option('b', 'sell', 210, '2024-02-06T05:00:00Z')],
      { now },
    );
    expect(closed.trips).toHaveLength(1);
    expect(closed.trips[0].closedAtExpiry).toBeUndefined();
    expect(closed.trips[0].pnl).toBe(150);
  });

  it('asks for a future’s settlement price instead of inventing one', () => {
    const rebuilt = rebuildPositions(
      [
        {
          id: 'f',
          symbol: 'NIFTY24FEBFUT',
          side: 'buy',
          quantity: 50,
          price: 21710.5,
          time: new Date('2024-02-01T03:50:11Z'),
          assetClass: 'future',
          expiresAt: new Date('2024-02-29T10:00:00Z'),
        },
      ],
      { now },
    );
    expect(rebuilt.trips).toEqual([]);
    expect(rebuilt.open).toHaveLength(1);
    expect(rebuilt.awaitingSettlement).toEqual([
      expect.objectContaining({ symbol: 'NIFTY24FEBFUT', side: 'long', quantity: 50 }),
    ]);
  });

  it('reads the expiry from an NSE symbol when the tradebook has no expiry_date column', () => {
    // Monthly: the last Thursday of April 2024; weekly: the date the symbol spells (24, 2, 07).
    expect(nseDerivativeExpiry('NIFTY24APR22000PE')).toEqual({ year: 2024, month: 4, day: 25 });
    expect(nseDerivativeExpiry('NIFTY24FEBFUT')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(nseDerivativeExpiry('BANKNIFTY2420745500CE')).toEqual({ year: 2024, month: 2, day: 7 });
    expect(nseDerivativeExpiry('NIFTY24O1025000PE')).toEqual({ year: 2024, month: 10, day: 10 });
    // NSE monthly contracts expire on the last Tuesday from September 2025.
    expect(nseDerivativeExpiry('NIFTY25SEP24000CE')).toEqual({ year: 2025, month: 9, day: 30 });
    expect(nseDerivativeExpiry('RELIANCE')).toBeNull();
    const parsed = parseZerodhaTradebook(
      [
        HEADER.replace(',expiry_date', ''),
        'NIFTY24APR22000PE,,2024-04-10,NFO,FO,,sell,false,75,120,7001,1100000000000001,2024-04-10T10:00:00',
        'INFY,,2024-04-10,NSE,EQ,EQ,buy,false,1,1400,7002,1100000000000002,2024-04-10T10:00:00',
      ].join('\n'),
      options,
    );
    expect(parsed.executions[0].expiresAt?.toISOString()).toBe('2024-04-25T10:00:00.000Z');
    expect(parsed.executions[1].expiresAt).toBeUndefined();
  });
});
