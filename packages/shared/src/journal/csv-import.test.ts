import { describe, expect, it } from 'vitest';
import { formatCsv, parseCsv } from './csv.ts';
import {
  JOURNAL_IMPORT_PRESETS,
  parseImportTime,
  parsePresetExecutions,
  parseTradeRows,
} from './csv-import.ts';

describe('parseCsv', () => {
  it('keeps quoted commas, quotes and line breaks, and numbers records by their first line', () => {
    const records = parseCsv('a,b\r\n"x, y","say ""hi"""\n\n"two\nlines",z\n');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 4, fields: ['two\nlines', 'z'] },
    ]);
  });

  it('round-trips what formatCsv writes and defuses spreadsheet formulas', () => {
    const text = formatCsv([
      ['symbol', 'notes'],
      ['AAPL', 'a, "b"'],
      ['X', '=HYPERLINK("x")'],
      ['Y', '-12.5'],
    ]);
    expect(parseCsv(text).map((record) => record.fields)).toEqual([
      ['symbol', 'notes'],
      ['AAPL', 'a, "b"'],
      ['X', `'=HYPERLINK("x")`],
      ['Y', '-12.5'],
    ]);
  });
});

describe('parseImportTime', () => {
  it('reads ISO times with and without an offset, and the IB format', () => {
    expect(parseImportTime('2026-11-02 09:15', 'Asia/Kolkata')?.toISOString()).toBe(
      '2026-11-02T03:45:00.000Z',
    );
    expect(parseImportTime('2026-11-02T09:15:30Z', 'Asia/Kolkata')?.toISOString()).toBe(
      '2026-11-02T09:15:30.000Z',
    );
    expect(parseImportTime('2026-11-02T09:15:00-05:00', 'UTC')?.toISOString()).toBe(
      '2026-11-02T14:15:00.000Z',
    );
    expect(parseImportTime('20261102;093501', 'America/New_York')?.toISOString()).toBe(
      '2026-11-02T14:35:01.000Z',
    );
    expect(parseImportTime('2026-02-30 09:00', 'UTC')).toBeNull();
    expect(parseImportTime('yesterday', 'UTC')).toBeNull();
  });

  it('reads a time without an offset at the zone’s offset of that day (daylight saving)', () => {
    // New York is UTC−4 until 1 November 2026 and UTC−5 after.
    expect(parseImportTime('2026-10-30 09:30', 'America/New_York')?.toISOString()).toBe(
      '2026-10-30T13:30:00.000Z',
    );
    expect(parseImportTime('2026-11-02 09:30', 'America/New_York')?.toISOString()).toBe(
      '2026-11-02T14:30:00.000Z',
    );
  });
});

describe('journal imports', () => {
  it('reads every preset’s own example without errors', () => {
    for (const preset of JOURNAL_IMPORT_PRESETS) {
      const parsed =
        preset.id === 'generic'
          ? parseTradeRows(preset.example, { timeZone: 'Asia/Kolkata' })
          : parsePresetExecutions(preset.id, preset.example, { timeZone: 'Asia/Kolkata' });
      expect(parsed.errors, preset.id).toEqual([]);
      expect('trades' in parsed ? parsed.trades.length : parsed.executions.length, preset.id).toBeGreaterThan(
        0,
      );
    }
  });

  it('computes P&L net of fees for template rows and reports bad rows by line', () => {
    const parsed = parseTradeRows(
      [
        'Symbol,Side,Quantity,Entry_Price,Exit_Price,Entry_Time,Exit_Time,Fees,Setup_Tags',
        'aapl,short,10,100,95,2026-11-02 09:00,2026-11-02 10:00,2,Breakout; VWAP',
        'MSFT,sideways,10,100,95,2026-11-02 09:00,2026-11-02 10:00,,',
        'MSFT,long,-3,abc,,2026-11-02 09:00,2026-11-02 10:00,,',
        'TSLA,long,1,200,,2026-11-02 09:00,,,',
      ].join('\n'),
    );
    expect(parsed.rows).toBe(4);
    expect(parsed.trades.map((trade) => [trade.line, trade.symbol, trade.pnl, trade.setupTags])).toEqual([
      [2, 'AAPL', 48, ['breakout', 'vwap']],
      [5, 'TSLA', null, []],
    ]);
    expect(parsed.errors).toEqual([
      { line: 3, message: 'side "sideways" is not long or short.' },
      {
        line: 4,
        message:
          'quantity must be more than 0; entry_price "abc" is not a number; give both exit_price and exit_time, or neither for an open trade.',
      },
    ]);
  });

  it('names missing columns on line 1', () => {
    const parsed = parsePresetExecutions('zerodha', 'symbol,price\nINFY,10\n');
    expect(parsed.errors).toEqual([
      { line: 1, message: expect.stringMatching(/trade_type, quantity, trade_id/) },
    ]);
  });

  it('reads Zerodha fills in Indian time, each identified by its trade date and ids', () => {
    const parsed = parsePresetExecutions(
      'zerodha',
      [
        'symbol,segment,trade_date,trade_type,quantity,price,trade_id,order_id,order_execution_time',
        'INFY,EQ,2026-11-02,buy,10,100,t1,o1,2026-11-02T09:30:00',
        'NIFTY26NOVFUT,FO,2026-11-02,sell,75,24000,1,o2,2026-11-02T10:00:00',
        'NIFTY26NOVFUT,FO,2026-11-03,buy,75,23900,1,o3,2026-11-03T10:00:00',
        'INFY,EQ,2026-11-02,buy,10,100,t1,o1,2026-11-02T09:30:00',
      ].join('\n'),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.skipped).toEqual({ 'repeated row': 1 });
    expect(parsed.executions.map((fill) => [fill.line, fill.identity, fill.assetClass])).toEqual([
      [2, 'zerodha||INFY|2026-11-02|t1|o1', 'stock'],
      [3, 'zerodha||NIFTY26NOVFUT|2026-11-02|1|o2', 'future'],
      [4, 'zerodha||NIFTY26NOVFUT|2026-11-03|1|o3', 'future'],
    ]);
    expect(parsed.executions[0]).toMatchObject({ currency: 'INR', multiplier: 1, side: 'buy', quantity: 10 });
    expect(parsed.executions[0].executedAt.toISOString()).toBe('2026-11-02T04:00:00.000Z');
  });

  it('refuses one fill id on one day with two different contents', () => {
    const parsed = parsePresetExecutions(
      'zerodha',
      [
        'symbol,trade_type,quantity,price,trade_id,order_execution_time',
        'INFY,buy,10,100,t1,2026-11-02T09:30:00',
        'INFY,buy,12,100,t1,2026-11-02T09:30:00',
      ].join('\n'),
    );
    expect(parsed.errors).toEqual([
      { line: 3, message: 'the fill t1 of INFY on 2026-11-02 appears twice with different values (line 2).' },
    ]);
  });

  it('reads IB signed quantities, commissions, currency, asset class and the multiplier', () => {
    const parsed = parsePresetExecutions(
      'ibkr',
      [
        'Symbol,DateTime,Buy/Sell,Quantity,TradePrice,IBCommission,TradeID,Multiplier,CurrencyPrimary,AssetClass',
        'ES,20261102;100000,SELL,-1,5000,-2.5,9,50,USD,FUT',
        'ES,20261102;110000,BUY,1,4990,-2.5,10,50,USD,FUT',
      ].join('\n'),
      { timeZone: 'America/New_York' },
    );
    expect(parsed.executions[0]).toMatchObject({
      side: 'sell',
      quantity: 1,
      fee: 2.5,
      multiplier: 50,
      currency: 'USD',
      assetClass: 'future',
    });
    expect(parsed.executions[0].executedAt.toISOString()).toBe('2026-11-02T15:00:00.000Z');
  });
});
