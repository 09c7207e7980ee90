import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseIbkrActivityTrades } from './ibkr-activity-trades.ts';
import { CANCELLED, OTHER_SECTIONS } from './ibkr-fills.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
// The learner's zone must not matter: IBKR writes New York times.
const options = { timeZone: 'Asia/Kolkata' };
const at = (execution: { executedAt: Date }) => execution.executedAt.toISOString();

const HEADER =
  '"ClientAccountID","CurrencyPrimary","AssetClass","Symbol","Multiplier","TradeID","DateTime","Buy/Sell","Quantity","TradePrice","IBCommission","IBOrderID","LevelOfDetail"';
const fill = (dateTime: string) =>
  `"U1","USD","STK","AAPL","1","501","${dateTime}","BUY","10","170.5","-1","601","EXECUTION"`;

describe('parseIbkrActivityTrades', () => {
  it('reads the EXECUTION rows of a Flex file with a notice, header and trailer records and two accounts', () => {
    const parsed = parseIbkrActivityTrades(fixture('ibkr-activity-trades.csv'), options);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toBe(14);
    expect(parsed.skipped).toEqual({
      "ORDER rows (IBKR's summaries of fills)": 1,
      "SYMBOL_SUMMARY rows (IBKR's summaries of fills)": 1,
      [CANCELLED]: 2,
    });
    expect(
      parsed.executions.map((execution) => [
        execution.account,
        execution.symbol,
        execution.side,
        execution.quantity,
      ]),
    ).toEqual([
      ['U9000001', 'AAPL', 'buy', 50],
      ['U9000001', 'AAPL', 'sell', 30],
      ['U9000001', 'AAPL', 'sell', 20],
      ['U9000001', 'SPY   240315C00510000', 'buy', 2],
      ['U9000001', 'SPY   240315C00510000', 'sell', 2],
      ['U9000001', 'ESM4', 'buy', 1],
      ['U9000001', 'EUR.USD', 'buy', 20000],
      ['U9000002', 'MSFT', 'buy', 10],
      ['U9000002', 'MSFT', 'sell', 10],
      ['U9000002', 'AAPL', 'buy', 5],
    ]);
    const [buy, , , option, , future, forex] = parsed.executions;
    expect({ ...buy, executedAt: at(buy) }).toEqual({
      line: 6,
      identity: 'ibkr|U9000001|AAPL|2024-03-08|7010001|610001',
      account: 'U9000001',
      symbol: 'AAPL',
      assetClass: 'stock',
      side: 'buy',
      quantity: 50,
      price: 170.73,
      fee: 0.35,
      currency: 'USD',
      multiplier: 1,
      executedAt: '2024-03-08T14:35:01.000Z',
      brokerTradeId: '7010001',
      orderId: '610001',
      shortSale: false,
      marketZone: 'America/New_York',
    });
    expect(option).toMatchObject({ assetClass: 'option', multiplier: 100, price: 3.45, fee: 1.3 });
    expect(future).toMatchObject({ assetClass: 'future', multiplier: 50, price: 5223.25, fee: 2.25 });
    expect(forex).toMatchObject({ assetClass: 'forex', multiplier: 1, currency: 'USD', fee: 2 });
  });

  it('reads New York time with daylight saving: a March and a November trade either side of the change', () => {
    const executions = parseIbkrActivityTrades(fixture('ibkr-activity-trades.csv'), options).executions;
    const times = (symbol: string, account: string) =>
      executions.filter((e) => e.symbol === symbol && e.account === account).map(at);
    // DST began 10 March 2024 and ended 3 November 2024.
    expect(times('AAPL', 'U9000001')).toEqual([
      '2024-03-08T14:35:01.000Z',
      '2024-03-11T14:00:00.000Z',
      '2024-03-11T14:00:02.000Z',
    ]);
    expect(times('MSFT', 'U9000002')).toEqual(['2024-11-01T13:45:00.000Z', '2024-11-04T20:30:00.000Z']);
  });

  it('keeps the accounts apart: the same symbol in two accounts has two identities', () => {
    const executions = parseIbkrActivityTrades(fixture('ibkr-activity-trades.csv'), options).executions;
    const apple = executions.filter((execution) => execution.symbol === 'AAPL');
    expect(new Set(apple.map((execution) => execution.account))).toEqual(new Set(['U9000001', 'U9000002']));
    expect(apple.at(-1)?.identity).toBe('ibkr|U9000002|AAPL|2024-11-04|7020003|620003');
  });

  it('gives the same identities every time the same file is read', () => {
    const first = parseIbkrActivityTrades(fixture('ibkr-activity-trades.csv'), options);
    const again = parseIbkrActivityTrades(fixture('ibkr-activity-trades.csv'), { timeZone: 'Europe/London' });
    expect(again.executions.map((e) => e.identity)).toEqual(first.executions.map((e) => e.identity));
    expect(new Set(first.executions.map((e) => e.identity)).size).toBe(first.executions.length);
  });

  describe('the Flex options one by one', () => {
    const expected = { identity: 'ibkr|U1|AAPL|2024-03-08|501|601', executedAt: '2024-03-08T14:35:01.000Z' };
    const read = (text: string) => {
      const parsed = parseIbkrActivityTrades(text, options);
      expect(parsed.errors).toEqual([]);
      expect(parsed.executions).toHaveLength(1);
      return { identity: parsed.executions[0].identity, executedAt: at(parsed.executions[0]) };
    };

    it('a plain file: column headers only', () => {
      expect(read([HEADER, fill('20240308;093501')].join('\n'))).toEqual(expected);
    });

    it('the MSG notice above the header', () => {
      expect(
        read(['"MSG","Realized P/L is not ready."', HEADER, fill('20240308;093501')].join('\n')),
      ).toEqual(expected);
    });

    it('section code and line descriptor ("HEADER","TRNT" / "DATA","TRNT") inside BOF/BOA/BOS records', () => {
      const text = [
        '"BOF","U1","Trades","1","20240308","20240308","20240309;010101","100","100"',
        '"BOA","U1"',
        '"BOS","TRNT","Trades; trade date basis"',
        `"HEADER","TRNT",${HEADER}`,
        `"DATA","TRNT",${fill('20240308;093501')}`,
        '"EOS","TRNT","1"',
        '"EOA","U1"',
        '"EOF","1"',
      ].join('\n');
      expect(read(text)).toEqual(expected);
    });

    it.each([
      ['yyyy-MM-dd;HHmmss', '2024-03-08;093501'],
      ['MM/dd/yyyy;HHmmss', '03/08/2024;093501'],
      ['yyyyMMdd HHmmss', '20240308 093501'],
      ['yyyy-MM-dd;HH:mm:ss', '2024-03-08;09:35:01'],
    ])('dates as %s', (_format, dateTime) => {
      expect(read([HEADER, fill(dateTime)].join('\n'))).toEqual(expected);
    });

    it('separate TradeDate and TradeTime columns', () => {
      const text = [
        '"ClientAccountID","CurrencyPrimary","Symbol","TradeID","TradeDate","TradeTime","Buy/Sell","Quantity","TradePrice","IBOrderID"',
        '"U1","USD","AAPL","501","20240308","093501","BUY","10","170.5","601"',
      ].join('\n');
      expect(read(text)).toEqual(expected);
    });

    it('the account from the BOA record when there is no ClientAccountID column', () => {
      const text = [
        '"BOA","U1"',
        '"CurrencyPrimary","Symbol","TradeID","DateTime","Buy/Sell","Quantity","TradePrice","IBOrderID"',
        '"USD","AAPL","501","20240308;093501","BUY","10","170.5","601"',
        '"EOA","U1"',
      ].join('\n');
      expect(read(text)).toEqual(expected);
    });

    it('other sections of the same query are counted, not read', () => {
      const text = [
        HEADER,
        fill('20240308;093501'),
        '"ClientAccountID","CurrencyPrimary","AssetClass","Symbol","Position","MarkPrice"',
        '"U1","USD","STK","AAPL","10","171"',
      ].join('\n');
      const parsed = parseIbkrActivityTrades(text, options);
      expect(parsed.executions).toHaveLength(1);
      expect(parsed.skipped).toEqual({ [OTHER_SECTIONS]: 1 });
    });

    it('a cancellation shown only by the Ca code, with the trade it cancels', () => {
      const text = [
        '"ClientAccountID","CurrencyPrimary","Symbol","TradeID","DateTime","Buy/Sell","Quantity","TradePrice","Notes/Codes","OrigTradeID"',
        '"U1","USD","AAPL","501","20240308;093501","BUY","10","170.5","O",""',
        '"U1","USD","AAPL","","20240308;093501","BUY","-10","170.5","Ca","501"',
        '"U1","USD","AAPL","503","20240308;093600","BUY","10","170.6","O;P",""',
      ].join('\n');
      const parsed = parseIbkrActivityTrades(text, options);
      expect(parsed.executions.map((execution) => execution.brokerTradeId)).toEqual(['503']);
      expect(parsed.skipped).toEqual({ [CANCELLED]: 2 });
    });
  });

  it('asks for the Multiplier of options and futures, and for columns it cannot do without', () => {
    const noMultiplier = parseIbkrActivityTrades(
      [
        '"ClientAccountID","CurrencyPrimary","AssetClass","Symbol","TradeID","DateTime","Buy/Sell","Quantity","TradePrice"',
        '"U1","USD","FUT","ESM4","1","20240314;094500","BUY","1","5223.25"',
      ].join('\n'),
      options,
    );
    expect(noMultiplier.errors).toEqual([
      {
        line: 2,
        message:
          'Multiplier is empty for this FUT row (add the Multiplier column to your Activity Flex Query). Correct the row, or run the Activity Flex Query again in IBKR Client Portal (Performance & Reports → Flex Queries).',
      },
    ]);
    const noTime = parseIbkrActivityTrades(
      '"Symbol","Buy/Sell","Quantity","TradePrice"\n"AAPL","BUY","1","2"\n',
      options,
    );
    expect(noTime.errors).toEqual([
      {
        line: 1,
        message:
          'The trades lack the columns CurrencyPrimary, DateTime. Add them to your Activity Flex Query and run it again.',
      },
    ]);
    expect(parseIbkrActivityTrades('"Account","Cash"\n"U1","5"\n', options).errors[0].message).toMatch(
      /^No section of this file lists trades/,
    );
  });

  it('reads an expired option at price 0, leaves out bonds, and explains bad rows', () => {
    const parsed = parseIbkrActivityTrades(
      [
        '"ClientAccountID","CurrencyPrimary","AssetClass","Symbol","Multiplier","TradeID","DateTime","Buy/Sell","Quantity","TradePrice","Notes/Codes"',
        '"U1","USD","OPT","SPY   240315C00510000","100","9","20240315;162000","SELL","-2","0","C;Ep"',
        '"U1","USD","BOND","T 4 1/2 11/15/33","1","10","20240315;100000","BUY","1000","99.5",""',
        '"U1","USD","STK","AAPL","1","11","20240315;100000","HOLD","0","-3",""',
      ].join('\n'),
      options,
    );
    expect(parsed.executions.map((e) => [e.symbol, e.side, e.quantity, e.price, e.multiplier])).toEqual([
      ['SPY   240315C00510000', 'sell', 2, 0, 100],
    ]);
    expect(parsed.skipped).toEqual({
      'BOND rows (the journal follows stocks, options, futures, forex and crypto)': 1,
    });
    expect(parsed.errors).toEqual([
      {
        line: 4,
        message: expect.stringMatching(
          /^Quantity is 0; Buy\/Sell "HOLD" is not BUY or SELL; TradePrice must be more than 0\. Correct the row/,
        ),
      },
    ]);
  });
});
