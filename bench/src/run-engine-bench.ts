// `npm run bench:engine`: the in-memory part of one engine tick over 10,000 participants with open
// positions: the leader's question to every account (does a pending order trigger, a stop hit, a
// freeze or a release fall due? with mark-to-market and the peak), the decision itself for those
// that answer yes (on copies, as the save does under the lock), and the standings sort. Target:
// at most 50 ms.
import { performance } from 'node:perf_hooks';
import {
  type AccountState,
  cloneAccount,
  computeStandings,
  decideAccount,
  Market,
  needsDecision,
} from '../../apps/api/src/engine/account-book.ts';
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
const terms = new Map(
  sampleInstruments.map((item) => [
    item.symbol,
    { contractSize: item.contractSize ?? 1, currency: item.currency },
  ]),
);
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
        Math.max(1, Math.round(5_000 / (quote.mid * (terms.get(instrument.symbol)?.contractSize ?? 1))));
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
    currency: 'INR',
    startingBalance: 100_000,
    balance: 100_000,
    equity: 100_000,
    peakEquity: 100_000,
    frozenUntil: null,
    frozenReason: null,
    dayStartEquity: null,
    dayStartedAt: null,
    freezeCount: 0,
    tradesCount: 2,
    finalRank: null,
    removed: false,
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
const rules = { freezeThreshold: 5, freezeDurationMs: 600_000 };

const times: number[] = [];
let events = 0;
for (let i = 1; i <= TICKS; i += 1) {
  quotes = feed.tick(start + i * 1000);
  const t0 = performance.now();
  const market = new Market(quotes, terms);
  const now = start + i * 1000;
  for (const account of accounts.values()) {
    if (!needsDecision(account, rules, market, now)) continue;
    const decided = cloneAccount(account);
    decideAccount(decided, rules, market, now);
    accounts.set(decided.id, decided);
    events += 1;
  }
  computeStandings(accounts.values());
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
const p95 = times[Math.floor(times.length * 0.95)];
console.log(
  `engine tick, ${PARTICIPANTS.toLocaleString('en')} participants with 2 open positions and 1 pending order each, ${TICKS} ticks:`,
);
console.log(
  `  median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (target ≤ ${TARGET_MS} ms); ${events} account decisions`,
);
if (p95 > TARGET_MS) {
  console.error(`FAIL: p95 ${p95.toFixed(1)} ms is over ${TARGET_MS} ms`);
  process.exit(1);
}
console.log('OK');
