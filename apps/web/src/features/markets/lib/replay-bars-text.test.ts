import { describe, expect, it } from 'vitest';
import { barsFileProblem, linePlace, storedBarsText } from './replay-bars-text';

describe('replay bars in words', () => {
  it('says what an upload stored, the range in UTC', () => {
    expect(
      storedBarsText({
        symbol: 'BTCUSD',
        stored: 1440,
        first: '2023-03-10T00:00:00.000Z',
        last: '2023-03-10T23:59:00.000Z',
      }),
    ).toBe('Stored 1,440 bars for BTCUSD (10 Mar 2023 00:00 – 23:59 UTC)');
  });

  it('refuses a file that is not a CSV or text file, or larger than 4 MB', () => {
    expect(barsFileProblem({ name: 'day.csv', size: 80_000 })).toBeNull();
    expect(barsFileProblem({ name: 'DAY.TXT', size: 80_000 })).toBeNull();
    expect(barsFileProblem({ name: 'day.xlsx', size: 80_000 })).toBe(
      'Choose a .csv or .txt file of 1-minute bars.',
    );
    expect(barsFileProblem({ name: 'year.csv', size: 5.2 * 1024 * 1024 })).toBe(
      'That file is 5.2 MB; the limit is 4 MB. Split it into several files, a few days each.',
    );
  });

  it('names a line error’s place', () => {
    expect(linePlace('line 3')).toBe('Line 3');
  });
});
