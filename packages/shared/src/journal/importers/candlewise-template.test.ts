import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatCsv } from '../csv.ts';
import { GENERIC_COLUMNS } from '../csv-import.ts';
import { parseCandlewiseExport } from './candlewise-export.ts';
import { ALREADY_REBUILT, parseCandlewiseTemplate } from './candlewise-template.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const options = { timeZone: 'Asia/Kolkata' };

describe('parseCandlewiseTemplate', () => {
  it('turns a closed trade into its entry and exit fills and an open trade into its entry', () => {
    const parsed = parseCandlewiseTemplate(fixture('candlewise-template.csv'), options);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toBe(3);
    expect(
      parsed.executions.map((e) => [e.line, e.symbol, e.side, e.quantity, e.price, e.fee, e.currency]),
    ).toEqual([
      [2, 'RELIANCE', 'buy', 10, 2450.5, 20, 'INR'],
      [2, 'RELIANCE', 'sell', 10, 2471, 20, 'INR'],
      [3, 'NIFTY26NOVFUT', 'sell', 75, 24310, 27.75, 'INR'],
      [3, 'NIFTY26NOVFUT', 'buy', 75, 24255, 27.75, 'INR'],
      [4, 'AAPL', 'buy', 5, 221.1, 1, 'USD'],
    ]);
    const [entry] = parsed.executions;
    expect({ ...entry, executedAt: entry.executedAt.toISOString() }).toEqual({
      line: 2,
      identity: 'candlewise|content||RELIANCE|buy|10|2450.5|2026-11-02T03:50:00.000Z|1',
      account: '',
      symbol: 'RELIANCE',
      assetClass: 'stock',
      side: 'buy',
      quantity: 10,
      price: 2450.5,
      fee: 20,
      currency: 'INR',
      multiplier: 1,
      executedAt: '2026-11-02T03:50:00.000Z',
      brokerTradeId: null,
      orderId: null,
    });
    // An offset in the cell wins over the learner's zone.
    expect(parsed.executions[4].executedAt.toISOString()).toBe('2026-11-04T14:35:00.000Z');
  });

  it('reads times without an offset in the learner’s zone, daylight saving included', () => {
    const text =
      'symbol,side,quantity,entry_price,entry_time\nAAPL,long,1,100,03/08/2024 09:35\nAAPL,long,1,100,2024-03-11 09:35\n';
    const parsed = parseCandlewiseTemplate(text, { timeZone: 'America/New_York' });
    expect(parsed.executions.map((e) => e.executedAt.toISOString())).toEqual([
      '2024-03-08T14:35:00.000Z',
      '2024-03-11T13:35:00.000Z',
    ]);
  });

  it('gives the same identities on every read, numbering identical fills', () => {
    const text = fixture('candlewise-template.csv');
    const first = parseCandlewiseTemplate(text, options).executions.map((e) => e.identity);
    expect(parseCandlewiseTemplate(text, options).executions.map((e) => e.identity)).toEqual(first);
    const twice = parseCandlewiseTemplate(
      'symbol,side,quantity,entry_price,entry_time\nTCS,long,1,3500,2026-11-02 10:00\nTCS,long,1,3500,2026-11-02 10:00\n',
      options,
    );
    expect(twice.executions.map((e) => e.identity.slice(-2))).toEqual(['|1', '|2']);
  });

  it('explains bad rows, missing columns and an unknown time zone', () => {
    const parsed = parseCandlewiseTemplate(
      [
        'symbol,side,quantity,entry_price,exit_price,entry_time,exit_time,fees',
        'TCS,sideways,1,3500,3400,2026-11-02 10:00,2026-11-01 10:00,-1',
        'TCS,long,1,3500,,2026-11-02 10:00,2026-11-02 11:00,',
      ].join('\n'),
      options,
    );
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

describe('parseCandlewiseExport', () => {
  it('reads an export back into the very fills the template gave: importing it again adds nothing', () => {
    const template = parseCandlewiseTemplate(fixture('candlewise-template.csv'), options);
    const exported = parseCandlewiseExport(fixture('candlewise-export.csv'), options);
    expect(exported.errors).toEqual([]);
    expect(exported.rows).toBe(5);
    expect(exported.skipped).toEqual({ [ALREADY_REBUILT]: 2 });
    const shape = (e: (typeof template.executions)[number]) => ({ ...e, line: 0 });
    expect(exported.executions.map(shape)).toEqual(template.executions.map(shape));
  });

  it('reads what the API’s export writes (formatCsv, numbers as stored, times in UTC) in any zone', () => {
    const template = parseCandlewiseTemplate(fixture('candlewise-template.csv'), options);
    const text = formatCsv([
      [...GENERIC_COLUMNS, 'pnl', 'source', 'verified'],
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
      ],
    ]);
    const exported = parseCandlewiseExport(text, { timeZone: 'America/Los_Angeles' });
    expect(exported.executions.map((e) => e.identity)).toEqual(
      template.executions.slice(0, 2).map((e) => e.identity),
    );
  });
});
