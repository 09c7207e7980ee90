import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, formatCsv, parseCsv, readCsv } from './csv.ts';

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

  it('defuses a formula that starts like a negative number, and leaves only whole numbers alone', () => {
    const cells = [
      '-1+2',
      '-1+cmd|calc',
      '-2-3',
      '+1+1',
      '-1e2+1',
      '-12.5',
      '-7',
      '+3',
      '1e-7',
      '-1.5e+21',
      '0.25',
    ];
    const text = formatCsv([cells]);
    expect(parseCsv(text)[0]?.fields).toEqual([
      "'-1+2",
      "'-1+cmd|calc",
      "'-2-3",
      "'+1+1",
      "'-1e2+1",
      '-12.5',
      '-7',
      '+3',
      '1e-7',
      '-1.5e+21',
      '0.25',
    ]);
  });
});

describe('readCsv on files as spreadsheets and brokers write them', () => {
  it('keeps a stray quote inside an unquoted note as text, without swallowing the next rows', () => {
    const records = parseCsv('symbol,notes,qty\nAAPL,bought the 5" dip,10\nMSFT,fine,5\nTSLA,ok,1\n');
    expect(records.map((record) => [record.line, ...record.fields])).toEqual([
      [1, 'symbol', 'notes', 'qty'],
      [2, 'AAPL', 'bought the 5" dip', '10'],
      [3, 'MSFT', 'fine', '5'],
      [4, 'TSLA', 'ok', '1'],
    ]);
  });

  it('finds a semicolon delimiter and a decimal comma (European spreadsheets)', () => {
    const file = readCsv('symbol;quantity;entry_price\r\nSAP;10;12,5\r\nBMW;3;1.234,50\r\n');
    expect(file.delimiter).toBe(';');
    expect(file.decimalComma).toBe(true);
    expect(file.records[1]?.fields).toEqual(['SAP', '10', '12,5']);
  });

  it('reads a semicolon file with decimal points as decimal points', () => {
    const file = readCsv('symbol;quantity;entry_price\nSAP;10;12.5\nBMW;3;1,234\n');
    expect(file.delimiter).toBe(';');
    expect(file.decimalComma).toBe(false);
  });

  it('never reads decimals with a comma in a comma-separated file', () => {
    const file = readCsv('symbol,price\nSAP,"12,5"\n');
    expect(file.delimiter).toBe(',');
    expect(file.decimalComma).toBe(false);
    expect(file.records[1]?.fields).toEqual(['SAP', '12,5']);
  });

  it('finds tabs, counts lines across mixed line endings and skips blank lines', () => {
    const file = readCsv('\ufeffa\tb\r\n1\t"x\ny"\n\n2\t3\r4\t5');
    expect(file.delimiter).toBe('\t');
    expect(file.records.map((record) => [record.line, ...record.fields])).toEqual([
      [1, 'a', 'b'],
      [2, '1', 'x\ny'],
      [5, '2', '3'],
      [6, '4', '5'],
    ]);
  });

  it('names the line of a quote that is never closed', () => {
    expect(() => parseCsv('a,b\n1,2\n"unclosed,2\n3,4\n')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a,b\n1,2\n"unclosed,2\n3,4\n');
    } catch (error) {
      expect((error as CsvSyntaxError).line).toBe(3);
      expect((error as Error).message).toMatch(
        /^Line 3 of the file cannot be read: a quoted cell starts here/,
      );
    }
  });
});
