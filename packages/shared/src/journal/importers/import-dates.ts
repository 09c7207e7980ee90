/**
 * Dates and times as brokers and spreadsheets write them (2024-01-08T15:06:45, 20240108;150645,
 * 08-01-2024 15:06, 01/08/2024;150645, 01-01-2026 10:05 AM), read as wall-clock times in the zone the
 * file's times are in — India for Zerodha and Groww, New York for IBKR statements, the learner's
 * zone for the Candlewise template — with daylight saving where that zone has it.
 */
import { JOURNAL_FIRST_YEAR, JOURNAL_LAST_YEAR } from '../journal-schemas.ts';
import { zoneClock, zonedTimeToInstant } from '../zone-time.ts';

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

interface ClockTime {
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** Which number comes first in dates such as 03/04/2026: the file's convention. */
export type DayOrder = 'day-first' | 'month-first';

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** YYYY-MM-DD. */
export function isoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

function calendarDate(year: number, month: number, day: number): CalendarDate | null {
  if (month < 1 || month > 12 || day < 1) return null;
  // setUTCFullYear, not Date.UTC: years 0 to 99 are years, not 1900 to 1999.
  const check = new Date(0);
  check.setUTCFullYear(year, month - 1, day);
  if (check.getUTCFullYear() !== year || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

const fullYear = (digits: string) => (digits.length === 2 ? 2000 + Number(digits) : Number(digits));

/** A date alone: yyyyMMdd, yyyy-MM-dd, dd-MM-yyyy or MM/dd/yyyy (by `order`), dd-MMM-yy. */
function parseCalendarDate(text: string, order: DayOrder): CalendarDate | null {
  const value = text.trim();
  let match = value.match(/^(\d{4})(\d{2})(\d{2})$/) ?? value.match(/^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/);
  if (match) return calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = value.match(/^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})$/);
  if (match) {
    const [first, second] = [Number(match[1]), Number(match[2])];
    return order === 'day-first'
      ? calendarDate(fullYear(match[3]), second, first)
      : calendarDate(fullYear(match[3]), first, second);
  }
  match = value.match(/^(\d{1,2})[- ]([A-Za-z]{3})[A-Za-z]*[- ,]+(\d{4}|\d{2})$/);
  if (match) {
    const month = MONTH_NAMES.indexOf(match[2].toLowerCase()) + 1;
    return month > 0 ? calendarDate(fullYear(match[3]), month, Number(match[1])) : null;
  }
  return null;
}

/** A time alone: HH:mm, HH:mm:ss(.fff), HHmmss, with an optional AM/PM. */
function parseClockTime(text: string): ClockTime | null {
  const value = text.trim();
  const compact = value.match(/^(\d{2})(\d{2})(\d{2})$/);
  const colons = value.match(/^(\d{1,2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?\s*([AaPp])?\.?[Mm]?\.?$/);
  const parts = compact ?? colons;
  if (!parts) return null;
  let hour = Number(parts[1]);
  const minute = Number(parts[2]);
  const second = Number(parts[3] ?? 0);
  const millisecond = colons?.[4] ? Math.round(Number(colons[4]) * 1000) : 0;
  const meridiem = colons?.[5]?.toLowerCase();
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { hour, minute, second, millisecond };
}

/**
 * A cell holding a date and a time, split where they meet: 'T', ';', ',' or spaces
 * (2024-01-08T15:06:45, 20240108;150645, 2021-03-03,10:32:45, 08-01-2024 10:05 AM), and an offset
 * after the time when there is one (Z, +05:30).
 */
function splitDateTime(text: string): { date: string; time: string; offset: string | null } {
  const value = text.trim();
  const match = value.match(/^(.+?)(?:(?<=\d)T(?=\d)|\s*[;,]\s*|\s+)(.+)$/);
  if (!match) return { date: value, time: '', offset: null };
  const offset = match[2].match(/^(.*?\d)\s*(Z|[+-]\d{2}:?\d{2})$/i);
  return offset
    ? { date: match[1], time: offset[1], offset: offset[2] }
    : { date: match[1], time: match[2].trim(), offset: null };
}

/**
 * The day order of a file's numeric dates (03/04/2026): a first number above 12 shows day-first, a
 * second above 12 month-first; when nothing shows either (or both do) the layout's own convention.
 */
export function detectDayOrder(values: Iterable<string>, fallback: DayOrder): DayOrder {
  let dayFirst = false;
  let monthFirst = false;
  for (const value of values) {
    const match = splitDateTime(value).date.match(/^(\d{1,2})[-/.](\d{1,2})[-/.]\d{2,4}$/);
    if (!match) continue;
    if (Number(match[1]) > 12) dayFirst = true;
    if (Number(match[2]) > 12) monthFirst = true;
  }
  if (dayFirst !== monthFirst) return dayFirst ? 'day-first' : 'month-first';
  return fallback;
}

/** The calendar date of an instant in a zone. */
export function dateInZone(instant: Date, zone: string): CalendarDate {
  const [year, month, day] = zoneClock(zone).localDate(instant.getTime()).split('-').map(Number);
  return { year, month, day };
}

type DateTimeReading = { instant: Date; date: CalendarDate } | { problem: string };

/**
 * One cell holding a date and a time (or a date cell and a time cell), read in `zone` unless the
 * text names its own offset. `problem` ends a sentence: `<label> "<text>" is not …`.
 */
export function readDateTime(
  label: string,
  dateText: string,
  timeText: string | null,
  options: { zone: string; order: DayOrder; example: string },
): DateTimeReading {
  const shown = timeText === null ? dateText.trim() : `${dateText.trim()} ${timeText.trim()}`;
  const parts =
    timeText === null ? splitDateTime(dateText) : { date: dateText, time: timeText, offset: null };
  const date = parseCalendarDate(parts.date, options.order);
  const time = parts.time.trim() === '' ? null : parseClockTime(parts.time);
  if (!date || !time) {
    return { problem: `${label} "${shown}" is not a date and time such as ${options.example}` };
  }
  let instant: Date;
  if (parts.offset) {
    const zone = parts.offset.toUpperCase();
    const digits = zone.slice(1).replace(':', '');
    const minutes =
      zone === 'Z'
        ? 0
        : (zone.startsWith('-') ? -1 : 1) * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
    instant = new Date(
      Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute, time.second, time.millisecond) -
        minutes * 60_000,
    );
  } else {
    instant = new Date(zonedTimeToInstant({ ...date, ...time }, options.zone) + time.millisecond);
  }
  const year = instant.getUTCFullYear();
  if (year < JOURNAL_FIRST_YEAR || year > JOURNAL_LAST_YEAR) {
    return {
      problem: `${label} "${shown}" is not in the years ${JOURNAL_FIRST_YEAR} to ${JOURNAL_LAST_YEAR}`,
    };
  }
  return { instant, date };
}

/** A date cell alone (a trade date), or a sentence ending saying what is wrong. */
export function readCalendarDate(
  label: string,
  text: string,
  order: DayOrder,
  example: string,
): { date: CalendarDate } | { problem: string } {
  const date = parseCalendarDate(splitDateTime(text).date, order);
  if (!date) return { problem: `${label} "${text.trim()}" is not a date such as ${example}` };
  if (date.year < JOURNAL_FIRST_YEAR || date.year > JOURNAL_LAST_YEAR) {
    return {
      problem: `${label} "${text.trim()}" is not in the years ${JOURNAL_FIRST_YEAR} to ${JOURNAL_LAST_YEAR}`,
    };
  }
  return { date };
}
