import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { executionsToRoundTrips, toPairingExecution } from '../round-trips.ts';
import { parseIbkrActivityTrades } from './ibkr-activity-trades.ts';
import { CANCELLED } from './ibkr-fills.ts';
import { parseIbkrTradeConfirmation } from './ibkr-trade-confirmation.ts';
import { parseJournalFile } from './index.ts';

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

describe('parseIbkrTradeConfirmation on the Trade Confirmation as commonly exported', () => {
  // IBKR's TradeConfirm names (AccountId, Currency, AssetCategory), the order's and the fill's times
  // (OrderTime, Date/Time) and the commission with its breakdown, found from the columns.
  const HEADER =
    '"AccountId","Currency","AssetCategory","Symbol","Description","TradeID","OrderID","ExecID","OrderTime","Date/Time","TradeDate","Buy/Sell","Quantity","Price","Amount","Commission","BrokerExecutionCommission","BrokerClearingCommission","ThirdPartyExecutionCommission","ThirdPartyClearingCommission","ThirdPartyRegulatoryCommission","OtherCommission","CommissionCurrency","Code","LevelOfDetail"';
  const file = [
    HEADER,
    '"U5550001","USD","STK","AAPL","APPLE INC","911001","811001","0000e0d5.6601.01.01","20240311;093400","20240311;093501","20240311","BUY","100","170.00","17000","-1","-0.35","-0.2","-0.3","-0.1","-0.05","0","USD","O","EXECUTION"',
    '"U5550001","USD","STK","AAPL","APPLE INC","911002","811002","0000e0d5.6602.01.01","20240311;150900","20240311;151012","20240311","SELL","-100","172.35","-17235","-1","-0.35","-0.2","-0.3","-0.1","-0.05","0","USD","C","EXECUTION"',
  ].join('\n');

  it('is found from its columns and reads AAPL bought and sold the same day: +233 after commissions', () => {
    const parsed = parseJournalFile('auto', file, options);
    expect(parsed.layout).toBe('ibkr-trade-confirmation');
    expect(parsed.errors).toEqual([]);
    const executions = parsed.kind === 'fills' ? parsed.executions : [];
    expect(
      executions.map((e) => [e.account, e.symbol, e.side, e.quantity, e.price, e.fee, e.currency]),
    ).toEqual([
      ['U5550001', 'AAPL', 'buy', 100, 170, 1, 'USD'],
      ['U5550001', 'AAPL', 'sell', 100, 172.35, 1, 'USD'],
    ]);
    const trips = executionsToRoundTrips(executions.map(toPairingExecution), {
      historyMayBeIncomplete: true,
      timeZone: 'Asia/Kolkata',
    });
    expect(trips.map((trip) => [trip.symbol, trip.side, trip.pnl])).toEqual([['AAPL', 'long', 233]]);
  });
});
