/**
 * Replay of real days (docs/architecture.md §Market data and paper trading): 1-minute bars uploaded by an admin, played back in a
 * competition at 1×–60× speed. Quotes are derived from the bars, deterministically: within a bar
 * the price walks open → low → high → close for a rising bar (open → high → low → close for a
 * falling one) in three equal thirds, and the bid and ask sit half the instrument's spread either
 * side. The same bars and the same orders at the same replay times give the same standings.
 */
export type ReplayBar = {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
};

export const MINUTE_MS = 60_000;
export const REPLAY_SPEEDS = { min: 1, max: 60 } as const;
export const MAX_REPLAY_BARS_PER_UPLOAD = 20_000;

/** The replayed instant for a real one: the replay starts at `replayFrom` when the competition does. */
export function replayTime(replayFrom: number, competitionStart: number, speed: number, now: number): number {
  return replayFrom + Math.max(0, now - competitionStart) * speed;
}

/** The bar holding `time` (bars sorted by time): the last one starting at or before it, or null before the first. */
export function barAt(bars: ReplayBar[], time: number): ReplayBar | null {
  let low = 0;
  let high = bars.length - 1;
  let found: ReplayBar | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (bars[middle].time <= time) {
      found = bars[middle];
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** The four prices a bar's path passes, a third of a minute apart: open, low, high, close when it rises (high first when it falls). */
export function barPath(bar: ReplayBar): [number, number, number, number] {
  return bar.close >= bar.open
    ? [bar.open, bar.low, bar.high, bar.close]
    : [bar.open, bar.high, bar.low, bar.close];
}

/** The price inside a bar at `time` (its path through the bar, see above); the close after it. */
export function priceInBar(bar: ReplayBar, time: number): number {
  const into = (time - bar.time) / MINUTE_MS;
  if (into >= 1) return bar.close;
  if (into <= 0) return bar.open;
  const path = barPath(bar);
  const segment = Math.min(2, Math.floor(into * 3));
  const within = into * 3 - segment;
  return path[segment] + (path[segment + 1] - path[segment]) * within;
}

export type BarsParseResult = { bars: ReplayBar[]; errors: Array<{ line: number; message: string }> };

/** A time as an ISO string, or Unix seconds or milliseconds (Binance's klines). */
function parseTime(value: string): number | null {
  const trimmed = value.trim();
  if (/^\d{9,10}$/.test(trimmed)) return Number(trimmed) * 1000;
  if (/^\d{12,13}$/.test(trimmed)) return Number(trimmed);
  if (/^\d{15,16}$/.test(trimmed)) return Math.floor(Number(trimmed) / 1000); // microseconds
  const parsed = Date.parse(trimmed.replace(' ', 'T'));
  return Number.isNaN(parsed) ? null : parsed;
}

/** The bar a CSV line holds, or why it cannot be one. */
function barProblem(cells: string[], previous: ReplayBar | undefined): ReplayBar | string {
  if (cells.length < 5) return 'A bar needs time, open, high, low, close (and volume).';
  const time = parseTime(cells[0]);
  const [open, high, low, close] = cells.slice(1, 5).map(Number);
  const volume = cells[5] === undefined || cells[5] === '' ? 0 : Number(cells[5]);
  if (time === null) return `“${cells[0]}” is not a date and time.`;
  if (time % MINUTE_MS !== 0) return 'Bars start on whole minutes.';
  if (![open, high, low, close].every((price) => Number.isFinite(price) && price > 0 && price < 1e12))
    return 'Prices must be numbers above 0.';
  if (!Number.isFinite(volume) || volume < 0 || volume >= 1e15)
    return 'The volume must be a number, 0 or more.';
  if (high < Math.max(open, close) || low > Math.min(open, close) || low > high)
    return 'The high must be the highest price of the bar and the low the lowest.';
  if (previous && time <= previous.time) return 'Bars must be in time order, one per minute.';
  return { time, open, high, low, close, volume };
}

/**
 * Reads a CSV of 1-minute bars: `time, open, high, low, close, volume` (a header line optional;
 * extra columns after these, as in Binance's klines, are ignored). Every problem is reported with
 * its line number; times must be whole minutes, in order, once each.
 */
export function parseReplayBars(text: string): BarsParseResult {
  const errors: BarsParseResult['errors'] = [];
  const bars: ReplayBar[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    if (!raw.trim()) continue;
    const cells = raw.split(/[,;\t]/).map((cell) => cell.trim().replace(/^"|"$/g, ''));
    if (index === 0 && !/^\d/.test(cells[0])) continue; // the header
    const problem = barProblem(cells, bars.at(-1));
    if (typeof problem === 'string') errors.push({ line, message: problem });
    else bars.push(problem);
  }
  if (!bars.length && !errors.length) errors.push({ line: 1, message: 'The file has no bars.' });
  if (bars.length > MAX_REPLAY_BARS_PER_UPLOAD)
    errors.push({
      line: 1,
      message: `Upload at most ${MAX_REPLAY_BARS_PER_UPLOAD.toLocaleString('en')} bars at a time.`,
    });
  return { bars, errors };
}
