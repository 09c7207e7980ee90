import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as shared from '../../index.ts';
import {
  detectLayout,
  GENERIC_COLUMNS,
  JOURNAL_IMPORT_LAYOUT_IDS,
  JOURNAL_IMPORT_LAYOUTS,
  type JournalImportLayoutId,
  parseJournalFile,
} from './index.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const options = { timeZone: 'Asia/Kolkata' };

const FIXTURES: Array<[string, JournalImportLayoutId]> = [
  ['zerodha-equity-tradebook.csv', 'zerodha-tradebook'],
  ['zerodha-fo-tradebook.csv', 'zerodha-tradebook'],
  ['zerodha-tradebook-excel.csv', 'zerodha-tradebook'],
  ['ibkr-activity-trades.csv', 'ibkr-activity-trades'],
  ['ibkr-trade-confirmation.csv', 'ibkr-trade-confirmation'],
  ['groww-stock-orders.csv', 'groww-order-history'],
  ['mt5-trade-history-report.csv', 'mt5-trade-history'],
  ['mt5-deals.csv', 'mt5-trade-history'],
  ['tradovate-fills.csv', 'tradovate-fills'],
  ['candlewise-template.csv', 'candlewise-template'],
  ['candlewise-export.csv', 'candlewise-template'],
];

describe('JOURNAL_IMPORT_LAYOUTS', () => {
  it('describes every layout once, with what it is and how to export it', () => {
    expect(JOURNAL_IMPORT_LAYOUTS.map((layout) => layout.id)).toEqual([...JOURNAL_IMPORT_LAYOUT_IDS]);
    for (const layout of JOURNAL_IMPORT_LAYOUTS) {
      expect(layout.name.length, layout.id).toBeGreaterThan(3);
      expect(layout.description.length, layout.id).toBeGreaterThan(40);
      expect(layout.howToExport.length, layout.id).toBeGreaterThan(40);
    }
  });

  it('is exported from @candlewise/shared', () => {
    expect(shared.parseJournalFile).toBe(parseJournalFile);
    expect(shared.JOURNAL_IMPORT_LAYOUTS).toBe(JOURNAL_IMPORT_LAYOUTS);
  });
});

describe('detectLayout', () => {
  it.each(FIXTURES)('recognises %s', (name, layout) => {
    expect(detectLayout(fixture(name))).toBe(layout);
  });

  it('recognises nothing in a file of other columns', () => {
    expect(detectLayout('date,description,amount\n2024-01-01,coffee,3\n')).toBeNull();
    expect(detectLayout('')).toBeNull();
  });
});

describe('parseJournalFile', () => {
  it.each(FIXTURES)('reads %s the same whether the layout is chosen or found', (name, layout) => {
    const chosen = parseJournalFile(layout, fixture(name), options);
    const found = parseJournalFile('auto', fixture(name), options);
    expect(found).toEqual(chosen);
    expect(found.layout).toBe(layout);
    expect(found.errors).toEqual([]);
    expect(found.kind === 'trades' ? found.trades.length : found.executions.length).toBeGreaterThan(0);
    expect(found.kind).toBe(layout === 'candlewise-template' ? 'trades' : 'fills');
  });

  it('reads every layout’s own example without errors', () => {
    for (const layout of JOURNAL_IMPORT_LAYOUTS) {
      if (!layout.example) continue;
      const parsed = parseJournalFile(layout.id, layout.example, options);
      expect(parsed.errors, layout.id).toEqual([]);
      expect(parsed.rows, layout.id).toBeGreaterThan(0);
    }
  });

  it('still understands the first round’s preset names', () => {
    expect(parseJournalFile('generic', fixture('candlewise-template.csv'), options).layout).toBe(
      'candlewise-template',
    );
    expect(parseJournalFile('zerodha', fixture('zerodha-equity-tradebook.csv'), options).layout).toBe(
      'zerodha-tradebook',
    );
    expect(parseJournalFile('ibkr', fixture('ibkr-activity-trades.csv'), options).layout).toBe(
      'ibkr-activity-trades',
    );
  });

  it('answers an unknown file with one sentence on line 1', () => {
    expect(parseJournalFile('auto', 'date,amount\n2024-01-01,3\n', options)).toEqual({
      kind: 'unknown',
      layout: null,
      // The columns the learner can map.
      columns: ['date', 'amount'],
      rows: 0,
      executions: [],
      errors: [
        { line: 1, message: expect.stringMatching(/^Candlewise does not recognise this file’s columns/) },
      ],
      skipped: {},
    });
  });

  it('reports a file read in the wrong layout instead of misreading it', () => {
    const parsed = parseJournalFile('ibkr-activity-trades', fixture('zerodha-equity-tradebook.csv'), options);
    expect(parsed.kind === 'fills' && parsed.executions).toEqual([]);
    expect(parsed.errors).toHaveLength(1);
  });

  it.each(['auto', 'candlewise-template'])('names the line of an unclosed quote (%s)', (choice) => {
    const text = `${GENERIC_COLUMNS.join(',')}\nAAPL,long,5,221.1,,2026-11-04 09:35,,1,,,,,fine,USD,\nMSFT,long,2,400,,2026-11-04 09:40,,0,,,,,"never closed,USD,\nTSLA,long,1,300,,2026-11-04 09:45,,0,,,,,,USD,\n`;
    const parsed = parseJournalFile(choice, text, options);
    expect(parsed.errors).toEqual([
      {
        line: 3,
        message: expect.stringMatching(/^Line 3 of the file cannot be read: a quoted cell starts here/),
      },
    ]);
    expect(parsed.kind === 'trades' ? parsed.trades : parsed.executions).toEqual([]);
  });
});
