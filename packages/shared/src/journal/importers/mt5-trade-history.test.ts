import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rebuildPositions, toPairingExecution } from '../round-trips.ts';
import { detectLayout, parseJournalFile } from './index.ts';
import { NOT_TRADES, parseMt5TradeHistory, SWAP_CREDIT } from './mt5-trade-history.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
// Brokers' servers mostly keep Eastern European time: the learner says so with their zone.
const options = { timeZone: 'Europe/Athens' };

function trades(text: string) {
  const parsed = parseMt5TradeHistory(text, options);
  expect(parsed.errors).toEqual([]);
  const rebuilt = rebuildPositions(parsed.executions.map(toPairingExecution), {
    historyMayBeIncomplete: true,
    timeZone: options.timeZone,
  });
  return rebuilt.trips.map((trip) => ({
    symbol: trip.symbol,
    side: trip.side,
    quantity: trip.quantity,
    entryPrice: trip.entryPrice,
    exitPrice: trip.exitPrice,
    fees: trip.fees,
    pnl: trip.pnl,
    currency: trip.currency,
  }));
}

describe('parseMt5TradeHistory', () => {
  it('reads the Deals of the whole report, not its Positions or Orders, and leaves the deposit out', () => {
    const parsed = parseMt5TradeHistory(fixture('mt5-trade-history-report.csv'), options);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toBe(7);
    expect(parsed.skipped).toEqual({ [NOT_TRADES]: 1 });
    expect(parsed.executions.map((e) => [e.symbol, e.side, e.quantity, e.price, e.fee, e.currency])).toEqual([
      ['EURUSD', 'buy', 0.5, 1.08412, 3.5, 'USD'],
      ['EURUSD', 'sell', 0.5, 1.08562, 3.5, 'USD'],
      ['XAUUSDm', 'sell', 0.1, 4182.5, 0.7, 'USD'],
      // Commission 0.70 and a swap of −2.15 are both charges.
      ['XAUUSDm', 'buy', 0.1, 4170.3, 2.85, 'USD'],
      ['GBPJPY', 'buy', 0.2, 203.41, 1.4, 'JPY'],
      ['GBPJPY', 'sell', 0.2, 203.25, 1.4, 'JPY'],
    ]);
    const [first, , goldIn] = parsed.executions;
    expect({ ...first, executedAt: first.executedAt.toISOString() }).toEqual({
      line: 22,
      identity: 'mt5|51234567|EURUSD|2026-11-16|1500002|2200101',
      account: '51234567',
      symbol: 'EURUSD',
      assetClass: 'forex',
      side: 'buy',
      quantity: 0.5,
      price: 1.08412,
      fee: 3.5,
      currency: 'USD',
      multiplier: 100_000,
      // 10:05:12 on the server, read in Athens (UTC+2 in November).
      executedAt: '2026-11-16T08:05:12.000Z',
      brokerTradeId: '1500002',
      orderId: '2200101',
      shortSale: false,
      marketZone: null,
    });
    expect(goldIn).toMatchObject({ multiplier: 100, shortSale: true, assetClass: 'forex' });
  });

  it('pairs the deals into the trades the report shows, with hand-worked P&L', () => {
    expect(trades(fixture('mt5-trade-history-report.csv'))).toEqual([
      // (1.08562 − 1.08412) × 0.5 lot × 100,000 = 75.00, less 7.00 commission.
      {
        symbol: 'EURUSD',
        side: 'long',
        quantity: 0.5,
        entryPrice: 1.08412,
        exitPrice: 1.08562,
        fees: 7,
        pnl: 68,
        currency: 'USD',
      },
      // (4182.50 − 4170.30) × 0.1 lot × 100 oz = 122.00, less 1.40 commission and 2.15 swap.
      {
        symbol: 'XAUUSDm',
        side: 'short',
        quantity: 0.1,
        entryPrice: 4182.5,
        exitPrice: 4170.3,
        fees: 3.55,
        pnl: 118.45,
        currency: 'USD',
      },
      // (203.250 − 203.410) × 0.2 × 100,000 = −3,200 yen; the 2.80 commission is in the account's
      // dollars and counted as it stands.
      {
        symbol: 'GBPJPY',
        side: 'long',
        quantity: 0.2,
        entryPrice: 203.41,
        exitPrice: 203.25,
        fees: 2.8,
        pnl: -3202.8,
        currency: 'JPY',
      },
    ]);
  });

  it('reads a Deals table alone, a reversal (in/out) closing one trade and opening the next', () => {
    const parsed = parseMt5TradeHistory(fixture('mt5-deals.csv'), options);
    expect(parsed.skipped).toEqual({ [NOT_TRADES]: 1 });
    expect(parsed.executions.map((e) => e.account)).toEqual(['', '', '', '']);
    expect(trades(fixture('mt5-deals.csv'))).toEqual([
      // Two 0.5 lots in at 1.08412 and 1.08512 (average 1.08462), out at 1.08562: 0.001 × 100,000
      // = 100; fees 3.50 + 3.50 + two thirds of the reversal's 10.50.
      {
        symbol: 'EURUSD',
        side: 'long',
        quantity: 1,
        entryPrice: 1.08462,
        exitPrice: 1.08562,
        fees: 14,
        pnl: 86,
        currency: 'USD',
      },
      // The reversal's last 0.5 lot opens a short, bought back at 1.08462: 50, less 3.50 + 3.50.
      {
        symbol: 'EURUSD',
        side: 'short',
        quantity: 0.5,
        entryPrice: 1.08562,
        exitPrice: 1.08462,
        fees: 7,
        pnl: 43,
        currency: 'USD',
      },
    ]);
  });

  it('is found from its columns, as the report and as the Deals table', () => {
    expect(detectLayout(fixture('mt5-trade-history-report.csv'))).toBe('mt5-trade-history');
    expect(detectLayout(fixture('mt5-deals.csv'))).toBe('mt5-trade-history');
    const found = parseJournalFile('auto', fixture('mt5-trade-history-report.csv'), options);
    expect(found.layout).toBe('mt5-trade-history');
  });

  it('gives the same identities on every read', () => {
    const first = parseMt5TradeHistory(fixture('mt5-trade-history-report.csv'), options);
    const again = parseMt5TradeHistory(fixture('mt5-trade-history-report.csv'), { timeZone: 'UTC' });
    expect(again.executions.map((e) => e.identity)).toEqual(first.executions.map((e) => e.identity));
  });

  it('counts a swap credit larger than the charges as no fee, and says so', () => {
    const parsed = parseMt5TradeHistory(
      [
        'Time,Deal,Symbol,Type,Direction,Volume,Price,Order,Commission,Fee,Swap,Profit,Balance,Comment',
        '2026.11.16 10:05:12,1,AUDUSD,sell,out,1.00,0.65123,2,-1.00,0.00,4.20,10.00,100.00,',
      ].join('\n'),
      options,
    );
    expect(parsed.executions[0].fee).toBe(0);
    expect(parsed.skipped).toEqual({ [SWAP_CREDIT]: 1 });
  });

  it('explains bad rows and a file without a Deals table', () => {
    const parsed = parseMt5TradeHistory(
      [
        'Time,Deal,Symbol,Type,Direction,Volume,Price,Order,Commission,Fee,Swap,Profit,Balance,Comment',
        '2026.13.16 10:05:12,,EURUSD,buy,sideways,0,1.08,2,-1.00,0.00,0.00,0.00,100.00,',
      ].join('\n'),
      options,
    );
    expect(parsed.errors).toEqual([
      {
        line: 2,
        message:
          'Direction "sideways" is not in, out or in/out; Volume must be more than 0; Deal is empty; Time "2026.13.16 10:05:12" is not a date and time such as 2025.11.14 03:42:08. Correct the row, or save the report again from MetaTrader 5 (History → Report → Open XML) as CSV.',
      },
    ]);
    expect(parseMt5TradeHistory('Time,Position,Symbol\n', options).errors[0].message).toMatch(
      /^This MetaTrader 5 report has no Deals table/,
    );
  });
});
