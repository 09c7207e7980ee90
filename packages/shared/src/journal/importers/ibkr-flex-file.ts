/**
 * The structure of an IBKR Flex Query delivered as CSV, whatever its options: notices ("MSG") above
 * everything; with "Include header and trailer records" the file (BOF/EOF), account (BOA/EOA) and
 * section (BOS/EOS) records; with "Include section code and line descriptor" every row prefixed
 * "HEADER","TRNT" or "DATA","TRNT"; and without them, sections simply follow one another, each with
 * its own row of column names. What comes out is every data row with the columns it belongs to and
 * the account its block names.
 */
import { parseCsv } from '../csv.ts';
import { columnKeys, isBlankRecord } from './import-rows.ts';

export interface FlexHeader {
  line: number;
  names: string[];
  keys: Map<string, number>;
}

interface FlexRow {
  line: number;
  fields: string[];
  header: FlexHeader;
  /** The account of the BOA block the row sits in ('' outside one). */
  blockAccount: string;
}

const STRUCTURE = new Set(['BOF', 'EOF', 'BOA', 'EOA', 'BOS', 'EOS', 'MSG']);

function makeHeader(line: number, names: string[]): FlexHeader {
  return { line, names, keys: columnKeys(names) };
}

/** A row naming columns rather than holding values (a later section's header in a flat file). */
function looksLikeHeader(fields: readonly string[]): boolean {
  const names = new Set(fields.map((field) => field.trim()));
  return (
    names.has('ClientAccountID') ||
    names.has('AccountId') ||
    (names.has('Symbol') && (names.has('Quantity') || names.has('Buy/Sell')))
  );
}

export function readFlexFile(text: string): { headers: FlexHeader[]; rows: FlexRow[]; firstLine: number } {
  const records = parseCsv(text).filter((record) => !isBlankRecord(record));
  const headers: FlexHeader[] = [];
  const rows: FlexRow[] = [];
  let header: FlexHeader | null = null;
  let blockAccount = '';
  for (const record of records) {
    const tag = record.fields[0]?.trim() ?? '';
    if (STRUCTURE.has(tag)) {
      if (tag === 'BOA') blockAccount = record.fields[1]?.trim() ?? '';
      if (tag === 'EOA') blockAccount = '';
      // A new section brings its own column names.
      if (tag === 'BOS' || tag === 'EOS') header = null;
      continue;
    }
    if (tag === 'HEADER') {
      header = makeHeader(record.line, record.fields.slice(2));
      headers.push(header);
      continue;
    }
    const fields = tag === 'DATA' ? record.fields.slice(2) : record.fields;
    if (header === null || (tag !== 'DATA' && looksLikeHeader(fields))) {
      header = makeHeader(record.line, fields);
      headers.push(header);
      continue;
    }
    rows.push({ line: record.line, fields, header, blockAccount });
  }
  return { headers, rows, firstLine: records[0]?.line ?? 1 };
}
