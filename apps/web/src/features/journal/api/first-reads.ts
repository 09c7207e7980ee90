/**
 * What /journal's calendar tab reads first, with no library attached: a signed-in first load
 * (app/signed-in-pages.ts) starts it while the page's code loads.
 */

/** GET /journal/calendar?month=YYYY-MM[&currency=]: each day's P&L, trade count and entry. */
export function calendarPath(month: string, currency?: string): string {
  const query = new URLSearchParams({ month });
  if (currency) query.set('currency', currency);
  return `/journal/calendar?${query}`;
}

/** GET /journal/entries/{date}: the day's entry (or null), the questions and the day's trades. */
export const dayPath = (date: string) => `/journal/entries/${date}`;
