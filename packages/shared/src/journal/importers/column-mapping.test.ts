import { describe, expect, it } from 'vitest';
import { rebuildPositions, toPairingExecution } from '../round-trips.ts';
import {
  columnsSignature,
  fileColumns,
  journalColumnMappingSchema,
  parseMappedFile,
} from './column-mapping.ts';
import { parseJournalFile } from './index.ts';

// A broker export no importer knows (a made-up "Trade log" in the shape many small brokers write).
const FILE = [
  'Trade Date,Ticker,Action,Shares,Fill Price,Commission,Ccy,Ref',
  '04/11/2026 09:31:05,AAPL,BOT,10,221.10,-1.00,USD,A1',
  '04/11/2026 15:02:40,AAPL,SLD,10,223.45,-1.00,USD,A2',
  '05/11/2026 10:00:00,VOD.L,Buy,100,72.5,0,,A3',
].join('\n');
const MAPPING = journalColumnMappingSchema.parse({
  columns: {
    time: 'Trade Date',
    symbol: 'Ticker',
    side: 'Action',
    quantity: 'Shares',
    price: 'Fill Price',
    fees: 'Commission',
    currency: 'Ccy',
    id: 'Ref',
  },
});
const options = { timeZone: 'Europe/London' };

describe('the column mapper', () => {
  it('answers the columns of an unrecognised file and a signature of their shape', () => {
    const parsed = parseJournalFile('auto', FILE, options);
    expect(parsed.kind).toBe('unknown');
    expect(parsed.kind === 'unknown' && parsed.columns).toEqual([
      'Trade Date',
      'Ticker',
      'Action',
      'Shares',
      'Fill Price',
      'Commission',
      'Ccy',
      'Ref',
    ]);
    expect(columnsSignature(fileColumns(FILE))).toBe(
      'tradedate|ticker|action|shares|fillprice|commission|ccy|ref',
    );
  });

  it('reads the file as fills with the learner’s mapping, and they pair into a trade', () => {
    const parsed = parseJournalFile('column-mapping', FILE, { ...options, mapping: MAPPING });
    expect(parsed.errors).toEqual([]);
    expect(parsed.layout).toBe('column-mapping');
    const executions = parsed.kind === 'fills' ? parsed.executions : [];
    expect(executions.map((e) => [e.symbol, e.side, e.quantity, e.price, e.fee, e.currency])).toEqual([
      ['AAPL', 'buy', 10, 221.1, 1, 'USD'],
      ['AAPL', 'sell', 10, 223.45, 1, 'USD'],
      // No currency in the row: the symbol's exchange suffix tells it.
      ['VOD.L', 'buy', 100, 72.5, 0, 'GBP'],
    ]);
    // Day first (the file has no date after the 12th, so the default); 09:31 in London is 09:31 UTC.
    expect(executions[0].executedAt.toISOString()).toBe('2026-11-04T09:31:05.000Z');
    expect(executions[0].identity).toBe('mapped||AAPL|2026-11-04|A1|');
    const trips = rebuildPositions(executions.map(toPairingExecution), { historyMayBeIncomplete: true });
    // (223.45 − 221.10) × 10 = 23.50, less 2.00.
    expect(trips.trips.map((t) => [t.symbol, t.side, t.pnl])).toEqual([['AAPL', 'long', 21.5]]);
  });

  it('names a chosen column the file does not have, and bad cells by their column', () => {
    const wrong = parseMappedFile(
      FILE,
      { ...MAPPING, columns: { ...MAPPING.columns, price: 'Price' } },
      options,
    );
    expect(wrong.errors).toEqual([
      {
        line: 1,
        message:
          'The file\'s first row has no column "Price" (chosen for price). Its columns are: Trade Date, Ticker, Action, Shares, Fill Price, Commission, Ccy, Ref.',
      },
    ]);
    const bad = parseMappedFile(
      'When,What,Way,Qty,Px\n2026-11-04 09:31,XYZ,hold,10,-1\n',
      journalColumnMappingSchema.parse({
        columns: { time: 'When', symbol: 'What', side: 'Way', quantity: 'Qty', price: 'Px' },
      }),
      options,
    );
    expect(bad.errors).toEqual([
      {
        line: 2,
        message:
          'The side "hold" (column "Way") is not buy or sell; the price (column "Px") must be more than 0; the currency of XYZ is not known (choose the currency column, or the currency of the whole file). Correct the row, or choose other columns for the import.',
      },
    ]);
  });

  it('asks for a mapping when none was sent', () => {
    const parsed = parseJournalFile('column-mapping', FILE, options);
    expect(parsed.errors[0].message).toMatch(/^Say which column of the file holds each field/);
  });

  it('validates the mapping with sentences', () => {
    const result = journalColumnMappingSchema.safeParse({ columns: { time: 'Date' }, currency: 'dollars' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Choose the column that holds the symbol.',
      'Choose the column that holds the side (buy or sell).',
      'Choose the column that holds the quantity.',
      'Choose the column that holds the price.',
      'The currency must be a three-letter code such as USD, EUR or INR.',
    ]);
  });
});
