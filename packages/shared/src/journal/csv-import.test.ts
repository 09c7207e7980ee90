import { describe, expect, it } from 'vitest';
import { formatCsv, parseCsv } from './csv.ts';
import { JOURNAL_IMPORT_PRESETS, parseImportTime, parseJournalImport } from './csv-import.ts';

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
    expect(parseImportTime('2026-11-02 09:15', 330)?.toISOString()).toBe('2026-11-02T03:45:00.000Z');
    expect(parseImportTime('2026-11-02T09:15:30Z', 330)?.toISOString()).toBe('2026-11-02T09:15:30.000Z');
    expect(parseImportTime('2026-11-02T09:15:00-05:00', 0)?.toISOString()).toBe('2026-11-02T14:15:00.000Z');
    expect(parseImportTime('20261102;093501', -300)?.toISOString()).toBe('2026-11-02T14:35:01.000Z');
    expect(parseImportTime('2026-02-30 09:00', 0)).toBeNull();
    expect(parseImportTime('yesterday', 0)).toBeNull();
  });
});

describe('parseJournalImport', () => {
  it('reads every preset’s own example without errors', () => {
    for (const preset of JOURNAL_IMPORT_PRESETS) {
      const parsed = parseJournalImport(preset.id, preset.example, { utcOffsetMinutes: 330 });
      expect(parsed.errors, preset.id).toEqual([]);
      expect(parsed.trades.length, preset.id).toBeGreaterThan(0);
    }
  });

  it('computes P&L net of fees for template rows and reports bad rows by line', () => {
    const parsed = parseJournalImport(
      'generic',
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
    const parsed = parseJournalImport('zerodha', 'symbol,price\nINFY,10\n');
    expect(parsed.errors).toEqual([
      { line: 1, message: expect.stringMatching(/trade_type, quantity, trade_id/) },
    ]);
  });

  it('pairs Zerodha fills into a trade identified by its opening fill, in Indian time', () => {
    const parsed = parseJournalImport(
      'zerodha',
      [
        'symbol,trade_type,quantity,price,trade_id,order_execution_time',
        'INFY,buy,10,100,t1,2026-11-02T09:30:00',
        'INFY,buy,10,110,t2,2026-11-02T10:00:00',
        'INFY,sell,20,120,t3,2026-11-02T11:00:00',
        'TCS,sell,5,50,t4,2026-11-02T12:00:00',
      ].join('\n'),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.openFills).toBe(1);
    expect(parsed.trades).toHaveLength(1);
    expect(parsed.trades[0]).toMatchObject({
      line: 2,
      identity: 'zerodha|t1',
      side: 'long',
      quantity: 20,
      entryPrice: 105,
      pnl: 300,
    });
    expect(parsed.trades[0].entryTime.toISOString()).toBe('2026-11-02T04:00:00.000Z');
  });

  it('reads IB signed quantities, commissions and the multiplier', () => {
    const parsed = parseJournalImport(
      'ibkr',
      [
        'Symbol,DateTime,Buy/Sell,Quantity,TradePrice,IBCommission,TradeID,Multiplier',
        'ES,20261102;100000,SELL,-1,5000,-2.5,9,50',
        'ES,20261102;110000,BUY,1,4990,-2.5,10,50',
      ].join('\n'),
    );
    expect(parsed.trades[0]).toMatchObject({ side: 'short', fees: 5, pnl: 10 * 50 - 5 });
  });
});
