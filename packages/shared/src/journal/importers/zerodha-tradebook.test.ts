import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPEATED_ROW } from './import-rows.ts';
import { parseZerodhaTradebook } from './zerodha-tradebook.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const options = { timeZone: 'America/New_York' };
const HEADER =
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time';

describe('parseZerodhaTradebook', () => {
  it('reads the Console equity CSV fill by fill, in Indian time whatever the learner’s zone', () => {
    const parsed = parseZerodhaTradebook(fixture('zerodha-equity-tradebook.csv'), options);
    expect(parsed.errors).toEqual([]);
    expect(parsed.skipped).toEqual({});
    expect(parsed.rows).toBe(7);
    expect(parsed.executions).toHaveLength(7);
    const [first, , , , sale, , bse] = parsed.executions;
    expect({ ...first, executedAt: first.executedAt.toISOString() }).toEqual({
      line: 2,
      identity: 'zerodha||ASIANPAINT|2024-01-15|3221871|1000000018185911',
      account: '',
      symbol: 'ASIANPAINT',
      assetClass: 'stock',
      side: 'buy',
      quantity: 5,
      price: 3264.050049,
      fee: 0,
      currency: 'INR',
      multiplier: 1,
      executedAt: '2024-01-15T06:05:40.000Z',
      brokerTradeId: '3221871',
      orderId: '1000000018185911',
      // The NSE's trading day decides a same-day short.
      marketZone: 'Asia/Kolkata',
    });
    expect(sale).toMatchObject({ symbol: 'HDFCBANK', side: 'sell', quantity: 13, price: 1538.75 });
    expect(sale.executedAt.toISOString()).toBe('2024-01-17T09:42:05.000Z');
    expect(bse).toMatchObject({ symbol: 'JYOTIRES', orderId: '1774323000006109410', side: 'sell' });
  });

  it('gives the same identities every time the same file is read', () => {
    const first = parseZerodhaTradebook(fixture('zerodha-equity-tradebook.csv'), options);
    const again = parseZerodhaTradebook(fixture('zerodha-equity-tradebook.csv'), {
      timeZone: 'Asia/Kolkata',
    });
    const identities = first.executions.map((execution) => execution.identity);
    expect(again.executions.map((execution) => execution.identity)).toEqual(identities);
    expect(new Set(identities).size).toBe(identities.length);
  });

  it('reads the XLSX export saved as CSV: notes above the columns, titled columns, dd-mm-yyyy without the T', () => {
    const csv = parseZerodhaTradebook(fixture('zerodha-equity-tradebook.csv'), options);
    const excel = parseZerodhaTradebook(fixture('zerodha-tradebook-excel.csv'), options);
    expect(excel.errors).toEqual([]);
    expect(excel.rows).toBe(7);
    expect(excel.executions.map((execution) => execution.identity)).toEqual(
      csv.executions.map((execution) => execution.identity),
    );
    expect(excel.executions.map(({ quantity, price, side }) => [quantity, price, side])).toEqual(
      csv.executions.map(({ quantity, price, side }) => [quantity, price, side]),
    );
    expect(excel.executions[0].line).toBe(8);
    expect(excel.executions[0].executedAt.toISOString()).toBe('2024-01-15T06:05:40.000Z');
    // The spreadsheet showed this time without seconds: the fill is still the same fill.
    expect(excel.executions[2].executedAt.toISOString()).toBe('2024-01-15T06:10:00.000Z');
  });

  it('reads dd/mm/yyyy dates, and day-first when no date shows the order', () => {
    const slashed = fixture('zerodha-tradebook-excel.csv').replace(/(\d{2})-(\d{2})-(\d{4})/g, '$1/$2/$3');
    const parsed = parseZerodhaTradebook(slashed, options);
    expect(parsed.errors).toEqual([]);
    expect(parsed.executions[0].identity).toBe('zerodha||ASIANPAINT|2024-01-15|3221871|1000000018185911');
    const ambiguous = parseZerodhaTradebook(
      [HEADER, 'INFY,INE009A01021,03/04/2024,NSE,EQ,EQ,buy,false,1,1500,11,91,03/04/2024 10:00'].join('\n'),
      options,
    );
    expect(ambiguous.executions[0].executedAt.toISOString()).toBe('2024-04-03T04:30:00.000Z');
  });

  it('reads F&O: quantities already in units (multiplier 1), futures and options from the symbol', () => {
    const parsed = parseZerodhaTradebook(fixture('zerodha-fo-tradebook.csv'), options);
    expect(parsed.errors).toEqual([]);
    expect(parsed.executions).toHaveLength(7);
    expect(parsed.executions[0]).toMatchObject({
      symbol: 'NIFTY24FEBFUT',
      assetClass: 'future',
      quantity: 50,
      price: 21710.5,
      multiplier: 1,
      currency: 'INR',
    });
    expect(parsed.executions[2]).toMatchObject({ symbol: 'BANKNIFTY2420745500CE', assetClass: 'option' });
  });

  it('keeps apart two fills with the same F&O trade id on two days', () => {
    const parsed = parseZerodhaTradebook(fixture('zerodha-fo-tradebook.csv'), options);
    const fives = parsed.executions.filter((execution) => execution.brokerTradeId === '501');
    expect(fives.map((execution) => execution.identity)).toEqual([
      'zerodha||BANKNIFTY2420745500CE|2024-02-05|501|1300000011112203',
      'zerodha||BANKNIFTY2420745500CE|2024-02-06|501|1300000022224405',
    ]);
    const sameIds = parseZerodhaTradebook(
      [
        HEADER,
        'NIFTY24FEB21800CE,,2024-02-05,NFO,FO,,buy,false,50,100,7,77,2024-02-05T10:00:00',
        'NIFTY24FEB21800CE,,2024-02-06,NFO,FO,,buy,false,50,100,7,77,2024-02-06T10:00:00',
      ].join('\n'),
      options,
    );
    expect(sameIds.executions).toHaveLength(2);
    expect(sameIds.executions[0].identity).not.toBe(sameIds.executions[1].identity);
  });

  it('reads a row repeated in every field as one fill, and keeps differing rows with the same ids apart', () => {
    const row = 'NIFTY24FEB21800CE,,2024-02-05,NFO,FO,,buy,false,50,100,7,77,2024-02-05T10:00:00';
    const repeated = parseZerodhaTradebook([HEADER, row, row].join('\n'), options);
    expect(repeated.executions).toHaveLength(1);
    expect(repeated.executions[0].identity).toBe('zerodha||NIFTY24FEB21800CE|2024-02-05|7|77');
    expect(repeated.skipped).toEqual({ [REPEATED_ROW]: 1 });
    const differing = parseZerodhaTradebook(
      [HEADER, row, row.replace(',100,', ',101,'), row].join('\n'),
      options,
    );
    expect(differing.errors).toEqual([]);
    expect(differing.executions.map((execution) => execution.identity)).toEqual([
      'zerodha|content||NIFTY24FEB21800CE|buy|50|100|2024-02-05T04:30:00.000Z|1',
      'zerodha|content||NIFTY24FEB21800CE|buy|50|101|2024-02-05T04:30:00.000Z|1',
    ]);
    expect(differing.skipped).toEqual({ [REPEATED_ROW]: 1 });
  });

  it('counts MCX and currency quantities in lots, with the lot as multiplier', () => {
    const parsed = parseZerodhaTradebook(
      [
        HEADER,
        'CRUDEOIL24DECFUT,,2024-12-02,MCX,COM,,buy,false,1,5900,1,81,2024-12-02T19:00:00',
        'GOLDM24DEC77000CE,,2024-12-02,MCX,COM,,buy,false,2,410,2,82,2024-12-02T19:05:00',
        'USDINR24DECFUT,,2024-12-02,CDS,CDS,,sell,false,3,84.7125,3,83,2024-12-02T10:00:00',
        'COTTONCNDY24DECFUT,,2024-12-02,MCX,COM,,buy,false,1,56000,4,84,2024-12-02T12:00:00',
      ].join('\n'),
      options,
    );
    expect(
      parsed.executions.map(({ symbol, assetClass, quantity, multiplier }) => [
        symbol,
        assetClass,
        quantity,
        multiplier,
      ]),
    ).toEqual([
      ['CRUDEOIL24DECFUT', 'future', 1, 100],
      ['GOLDM24DEC77000CE', 'option', 2, 10],
      ['USDINR24DECFUT', 'forex', 3, 1000],
    ]);
    expect(parsed.errors).toEqual([
      {
        line: 5,
        message: expect.stringMatching(
          /^COTTONCNDY24DECFUT is a MCX contract whose quantity Zerodha reports in lots/,
        ),
      },
    ]);
  });

  it('names each bad row’s problems and what to do, and skips mutual fund rows', () => {
    const parsed = parseZerodhaTradebook(
      [
        HEADER,
        'INFY,INE009A01021,2024-01-02,NSE,EQ,EQ,hold,false,-3,abc,11,91,2024-01-02T10:00:00',
        'INFY,INE009A01021,2024-01-02,NSE,EQ,EQ,buy,false,3,1500,12,1.00E+15,yesterday',
        'SOMEFUND,INF000000000,2024-01-02,,MF,,buy,false,3,15,13,93,2024-01-02T10:00:00',
      ].join('\n'),
      options,
    );
    expect(parsed.rows).toBe(3);
    expect(parsed.executions).toEqual([]);
    expect(parsed.skipped).toEqual({ 'mutual fund rows (not trades)': 1 });
    expect(parsed.errors).toEqual([
      {
        line: 2,
        message:
          'Trade_type "hold" is not buy or sell; quantity must be more than 0; price "abc" is not a number. Correct the row, or download the tradebook again from Zerodha Console (Reports → Tradebook).',
      },
      {
        line: 3,
        message: expect.stringMatching(
          /^Order_id "1.00E\+15" was rewritten by a spreadsheet in scientific notation.*; order_execution_time "yesterday" is not a date and time such as 2024-01-08T15:06:45\. Correct the row/,
        ),
      },
    ]);
  });

  it('says which columns are missing, and when a file is no tradebook at all', () => {
    expect(parseZerodhaTradebook('symbol,trade_type,quantity,price\nINFY,buy,1,2\n', options).errors).toEqual(
      [
        {
          line: 1,
          message:
            'The tradebook lacks the columns trade_id, order_id, order_execution_time. Download the tradebook again from Zerodha Console (Reports → Tradebook) without removing columns.',
        },
      ],
    );
    expect(parseZerodhaTradebook('a,b\n1,2\n', options).errors[0].message).toMatch(
      /^This is not a Zerodha tradebook/,
    );
    expect(parseZerodhaTradebook('', options).errors).toHaveLength(1);
  });
});
