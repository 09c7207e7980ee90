export type Candle = { time: number; open: number; high: number; low: number; close: number };

const MINUTE = 60_000;

/**
 * 1-minute candles per symbol, kept in memory for charts. The candles changed since the last save
 * (the one in progress included) are handed out to be saved, so a restart or a new leader loses
 * nothing of the minute in progress.
 */
export class CandleBook {
  private readonly bySymbol = new Map<string, Candle[]>();
  private readonly finished: Array<Candle & { symbol: string }> = [];
  private readonly changed = new Set<string>();

  constructor(private readonly keep = 600) {}

  add(symbol: string, price: number, time: number): void {
    const start = Math.floor(time / MINUTE) * MINUTE;
    let list = this.bySymbol.get(symbol);
    if (!list) {
      list = [];
      this.bySymbol.set(symbol, list);
    }
    const last = list.at(-1);
    if (last && start < last.time) return; // a late quote for a minute already closed
    this.changed.add(symbol);
    if (last && last.time === start) {
      last.high = Math.max(last.high, price);
      last.low = Math.min(last.low, price);
      last.close = price;
      return;
    }
    if (last) {
      this.finished.push({ symbol, ...last });
      // Only the leader saves; a follower keeps candles for its charts, not an endless to-do list.
      if (this.finished.length > 10_000) this.finished.splice(0, this.finished.length - 10_000);
    }
    list.push({ time: start, open: price, high: price, low: price, close: price });
    if (list.length > this.keep) list.splice(0, list.length - this.keep);
  }

  /** Replaces a symbol's candles with saved ones (a new leader, a restart). */
  load(symbol: string, candles: Candle[]): void {
    this.bySymbol.set(
      symbol,
      candles.slice(-this.keep).map((candle) => ({ ...candle })),
    );
  }

  get(symbol: string, limit = 300): Candle[] {
    return (this.bySymbol.get(symbol) ?? []).slice(-limit);
  }

  /** Drops what was waiting to be saved (the saved candles were just loaded instead). */
  forgetChanges(): void {
    this.finished.length = 0;
    this.changed.clear();
  }

  /** Candles completed or updated since the last call, the ones in progress included (to save). */
  takeChanged(): Array<Candle & { symbol: string }> {
    const changed = this.finished.splice(0, this.finished.length);
    for (const symbol of this.changed) {
      const last = this.bySymbol.get(symbol)?.at(-1);
      if (last) changed.push({ symbol, ...last });
    }
    this.changed.clear();
    return changed;
  }
}
