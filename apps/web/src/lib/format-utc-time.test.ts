import { describe, expect, it } from 'vitest';
import { formatUtcDay, formatUtcMinute, formatUtcRange } from './format-utc-time';

describe('UTC days and minutes', () => {
  it('writes the UTC day and minute whatever the reader’s zone', () => {
    expect(formatUtcDay('2023-03-10T14:00:00.000Z')).toBe('10 Mar 2023');
    expect(formatUtcMinute('2023-03-10T04:05:00.000Z')).toBe('04:05');
    expect(formatUtcDay('2023-09-01T23:59:00.000Z')).toBe('1 Sep 2023');
  });

  it('writes a range with its day once when both ends share it', () => {
    expect(formatUtcRange('2023-03-10T00:00:00.000Z', '2023-03-10T23:59:00.000Z')).toBe(
      '10 Mar 2023 00:00 – 23:59 UTC',
    );
    expect(formatUtcRange('2023-03-10T00:00:00.000Z', '2023-03-11T09:30:00.000Z')).toBe(
      '10 Mar 2023 00:00 – 11 Mar 2023 09:30 UTC',
    );
  });
});
