import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGrowwOrderHistory } from './groww-order-history.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const options = { timeZone: 'Europe/Berlin' };

describe('parseGrowwOrderHistory', () => {
  it('reads executed orders below the title block, price = value ÷ quantity, in Indian time', () => {
    const parsed = parseGrowwOrderHistory(fixture('groww-stock-orders.csv'), options);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toBe(5);
    expect(parsed.skipped).toEqual({ 'cancelled orders (not filled)': 1, 'rejected orders (not filled)': 1 });
    expect(parsed.executions.map((e) => [e.symbol, e.side, e.quantity, e.price])).toEqual([
      ['INFY', 'buy', 10, 1502.9],
      ['ITC', 'buy', 20, 462],
      ['INFY', 'sell', 10, 1640.05],
    ]);
    const [buy, , sale] = parsed.executions;
    expect({ ...buy, executedAt: buy.executedAt.toISOString() }).toEqual({
      line: 7,
      identity: 'groww||INFY|2024-01-02||1100000012345601',
      account: '',
      symbol: 'INFY',
      assetClass: 'stock',
      side: 'buy',
      quantity: 10,
      price: 1502.9,
      fee: 0,
      currency: 'INR',
      multiplier: 1,
      executedAt: '2024-01-02T04:45:00.000Z',
      brokerTradeId: null,
      orderId: '1100000012345601',
      marketZone: 'Asia/Kolkata',
    });
    // 02:45 PM India.
    expect(sale.executedAt.toISOString()).toBe('2024-01-16T09:15:00.000Z');
  });

  it('gives the same identities on every read', () => {
    const first = parseGrowwOrderHistory(fixture('groww-stock-orders.csv'), options);
    const again = parseGrowwOrderHistory(fixture('groww-stock-orders.csv'), { timeZone: 'Asia/Kolkata' });
    expect(again.executions.map((e) => e.identity)).toEqual(first.executions.map((e) => e.identity));
  });

  it('explains bad rows and a file of another kind', () => {
    const parsed = parseGrowwOrderHistory(
      [
        'Stock name,Symbol,ISIN,Type,Quantity,Value,Exchange,Exchange Order Id,Execution date and time,Order status',
        'Infosys Ltd,INFY,INE009A01021,GIFT,10,0,NSE,,31-02-2024 10:15 AM,Executed',
      ].join('\n'),
      options,
    );
    expect(parsed.errors).toEqual([
      {
        line: 2,
        message:
          'Type "GIFT" is not BUY or SELL; Value must be more than 0; Exchange Order Id is empty; Execution date and time "31-02-2024 10:15 AM" is not a date and time such as 01-07-2024 10:15 AM. Correct the row, or download the order history again from Groww (Reports → Stocks → Order history).',
      },
    ]);
    expect(parseGrowwOrderHistory('x,y\n1,2\n', options).errors[0].message).toMatch(
      /^This is not a Groww order history/,
    );
  });
});
