import { z } from './zod-messages.ts';

/** Dates the product deals in: competitions, notifications, trades. Anything else is a typo or a probe. */
export const FIRST_YEAR = 1970;
export const LAST_YEAR = 2100;

/** An ISO-8601 date and time with its offset, between 1970 and 2100 (what the database stores as given). */
export function isoDateTime(message = 'Use an ISO-8601 date and time.') {
  return z.iso.datetime({ offset: true, message }).refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= FIRST_YEAR && year <= LAST_YEAR;
  }, `Use a date between ${FIRST_YEAR} and ${LAST_YEAR}.`);
}
