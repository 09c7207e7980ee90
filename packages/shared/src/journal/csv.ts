/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */

export interface CsvRecord {
  /** The line of the file the record starts on (1 = the header). */
  line: number;
  fields: string[];
}

export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let index = 0;
  const endRecord = () => {
    fields.push(field);
    // A blank line is not a record.
    if (!(fields.length === 1 && fields[0].trim() === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  while (index < source.length) {
    const char = source[index];
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index += 1;
        } else quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += char;
    }
    index += 1;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
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
