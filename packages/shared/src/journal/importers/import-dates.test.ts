import { describe, expect, it } from 'vitest';
import { detectDayOrder, readDateTime } from './import-dates.ts';

const read = (text: string, zone = 'Asia/Kolkata', order: 'day-first' | 'month-first' = 'day-first') => {
  const reading = readDateTime('time', text, null, { zone, order, example: '2024-01-08 15:06' });
  return 'instant' in reading ? reading.instant.toISOString() : reading.problem;
};

describe('readDateTime', () => {
  it.each([
    ['2024-01-08T15:06:45', '2024-01-08T09:36:45.000Z'],
    ['2024-01-08 15:06', '2024-01-08T09:36:00.000Z'],
    ['08-01-2024 15:06:45', '2024-01-08T09:36:45.000Z'],
    ['08/01/2024 03:06 PM', '2024-01-08T09:36:00.000Z'],
    ['20240108;150645', '2024-01-08T09:36:45.000Z'],
    ['2024-01-08, 15:06:45', '2024-01-08T09:36:45.000Z'],
    ['8-Jan-24 15:06:45', '2024-01-08T09:36:45.000Z'],
    ['2024-01-08T15:06:45.250+05:30', '2024-01-08T09:36:45.250Z'],
    ['2024-01-08T09:36:45Z', '2024-01-08T09:36:45.000Z'],
    ['12-01-2024 12:00 AM', '2024-01-11T18:30:00.000Z'],
  ])('reads %s', (text, iso) => {
    expect(read(text)).toBe(iso);
  });

  it('refuses dates that do not exist, times without a date, and years outside the journal', () => {
    expect(read('2024-02-30 10:00')).toBe(
      'time "2024-02-30 10:00" is not a date and time such as 2024-01-08 15:06',
    );
    expect(read('2024-01-08')).toMatch(/is not a date and time/);
    expect(read('13:00 PM')).toMatch(/is not a date and time/);
    expect(read('1969-12-31 10:00')).toBe('time "1969-12-31 10:00" is not in the years 1970 to 2100');
  });

  it('reads the wall clock of zones with daylight saving, on both sides of the change', () => {
    expect(read('2024-03-08 09:30', 'America/New_York')).toBe('2024-03-08T14:30:00.000Z');
    expect(read('2024-03-11 09:30', 'America/New_York')).toBe('2024-03-11T13:30:00.000Z');
    expect(read('03/11/2024 09:30', 'America/New_York', 'month-first')).toBe('2024-03-11T13:30:00.000Z');
  });
});

describe('detectDayOrder', () => {
  it('follows the dates that can only be read one way, else the layout’s convention', () => {
    expect(detectDayOrder(['03/04/2024', '13/04/2024 10:00'], 'month-first')).toBe('day-first');
    expect(detectDayOrder(['03/04/2024', '04/13/2024;100000'], 'day-first')).toBe('month-first');
    expect(detectDayOrder(['03/04/2024', '2024-04-13'], 'month-first')).toBe('month-first');
  });
});
