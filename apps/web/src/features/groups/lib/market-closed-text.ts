import { isMarketOpen, type MarketSession, nextMarketOpen } from '@candlewise/shared/trading/market-hours';

const MINUTE_MS = 60_000;
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * How long until a market opens, to the minute and rounded up (it is never "0 m" while closed):
 * '14 h 05 m', '25 m', and in days past 24 hours: '2 d 14 h'.
 */
export function opensInText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  const hours = Math.floor(minutes / 60);
  if (minutes > 24 * 60) return `${Math.floor(hours / 24)} d ${hours % 24} h`;
  if (hours > 0) return `${hours} h ${pad(minutes % 60)} m`;
  return `${minutes} m`;
}

/**
 * The ticket's note while the instrument's market is closed ('Market closed, opens in 14 h 05 m'),
 * or null while it is open. Sessions that never close ('always', 'crypto') are always null.
 */
export function marketClosedText(session: MarketSession, now: number): string | null {
  if (isMarketOpen(session, now)) return null;
  const opensAt = nextMarketOpen(session, now);
  return opensAt === null ? 'Market closed' : `Market closed, opens in ${opensInText(opensAt - now)}`;
}
