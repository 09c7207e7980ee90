import { formatUtcRange } from '@/lib/format-utc-time';

/** The largest CSV the page sends (the API reads the file as one JSON string). */
export const MAX_BARS_FILE_BYTES = 4 * 1024 * 1024;

const count = new Intl.NumberFormat('en-US');

/** After an upload: 'Stored 1,440 bars for BTCUSD (10 Mar 2023 00:00 – 23:59 UTC)'. */
export function storedBarsText({
  symbol,
  stored,
  first,
  last,
}: {
  symbol: string;
  stored: number;
  first: string;
  last: string;
}): string {
  const bars = stored === 1 ? '1 bar' : `${count.format(stored)} bars`;
  return `Stored ${bars} for ${symbol} (${formatUtcRange(first, last)})`;
}

/** A bar count as the table shows it: '1,440'. */
export const formatBarCount = (bars: number) => count.format(bars);

/** Why a chosen file is not sent, or null when it may be: a .csv or .txt of at most 4 MB. */
export function barsFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.(csv|txt)$/i.test(file.name)) return 'Choose a .csv or .txt file of 1-minute bars.';
  if (file.size > MAX_BARS_FILE_BYTES) {
    const megabytes = (file.size / (1024 * 1024)).toFixed(1);
    return `That file is ${megabytes} MB; the limit is 4 MB. Split it into several files, a few days each.`;
  }
  return null;
}

/** A line error's place as the admin reads it: 'line 3' → 'Line 3'. */
export const linePlace = (path: string) => path.charAt(0).toUpperCase() + path.slice(1);
