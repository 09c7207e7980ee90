/**
 * What every importer does with a file's rows: find the row of column names (brokers and
 * spreadsheets put notes above it), read cells by column name, turn bad cells into sentences, and
 * settle identities so that the same fill read twice is one fill and two fills never share one.
 */
import type { CsvRecord } from '../csv.ts';
import { JOURNAL_IMPORT_MAX_ROWS } from '../csv-import.ts';
import { contentIdentity, type ImportedExecution, type ParsedExecutions } from '../executions.ts';
import { journalAmountProblem } from '../journal-schemas.ts';

/** What every importer takes: the learner's IANA zone (for files whose times name no zone). */
export interface ImportOptions {
  timeZone: string;
  /**
   * The currency of a symbol Candlewise lists (the API's instrument table), for template rows that
   * leave the currency empty; null when it does not list it.
   */
  currencyOf?: (symbol: string) => string | null;
}

/** A column name as importers compare them: lower case, letters and digits ('Trade ID' → 'tradeid'). */
export function columnKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export function columnKeys(fields: readonly string[]): Map<string, number> {
  const keys = new Map<string, number>();
  fields.forEach((name, index) => {
    const key = columnKey(name);
    if (key && !keys.has(key)) keys.set(key, index);
  });
  return keys;
}

/** A row of empty cells (spreadsheets save them as ",,,,"). */
export function isBlankRecord(record: CsvRecord): boolean {
  return record.fields.every((field) => field.trim() === '');
}

/**
 * The row of column names among the first rows of the file: the one holding the most of `columns`
 * (at least `least`), with how many of them it lacks.
 */
export function findHeaderRecord(
  records: readonly CsvRecord[],
  columns: readonly string[],
  least: number,
): { index: number; keys: Map<string, number>; missing: string[] } | null {
  let best: { index: number; keys: Map<string, number>; missing: string[] } | null = null;
  const limit = Math.min(records.length, 60);
  for (let index = 0; index < limit; index += 1) {
    const keys = columnKeys(records[index].fields);
    const missing = columns.filter((column) => !keys.has(columnKey(column)));
    if (columns.length - missing.length < least) continue;
    if (!best || missing.length < best.missing.length) best = { index, keys, missing };
    if (missing.length === 0) break;
  }
  return best;
}

/**
 * A number as files write it: 1,234.50, ₹ 95, (12.5) for −12.5; with `decimalComma` as European
 * spreadsheets write it: 1.234,50 and 12,5. Null when empty, NaN when not a number.
 */
export function parseDecimal(text: string, decimalComma = false): number | null {
  let value = text.trim().replace(/[\s\u00a0₹$€£]/g, '');
  value = decimalComma ? value.replace(/\./g, '').replace(',', '.') : value.replace(/,/g, '');
  if (value === '' || value === '--' || value === '-') return null;
  const negative = /^\(.*\)$/.test(value);
  if (negative) value = value.slice(1, -1);
  const number = Number(value);
  if (!Number.isFinite(number) || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(value)) return Number.NaN;
  return negative ? -number : number;
}

/** Six decimals, the journal's amount step. */
export function roundAmount(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** An id Excel rewrote as 1.00E+15: the digits it dropped cannot be recovered. */
function isScientificNotation(text: string): boolean {
  return /^\d+(\.\d+)?e\+\d+$/i.test(text.trim());
}

/** Cells of one data row by column key, collecting what is wrong with them as clauses. */
export class ImportRow {
  readonly problems: string[] = [];

  constructor(
    readonly line: number,
    private readonly fields: readonly string[],
    private readonly keys: Map<string, number>,
    /** The file writes decimals with a comma (csv.ts readCsv). */
    private readonly decimalComma = false,
  ) {}

  has(column: string): boolean {
    return this.keys.has(columnKey(column));
  }

  text(column: string): string {
    const index = this.keys.get(columnKey(column));
    return index === undefined ? '' : (this.fields[index] ?? '').trim();
  }

  /** A number in the journal's bounds; null when empty (a problem when `required`). */
  amount(column: string, label: string, rule: 'positive' | 'nonnegative' | 'any', required: boolean) {
    const raw = this.text(column);
    const value = parseDecimal(raw, this.decimalComma);
    if (value === null) {
      if (required) this.problems.push(`${label} is empty`);
      return null;
    }
    if (Number.isNaN(value)) {
      this.problems.push(`${label} "${raw}" is not a number`);
      return null;
    }
    const problem = journalAmountProblem(value, rule);
    if (problem) {
      this.problems.push(`${label} ${problem}`);
      return null;
    }
    return value;
  }

  /** A broker id cell: required, and not mangled by Excel. */
  id(column: string, label: string, required: boolean): string | null {
    const value = this.text(column);
    if (value === '') {
      if (required) this.problems.push(`${label} is empty`);
      return null;
    }
    if (isScientificNotation(value)) {
      this.problems.push(
        `${label} "${value}" was rewritten by a spreadsheet in scientific notation, which drops digits (download the file again and import it without saving it from Excel, or format the column as Text first)`,
      );
      return null;
    }
    return value;
  }

  /** A symbol, upper-cased unless the broker's case carries meaning (IBKR's DXETd, BRK B). */
  symbol(column: string, label: string, keepCase = false): string | null {
    const value = keepCase ? this.text(column) : this.text(column).toUpperCase();
    if (value === '') this.problems.push(`${label} is empty`);
    else if (value.length > 32) this.problems.push(`${label} "${value}" is longer than 32 characters`);
    else return value;
    return null;
  }
}

/** One sentence for a row: its problems, then what to do. */
export function rowMessage(problems: readonly string[], advice: string): string {
  const text = problems.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}. ${advice}`;
}

export function countSkipped(skipped: Record<string, number>, reason: string, count = 1): void {
  skipped[reason] = (skipped[reason] ?? 0) + count;
}

/** The result for a file that cannot be read at all. */
export function unreadableFile(line: number, message: string, rows = 0): ParsedExecutions {
  return { rows, executions: [], errors: [{ line, message }], skipped: {} };
}

/** The row limit every import shares (the caller imports nothing past it). */
export function tooManyRows(dataRecords: readonly CsvRecord[]): ParsedExecutions | null {
  if (dataRecords.length <= JOURNAL_IMPORT_MAX_ROWS) return null;
  return unreadableFile(
    dataRecords[JOURNAL_IMPORT_MAX_ROWS].line,
    `A file can hold at most ${JOURNAL_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into shorter periods and import each part.`,
    dataRecords.length,
  );
}

function sameFill(a: ImportedExecution, b: ImportedExecution): boolean {
  return (
    a.account === b.account &&
    a.symbol === b.symbol &&
    a.assetClass === b.assetClass &&
    a.side === b.side &&
    a.quantity === b.quantity &&
    a.price === b.price &&
    a.fee === b.fee &&
    a.currency === b.currency &&
    a.multiplier === b.multiplier &&
    a.executedAt.getTime() === b.executedAt.getTime() &&
    (a.brokerTradeId ?? null) === (b.brokerTradeId ?? null) &&
    (a.orderId ?? null) === (b.orderId ?? null)
  );
}

/** Gives each execution a content identity, numbering equal ones in file order. */
export function assignContentIdentities(executions: ImportedExecution[], source: string): void {
  const seen = new Map<string, number>();
  for (const execution of executions) {
    const base = contentIdentity(source, execution, 0);
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    execution.identity = contentIdentity(source, execution, occurrence);
  }
}

export const REPEATED_ROW = 'rows repeating a fill already read (same ids, same values)';

/**
 * Executions sharing an identity within one file: a row equal in every field to an earlier one is
 * the same fill read twice (dropped and counted); rows that share the ids but differ are different
 * fills the ids cannot tell apart, so each of them is known by its content instead.
 */
export function settleIdentities(
  executions: readonly ImportedExecution[],
  source: string,
  skipped: Record<string, number>,
): ImportedExecution[] {
  const byIdentity = new Map<string, ImportedExecution[]>();
  const kept: ImportedExecution[] = [];
  for (const execution of executions) {
    const group = byIdentity.get(execution.identity) ?? [];
    if (group.some((earlier) => sameFill(earlier, execution))) {
      countSkipped(skipped, REPEATED_ROW);
      continue;
    }
    group.push(execution);
    byIdentity.set(execution.identity, group);
    kept.push(execution);
  }
  const ambiguous = kept.filter((execution) => (byIdentity.get(execution.identity)?.length ?? 0) > 1);
  assignContentIdentities(ambiguous, source);
  return kept;
}
