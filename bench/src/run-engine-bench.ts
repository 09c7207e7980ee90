// `npm run bench:engine`: one engine tick (pending orders, protective exits, mark-to-market, the
// freeze rule and the standings sort) over 10,000 participants with open positions, in memory —
// the part of the tick that runs every second. Target: at most 50 ms.
import { performance } from 'node:perf_hooks';
import { type AccountState, type GroupState, runTick } from '../../apps/api/src/engine/engine-book.ts';
import { type FeedInstrument, SimulatedFeed } from '../../apps/api/src/engine/simulated-feed.ts';
import { sampleInstruments } from '../../packages/db/src/seed/sample-instruments.ts';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 10_000);
const TICKS = Number(process.env.BENCH_TICKS ?? 60);
const TARGET_MS = 50;

const instruments: FeedInstrument[] = sampleInstruments.map((item) => ({
  symbol: item.symbol,
  basePrice: item.basePrice,
  volatility: item.volatility,
  spread: item.spread,
  tickSize: item.tickSize,
}));
const sizes = new Map(sampleInstruments.map((item) => [item.symbol, item.contractSize ?? 1]));
const feed = new SimulatedFeed(instruments, 42);
const start = Date.now();
let quotes = feed.tick(start);

const accounts = new Map<string, AccountState>();
for (let i = 0; i < PARTICIPANTS; i += 1) {
  const held = [instruments[i % instruments.length], instruments[(i * 7 + 3) % instruments.length]];
  const positions = new Map(
    held.map((instrument, k) => {
      const quote = quotes.get(instrument.symbol)!;
      const quantity =
        (k === 0 ? 1 : -1) *
        Math.max(1, Math.round(5_000 / (quote.mid * (sizes.get(instrument.symbol) ?? 1))));
      return [
        instrument.symbol,
        { symbol: instrument.symbol, quantity, averagePrice: quote.mid, stopLoss: null, takeProfit: null },
      ];
    }),
  );
  accounts.set(`a${i}`, {
    id: `a${i}`,
    groupId: 'bench',
    userId: `u${i}`,
    name: `Trader ${i}`,
    startingBalance: 100_000,
    balance: 100_000,
    equity: 100_000,
    peakEquity: 100_000,
    frozenUntil: null,
    freezeCount: 0,
    tradesCount: 2,
    finalRank: null,
    version: 0,
    positions,
    openOrders: [
      {
        id: `o${i}`,
        symbol: held[0].symbol,
        side: 'buy',
        type: 'limit',
        quantity: 1,
        price: quotes.get(held[0].symbol)!.mid * 0.5,
        stopLoss: null,
        takeProfit: null,
      },
    ],
  });
}
const group: GroupState = {
  id: 'bench',
  name: 'Bench Cup',
  startMs: start - 1000,
  endMs: start + 86_400_000,
  freezeThreshold: 5,
  freezeDurationMs: 600_000,
  accounts,
  startAnnounced: true,
  finalized: false,
  standings: [],
};

const times: number[] = [];
let events = 0;
for (let i = 1; i <= TICKS; i += 1) {
  quotes = feed.tick(start + i * 1000);
  const t0 = performance.now();
  events += runTick([group], quotes, sizes, start + i * 1000).length;
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
const p95 = times[Math.floor(times.length * 0.95)];
console.log(
  `engine tick, ${PARTICIPANTS.toLocaleString('en')} participants with 2 open positions and 1 pending order each, ${TICKS} ticks:`,
);
console.log(
  `  median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (target ≤ ${TARGET_MS} ms); ${events} events`,
);
if (p95 > TARGET_MS) {
  console.error(`FAIL: p95 ${p95.toFixed(1)} ms is over ${TARGET_MS} ms`);
  process.exit(1);
}
console.log('OK');
