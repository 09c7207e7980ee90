import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rebuildPositions, toPairingExecution } from '../round-trips.ts';
import { detectLayout } from './index.ts';
import { parseTradovateFills } from './tradovate-fills.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const options = { timeZone: 'Asia/Kolkata' };

describe('parseTradovateFills', () => {
  it('reads every fill with its point value, commission and UTC time', () => {
    const parsed = parseTradovateFills(fixture('tradovate-fills.csv'), options);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toBe(5);
    expect(
      parsed.executions.map((e) => [e.symbol, e.side, e.quantity, e.price, e.fee, e.multiplier]),
    ).toEqual([
      ['ESZ6', 'buy', 2, 6012.25, 2.58, 50],
      ['ESZ6', 'sell', 1, 6016.5, 1.29, 50],
      ['ESZ6', 'sell', 1, 6010, 1.29, 50],
      ['MNQZ6', 'sell', 3, 21450.75, 1.56, 2],
      ['MNQZ6', 'buy', 3, 21441.25, 1.56, 2],
    ]);
    const [first] = parsed.executions;
    expect({ ...first, executedAt: first.executedAt.toISOString() }).toEqual({
      line: 2,
      identity: 'tradovate|DEMO4010001|ESZ6|2026-11-16|391100000011|391100000008',
      account: 'DEMO4010001',
      symbol: 'ESZ6',
      assetClass: 'future',
      side: 'buy',
      quantity: 2,
      price: 6012.25,
      fee: 2.58,
      currency: 'USD',
      multiplier: 50,
      // From _timestamp (UTC), not the downloader's 09:35:02 New York clock.
      executedAt: '2026-11-16T14:35:02.118Z',
      brokerTradeId: '391100000011',
      orderId: '391100000008',
      marketZone: null,
    });
    expect(parsed.executions[3].executedAt.toISOString()).toBe('2026-11-17T01:15:44.020Z');
  });

  it('pairs the fills into trades with hand-worked P&L', () => {
    const parsed = parseTradovateFills(fixture('tradovate-fills.csv'), options);
    const trips = rebuildPositions(parsed.executions.map(toPairingExecution), {
      historyMayBeIncomplete: true,
    });
    expect(
      trips.trips.map((t) => [t.symbol, t.side, t.quantity, t.entryPrice, t.exitPrice, t.fees, t.pnl]),
    ).toEqual([
      // 2 ES bought at 6012.25, sold at 6016.50 and 6010.00 (average 6013.25): 1 point × 2 × $50 = 100, less 5.16.
      ['ESZ6', 'long', 2, 6012.25, 6013.25, 5.16, 94.84],
      // 3 MNQ sold at 21450.75, bought at 21441.25: 9.5 points × 3 × $2 = 57, less 3.12.
      ['MNQZ6', 'short', 3, 21450.75, 21441.25, 3.12, 53.88],
    ]);
  });

  it('reads the older export whose own columns have no underscore, and times without one in your zone', () => {
    const parsed = parseTradovateFills(
      [
        'id,orderId,contractId,timestamp,tradeDate,action,qty,price,active,account,Fill ID,Order ID,Timestamp,Date,Account,B/S,Quantity,Price,Force,priceFormat,tickSize,Contract,Product,ProductDescription,commission',
        '1,2,3,2026-02-10 21:01:05.000Z,2026-02-10,0,1,25387,TRUE,4,11,12,2/10/2026 16:01,2/10/2026,ACC1,Buy,1,25387,,-2,0.25,MNQH6,MNQ,Micro E-Mini NASDAQ-100,0.52',
      ].join('\n'),
      options,
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.executions[0]).toMatchObject({ brokerTradeId: '11', orderId: '12', price: 25387 });
    expect(parsed.executions[0].executedAt.toISOString()).toBe('2026-02-10T21:01:05.000Z');
    const local = parseTradovateFills(
      [
        'Fill ID,Order ID,Timestamp,Account,B/S,Quantity,Price,Contract,Product,commission',
        '11,12,02/10/2026 16:01:00,ACC1,Sell,1,25387,MNQH6,MNQ,0.52',
      ].join('\n'),
      { timeZone: 'America/New_York' },
    );
    expect(local.executions[0].executedAt.toISOString()).toBe('2026-02-10T21:01:00.000Z');
  });

  it('is found from its columns', () => {
    expect(detectLayout(fixture('tradovate-fills.csv'))).toBe('tradovate-fills');
  });

  it('reports a product it does not know and ids a spreadsheet rewrote', () => {
    const parsed = parseTradovateFills(
      [
        'Fill ID,Order ID,Timestamp,Account,B/S,Quantity,Price,Contract,Product,commission',
        '3.95E+11,12,02/10/2026 16:01:00,ACC1,Hold,1,25387,XYZH6,XYZ,0.52',
      ].join('\n'),
      options,
    );
    expect(parsed.errors).toEqual([
      {
        line: 2,
        message:
          'Candlewise does not know the point value of the product XYZ (remove its rows to import the rest, and add the trade by hand); B/S "Hold" is not Buy or Sell; Fill ID "3.95E+11" was rewritten by a spreadsheet in scientific notation, which drops digits (download the file again and import it without saving it from Excel, or format the column as Text first). Correct the row, or download the Fills report again from Tradovate (Reports → Fills).',
      },
    ]);
  });
});
