import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseIbkrActivityTrades } from './ibkr-activity-trades.ts';
import { CANCELLED } from './ibkr-fills.ts';
import { parseIbkrTradeConfirmation } from './ibkr-trade-confirmation.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const options = { timeZone: 'Asia/Kolkata' };

describe('parseIbkrTradeConfirmation', () => {
  it('reads the executions, leaving out a cancelled fill and keeping the one IBKR booked again', () => {
    const parsed = parseIbkrTradeConfirmation(fixture('ibkr-trade-confirmation.csv'), options);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toBe(5);
    expect(parsed.skipped).toEqual({ [CANCELLED]: 2 });
    expect(parsed.executions.map((e) => [e.line, e.side, e.quantity, e.price, e.fee])).toEqual([
      [2, 'buy', 70, 56.04, 1.9614],
      [5, 'buy', 100, 56.11, 0],
      [6, 'sell', 170, 58.38, 1.25],
    ]);
    const [first] = parsed.executions;
    expect({ ...first, executedAt: first.executedAt.toISOString() }).toEqual({
      line: 2,
      identity: 'ibkr|U9000003|DXETD|2021-03-03|3567500001|1784500001',
      account: 'U9000003',
      // IBKR's lower-case suffix names the listing: the symbol is kept as written.
      symbol: 'DXETd',
      assetClass: 'stock',
      side: 'buy',
      quantity: 70,
      price: 56.04,
      fee: 1.9614,
      currency: 'EUR',
      multiplier: 1,
      // Date/Time "2021-03-03,10:32:45" in New York (EST).
      executedAt: '2021-03-03T15:32:45.000Z',
      brokerTradeId: '3567500001',
      orderId: '1784500001',
      shortSale: false,
      // A stock priced in euros: its trading day is Frankfurt's.
      marketZone: 'Europe/Berlin',
    });
  });

  it('gives the same identities on every read, and the same as the Activity Flex layout for the same fill', () => {
    const first = parseIbkrTradeConfirmation(fixture('ibkr-trade-confirmation.csv'), options);
    const again = parseIbkrTradeConfirmation(fixture('ibkr-trade-confirmation.csv'), options);
    expect(again.executions.map((e) => e.identity)).toEqual(first.executions.map((e) => e.identity));

    const confirmation = parseIbkrTradeConfirmation(
      [
        '"ClientAccountID","CurrencyPrimary","AssetClass","Symbol","Multiplier","TransactionType","TradeID","OrderID","ExecID","Date/Time","TradeDate","Buy/Sell","Quantity","Price","Commission","CommissionCurrency","Code","LevelOfDetail"',
        '"U1","USD","STK","AAPL","1","ExchTrade","501","601","0000e0d5.65eaf0a1.01.01","20240308;093501","20240308","BUY","10","170.5","-1","USD","O","EXECUTION"',
      ].join('\n'),
      options,
    );
    const activity = parseIbkrActivityTrades(
      [
        '"ClientAccountID","CurrencyPrimary","AssetClass","Symbol","Multiplier","TransactionType","TradeID","IBOrderID","IBExecID","DateTime","TradeDate","Buy/Sell","Quantity","TradePrice","IBCommission","IBCommissionCurrency","Notes/Codes","LevelOfDetail"',
        '"U1","USD","STK","AAPL","1","ExchTrade","501","601","0000e0d5.65eaf0a1.01.01","20240308;093501","20240308","BUY","10","170.5","-1","USD","O","EXECUTION"',
      ].join('\n'),
      options,
    );
    expect(confirmation.executions).toEqual(activity.executions);
    expect(confirmation.executions[0].identity).toBe('ibkr|U1|AAPL|2024-03-08|501|601');
  });

  it('cancels by TradeID whatever the order of rows: a cancellation listed before its trade', () => {
    const [header, first, original, cancellation, reissue, sale] = fixture('ibkr-trade-confirmation.csv')
      .trim()
      .split('\n');
    const text = [header, first, cancellation, original, reissue, sale].join('\n');
    const parsed = parseIbkrTradeConfirmation(text, options);
    expect(parsed.errors).toEqual([]);
    expect(parsed.skipped).toEqual({ [CANCELLED]: 2 });
    // One BUY 100 stays (not the original and the booking again): the position closes flat.
    expect(parsed.executions.map((e) => [e.side, e.quantity, e.price])).toEqual([
      ['buy', 70, 56.04],
      ['buy', 100, 56.11],
      ['sell', 170, 58.38],
    ]);
  });

  it('names the Trade Confirmation columns it needs', () => {
    const parsed = parseIbkrTradeConfirmation(
      '"ClientAccountID","Symbol","Date/Time","Buy/Sell","Quantity","TradePrice"\n"U1","AAPL","20240308;093501","BUY","1","2"\n',
      options,
    );
    expect(parsed.errors).toEqual([
      {
        line: 1,
        message:
          'The trades lack the columns Price, CurrencyPrimary. Add them to your Trade Confirmation Flex Query and run it again.',
      },
    ]);
  });
});
