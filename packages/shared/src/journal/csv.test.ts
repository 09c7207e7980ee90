import { describe, expect, it } from 'vitest';
import { formatCsv, parseCsv } from './csv.ts';

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
