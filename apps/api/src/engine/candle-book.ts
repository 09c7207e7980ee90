export type Candle = { time: number; open: number; high: number; low: number; close: number };

const MINUTE = 60_000;

/** 1-minute candles per symbol, kept in memory for charts; finished candles are handed out to persist. */
export class CandleBook {
  private readonly bySymbol = new Map<string, Candle[]>();
  private readonly finished: Array<Candle & { symbol: string }> = [];

  constructor(private readonly keep = 600) {}

  add(symbol: string, price: number, time: number): void {
    const start = Math.floor(time / MINUTE) * MINUTE;
    let list = this.bySymbol.get(symbol);
    if (!list) {
      list = [];
      this.bySymbol.set(symbol, list);
    }
    const last = list.at(-1);
    if (last && last.time === start) {
      last.high = Math.max(last.high, price);
      last.low = Math.min(last.low, price);
      last.close = price;
      return;
    }
    if (last) this.finished.push({ symbol, ...last });
    list.push({ time: start, open: price, high: price, low: price, close: price });
    if (list.length > this.keep) list.splice(0, list.length - this.keep);
  }

  load(symbol: string, candles: Candle[]): void {
    this.bySymbol.set(symbol, candles.slice(-this.keep));
  }

  get(symbol: string, limit = 300): Candle[] {
    return (this.bySymbol.get(symbol) ?? []).slice(-limit);
  }

  /** Candles completed since the last call (to write to the database). */
  takeFinished(): Array<Candle & { symbol: string }> {
    return this.finished.splice(0, this.finished.length);
  }
}
