import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatCsv } from '../csv.ts';
import { ALREADY_REBUILT, parseCandlewiseTemplate, REBUILT_FROM_FILES } from './candlewise-template.ts';
import { EXPORT_EXTRA_COLUMNS, GENERIC_COLUMNS } from './index.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const options = { timeZone: 'Asia/Kolkata' };

describe('parseCandlewiseTemplate', () => {
  it('reads one trade per row with its stop, target, tags, notes, currency and P&L net of fees', () => {
    const parsed = parseCandlewiseTemplate(fixture('candlewise-template.csv'), options);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toBe(3);
    expect(
      parsed.trades.map((t) => [
        t.line,
        t.symbol,
        t.side,
        t.quantity,
        t.entryPrice,
        t.exitPrice,
        t.fees,
        t.pnl,
        t.currency,
      ]),
    ).toEqual([
      [2, 'RELIANCE', 'long', 10, 2450.5, 2471, 40, 165, 'INR'],
      [3, 'NIFTY26NOVFUT', 'short', 75, 24310, 24255, 55.5, 4069.5, 'INR'],
      [4, 'AAPL', 'long', 5, 221.1, null, 1, null, 'USD'],
    ]);
    const [first] = parsed.trades;
    expect(first).toMatchObject({
      identity: 'generic|RELIANCE|long|10|2450.5|2471|2026-11-02T03:50:00.000Z|2026-11-02T05:35:00.000Z',
      stopPrice: 2440,
      targetPrice: 2480,
      setupTags: ['breakout'],
      mistakeTags: [],
      notes: 'Waited for the retest',
      multiplier: 1,
      exportedId: null,
    });
    expect(parsed.trades[1].setupTags).toEqual(['reversal', 'vwap']);
    // An offset in the cell wins over the learner's zone.
    expect(parsed.trades[2].entryTime.toISOString()).toBe('2026-11-04T14:35:00.000Z');
  });

  it('reads times without an offset in the learner’s zone, daylight saving and Excel’s dates included', () => {
    const text = [
      'symbol,side,quantity,entry_price,entry_time,currency',
      'AAPL,long,1,100,03/08/2024 09:35,USD',
      'AAPL,long,1,100,2024-03-11 09:35,USD',
    ].join('\n');
    const parsed = parseCandlewiseTemplate(text, { timeZone: 'America/New_York' });
    expect(parsed.trades.map((t) => t.entryTime.toISOString())).toEqual([
      '2024-03-08T14:35:00.000Z',
      '2024-03-11T13:35:00.000Z',
    ]);
    // A spreadsheet in India re-saves 2026-11-13 09:20 as 13-11-2026 09:20: day first.
    const excel = parseCandlewiseTemplate(
      'symbol,side,quantity,entry_price,entry_time,currency\nTCS,long,1,3500,13-11-2026 09:20,INR\nTCS,long,1,3500,02-11-2026 09:20,INR\n',
      options,
    );
    expect(excel.errors).toEqual([]);
    expect(excel.trades.map((t) => t.entryTime.toISOString())).toEqual([
      '2026-11-13T03:50:00.000Z',
      '2026-11-02T03:50:00.000Z',
    ]);
  });

  it('explains bad rows, missing columns and an unknown time zone, by line', () => {
    const parsed = parseCandlewiseTemplate(
      [
        'symbol,side,quantity,entry_price,exit_price,entry_time,exit_time,fees,currency',
        'TCS,sideways,1,3500,3400,2026-11-02 10:00,2026-11-01 10:00,-1,INR',
        'TCS,long,1,3500,,2026-11-02 10:00,2026-11-02 11:00,,INR',
        'TCS,long,-3,abc,,2026-11-02 10:00,,,INR',
      ].join('\n'),
      options,
    );
    expect(parsed.trades).toEqual([]);
    expect(parsed.errors).toEqual([
      {
        line: 2,
        message:
          'Side "sideways" is not long or short; fees cannot be negative; exit_time is before entry_time. Correct the row, or start again from the template in Journal → Import.',
      },
      {
        line: 3,
        message:
          'Give both exit_price and exit_time, or neither for an open trade. Correct the row, or start again from the template in Journal → Import.',
      },
      {
        line: 4,
        message:
          'Quantity must be more than 0; entry_price "abc" is not a number. Correct the row, or start again from the template in Journal → Import.',
      },
    ]);
    expect(parseCandlewiseTemplate('symbol,side\nTCS,long\n', options).errors[0].message).toBe(
      'The first row lacks the columns quantity, entry_price, entry_time of the Candlewise template. Correct the row, or start again from the template in Journal → Import.',
    );
    expect(
      parseCandlewiseTemplate(fixture('candlewise-template.csv'), { timeZone: 'Mars/Olympus' }).errors[0]
        .message,
    ).toMatch(/^Your time zone "Mars\/Olympus" is not one Candlewise knows/);
  });
});

describe('Candlewise export read back', () => {
  it('gives the very trades the template gave, and leaves out what is rebuilt from fills', () => {
    const template = parseCandlewiseTemplate(fixture('candlewise-template.csv'), options);
    const exported = parseCandlewiseTemplate(fixture('candlewise-export.csv'), options);
    expect(exported.errors).toEqual([]);
    expect(exported.rows).toBe(6);
    expect(exported.skipped).toEqual({ [ALREADY_REBUILT]: 2, [REBUILT_FROM_FILES]: 1 });
    const shape = (t: (typeof template.trades)[number]) => ({ ...t, line: 0, exportedId: null });
    expect(exported.trades.map(shape)).toEqual(template.trades.map(shape));
    expect(exported.trades.map((t) => t.exportedId)).toEqual(['t-reliance', 't-nifty', 't-aapl']);
  });

  it('reads what the API’s export writes (numbers as stored, times in UTC) in any zone', () => {
    const template = parseCandlewiseTemplate(fixture('candlewise-template.csv'), options);
    const text = formatCsv([
      [...GENERIC_COLUMNS, ...EXPORT_EXTRA_COLUMNS],
      [
        'RELIANCE',
        'long',
        10,
        2450.5,
        2471,
        '2026-11-02T03:50:00.000Z',
        '2026-11-02T05:35:00.000Z',
        40,
        2440,
        2480,
        'breakout',
        '',
        'Waited for the retest',
        'INR',
        1,
        165,
        'csv',
        'false',
        '',
        'abc',
      ],
    ]);
    const exported = parseCandlewiseTemplate(text, { timeZone: 'America/Los_Angeles' });
    expect(exported.trades.map((t) => t.identity)).toEqual([template.trades[0].identity]);
  });
});

describe('parseCandlewiseTemplate on files as spreadsheets save them', () => {
  it('reads a semicolon file with decimal commas (a European spreadsheet)', () => {
    const parsed = parseCandlewiseTemplate(fixture('candlewise-template-semicolon.csv'), options);
    expect(parsed.errors).toEqual([]);
    expect(
      parsed.trades.map((t) => [
        t.line,
        t.symbol,
        t.side,
        t.quantity,
        t.entryPrice,
        t.exitPrice,
        t.fees,
        t.pnl,
      ]),
    ).toEqual([
      [2, 'RELIANCE', 'long', 10, 2450.5, 2471, 40, 165],
      [3, 'SAP', 'short', 3, 1234.5, 1220.25, 2.75, 40],
    ]);
    expect(parsed.trades[1]).toMatchObject({
      stopPrice: 1240,
      setupTags: ['breakout', 'vwap'],
      notes: 'Nach "Earnings" verkauft',
      currency: 'EUR',
    });
  });

  it('keeps a stray quote inside a note as text and reads every row after it', () => {
    const text = [
      GENERIC_COLUMNS.join(','),
      'AAPL,long,5,221.1,223.1,2026-11-04T09:35:00-05:00,2026-11-04T10:35:00-05:00,1,,,,,bought the 5" dip,USD,',
      'MSFT,long,2,400,410,2026-11-04T09:40:00-05:00,2026-11-04T11:00:00-05:00,0,,,,,,USD,',
      'TSLA,short,1,300,290,2026-11-04T09:45:00-05:00,2026-11-04T12:00:00-05:00,0,,,,,,USD,',
    ].join('\n');
    const parsed = parseCandlewiseTemplate(text, options);
    expect(parsed.errors).toEqual([]);
    expect(parsed.trades.map((t) => [t.line, t.symbol, t.pnl, t.notes])).toEqual([
      [2, 'AAPL', 9, 'bought the 5" dip'],
      [3, 'MSFT', 20, ''],
      [4, 'TSLA', 10, ''],
    ]);
  });
});

describe('parseCandlewiseTemplate never guesses a currency', () => {
  const text = [
    'symbol,side,quantity,entry_price,exit_price,entry_time,exit_time,currency',
    'AAPL,long,5,221.1,223.1,2026-11-04 09:35,2026-11-04 10:35,',
    'XAUUSD,long,1,2650,2660,2026-11-04 09:35,2026-11-04 10:35,',
    'RELIANCE.NS,long,10,1300,1310,2026-11-04 09:35,2026-11-04 10:35,',
    'GOLDM,long,1,70000,70100,2026-11-04 09:35,2026-11-04 10:35,INR',
  ].join('\n');

  it('asks for the currency of a symbol it cannot tell, by line, instead of taking INR', () => {
    const parsed = parseCandlewiseTemplate(text, options);
    expect(parsed.trades.map((t) => [t.symbol, t.currency])).toEqual([
      ['XAUUSD', 'USD'],
      ['RELIANCE.NS', 'INR'],
      ['GOLDM', 'INR'],
    ]);
    expect(parsed.errors).toEqual([
      {
        line: 2,
        message:
          'Currency is empty and Candlewise cannot tell which currency AAPL is priced in: write it in the currency column (INR, USD, EUR…). Correct the row, or start again from the template in Journal → Import.',
      },
    ]);
  });

  it('takes a listed symbol’s currency, and reads pairs and exchange suffixes', () => {
    const listed = (symbol: string) => (symbol === 'AAPL' ? 'USD' : null);
    const parsed = parseCandlewiseTemplate(text, { ...options, currencyOf: listed });
    expect(parsed.errors).toEqual([]);
    expect(parsed.trades.map((t) => [t.symbol, t.currency])).toEqual([
      ['AAPL', 'USD'],
      ['XAUUSD', 'USD'],
      ['RELIANCE.NS', 'INR'],
      ['GOLDM', 'INR'],
    ]);
  });
});
