/**
 * CSV as real files write it, read with csv-parse (issue #41): RFC 4180 quoting (commas, "" and line
 * breaks inside quotes), a stray quote inside an unquoted cell kept as text (`bought the 5" dip`),
 * the delimiter found from the file (`,` `;` or tab), line endings of any kind, a byte-order mark,
 * and whether the file writes decimals with a comma (European spreadsheets: `12,5`, `1.234,50`).
 */
import { CsvError, type Options, parse } from 'csv-parse/sync';

export interface CsvRecord {
  /** The line of the file the record starts on (1 = the first line). */
  line: number;
  fields: string[];
}

export type CsvDelimiter = ',' | ';' | '\t';

export interface CsvFile {
  records: CsvRecord[];
  delimiter: CsvDelimiter;
  /** The file writes decimals with a comma (`12,5`): numbers are read that way. */
  decimalComma: boolean;
}

/** A file that is not CSV at the given line (an unclosed quote, a quote in the wrong place). */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

const DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t'];

/**
 * The delimiter of the file: the candidate appearing most often outside quotes on its first lines
 * (brokers put a title or notes above the column names, so a few lines are counted, not one).
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const head = text.slice(0, 20_000).split(/\r\n|\n|\r/, 20);
  const counts = new Map<CsvDelimiter, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  for (const line of head) {
    const unquoted = line.replace(/"(?:[^"]|"")*"/g, '');
    for (const delimiter of DELIMITERS) {
      counts.set(delimiter, (counts.get(delimiter) ?? 0) + unquoted.split(delimiter).length - 1);
    }
  }
  let best: CsvDelimiter = ',';
  for (const delimiter of DELIMITERS)
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

const COMMA_DECIMAL = /^[-+(]?\d[\d. \u00a0]*,\d+\)?$/;
const POINT_DECIMAL = /^[-+(]?\d[\d, \u00a0]*\.\d+\)?$/;

/**
 * A file separated by `;` or tabs writes decimals with a comma when some number does (`12,5`) and
 * none writes a decimal point (`12.5`); a comma-separated file never does (the comma is taken).
 */
function detectDecimalComma(records: readonly CsvRecord[], delimiter: CsvDelimiter): boolean {
  if (delimiter === ',') return false;
  let comma = false;
  for (const record of records) {
    for (const field of record.fields) {
      const cell = field.trim();
      if (POINT_DECIMAL.test(cell)) return false;
      if (COMMA_DECIMAL.test(cell)) comma = true;
    }
  }
  return comma;
}

function describe(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted cell starts here and is never closed';
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'a quoted cell is followed by more text before the next separator';
    default:
      return 'the line cannot be read as CSV';
  }
}

/**
 * Reads a whole file (or its first `toLine` lines). Blank lines are not records. Throws a
 * CsvSyntaxError naming the line when the file is not CSV.
 */
export function readCsv(text: string, options: { toLine?: number } = {}): CsvFile {
  const delimiter = detectDelimiter(text);
  let rows: Array<{ record: string[]; info: { lines: number } }>;
  // The line the last good record ended on: a bad record starts on the next one.
  let lastEnd = 0;
  try {
    const parseOptions: Options = {
      delimiter,
      bom: true,
      info: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
      record_delimiter: ['\r\n', '\n', '\r'],
      on_record: (record, context) => {
        lastEnd = context.lines;
        return record;
      },
      ...(options.toLine ? { to_line: options.toLine } : {}),
    };
    // With `info` each row is { record, info } (the typings of the sync API do not say so).
    rows = parse(text, parseOptions) as unknown as typeof rows;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = lastEnd + 1;
    throw new CsvSyntaxError(
      line,
      `Line ${line} of the file cannot be read: ${describe(error)}. Open the file in your spreadsheet, save it again as CSV and import that file.`,
    );
  }
  const records: CsvRecord[] = [];
  let previousEnd = 0;
  for (const { record, info } of rows) {
    // A record ends on info.lines; it starts on the line after the previous one ended.
    const line = previousEnd + 1;
    previousEnd = info.lines;
    if (record.length === 1 && record[0].trim() === '') continue;
    records.push({ line, fields: record });
  }
  return { records, delimiter, decimalComma: detectDecimalComma(records, delimiter) };
}

/** The records of a file (see readCsv). */
export function parseCsv(text: string): CsvRecord[] {
  return readCsv(text).records;
}

/** A cell that is wholly one number (a sign, digits, a decimal point, an exponent): nothing to run. */
const WHOLE_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

function escapeField(value: string): string {
  // A leading =, +, - or @ would run as a formula in a spreadsheet (-1+cmd|calc too): prefix it
  // with a quote mark, unless the cell is only a number.
  const safe = /^[=+\-@\t\r]/.test(value) && !WHOLE_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function formatCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return `${rows.map((row) => row.map((value) => escapeField(value === null ? '' : String(value))).join(',')).join('\r\n')}\r\n`;
}
