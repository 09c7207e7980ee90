/**
 * The default market: a random walk per instrument, deterministic for a seed (the same seed gives
 * the same prices), one step per tick, with a bid/ask spread around the mid. Its state (mid and
 * generator state) can be saved and restored, so a restart continues the same walk.
 */
export type FeedInstrument = {
  symbol: string;
  basePrice: number;
  volatility: number;
  spread: number;
  tickSize: number;
};

export type MarketQuote = {
  symbol: string;
  bid: number;
  ask: number;
  mid: number;
  time: number;
  /** The provider has gone quiet: the price is the last one known, and nothing fills on it. */
  stale?: boolean;
};
export type FeedState = { mid: number; rngState: number };

/** mulberry32: a small, fast, well-distributed 32-bit generator whose whole state is one integer. */
function nextRandom(state: { value: number }): number {
  state.value = (state.value + 0x6d2b79f5) | 0;
  let t = state.value;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

function gaussian(state: { value: number }): number {
  // Box–Muller; 1 − u keeps log() away from 0.
  const u = 1 - nextRandom(state);
  const v = nextRandom(state);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function hashSeed(seed: number, symbol: string): number {
  let hash = seed | 0;
  for (let i = 0; i < symbol.length; i += 1) hash = Math.imul(hash ^ symbol.charCodeAt(i), 16777619);
  return hash | 0;
}

export function roundToTick(price: number, tickSize: number): number {
  const decimals = Math.max(0, Math.ceil(-Math.log10(tickSize)) + 1);
  return Number((Math.round(price / tickSize) * tickSize).toFixed(decimals));
}

export class SimulatedFeed {
  private readonly states = new Map<string, { mid: number; rng: { value: number } }>();
  private readonly instruments: FeedInstrument[];
  private latest = new Map<string, MarketQuote>();

  constructor(instruments: FeedInstrument[], seed: number, saved: Map<string, FeedState> = new Map()) {
    this.instruments = instruments;
    for (const instrument of instruments) {
      const restored = saved.get(instrument.symbol);
      this.states.set(instrument.symbol, {
        mid: restored?.mid ?? instrument.basePrice,
        rng: { value: restored?.rngState ?? hashSeed(seed, instrument.symbol) },
      });
    }
  }

  /** One step of every instrument; returns the new quotes. */
  tick(time: number): Map<string, MarketQuote> {
    const quotes = new Map<string, MarketQuote>();
    for (const instrument of this.instruments) {
      const state = this.states.get(instrument.symbol)!;
      // Log-normal step, gently pulled back towards the base so prices stay plausible for weeks.
      const pull = 0.0005 * Math.log(instrument.basePrice / state.mid);
      state.mid = Math.max(
        instrument.tickSize,
        state.mid * Math.exp(instrument.volatility * gaussian(state.rng) + pull),
      );
      quotes.set(instrument.symbol, this.quoteOf(instrument, state.mid, time));
    }
    this.latest = quotes;
    return quotes;
  }

  private quoteOf(instrument: FeedInstrument, mid: number, time: number): MarketQuote {
    const half = instrument.spread / 2;
    return {
      symbol: instrument.symbol,
      bid: roundToTick(mid - half, instrument.tickSize),
      ask: roundToTick(mid + half, instrument.tickSize),
      mid: roundToTick(mid, instrument.tickSize),
      time,
    };
  }

  /** The last quotes (before the first tick: quotes at the current mids). */
  current(time = Date.now()): Map<string, MarketQuote> {
    if (this.latest.size) return this.latest;
    return new Map(
      this.instruments.map((instrument) => [
        instrument.symbol,
        this.quoteOf(instrument, this.states.get(instrument.symbol)!.mid, time),
      ]),
    );
  }

  /** Forces a price (tests and scripted scenarios). */
  setMid(symbol: string, mid: number, time = Date.now()): MarketQuote {
    const instrument = this.instruments.find((item) => item.symbol === symbol);
    const state = this.states.get(symbol);
    if (!instrument || !state) throw new Error(`unknown instrument ${symbol}`);
    state.mid = mid;
    const quote = this.quoteOf(instrument, mid, time);
    this.latest = new Map(this.current(time));
    this.latest.set(symbol, quote);
    return quote;
  }

  snapshot(): Map<string, FeedState> {
    return new Map(
      [...this.states].map(([symbol, state]) => [symbol, { mid: state.mid, rngState: state.rng.value }]),
    );
  }
}
