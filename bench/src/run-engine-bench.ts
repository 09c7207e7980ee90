// `npm run bench:engine`: the in-memory part of one engine tick over 10,000 participants with open
// positions: the leader's question to every account (does a pending order trigger, a stop hit, a
// freeze or a release fall due? with mark-to-market and the peak), the decision itself for those
// that answer yes (on copies, as the save does under the lock), and the standings sort; then the
// publish to 1,000 open leaderboard streams: each viewer's `standings` frame (the top and their own
// row when either changed, services/trading/standings-feed.ts, the code the stream route runs),
// written to a sink that counts bytes. Targets: tick plus publish at most 50 ms, at most 5 KB per
// viewer per second (one tick a second).
import { performance } from 'node:perf_hooks';
import { type AccountState, cloneAccount, Market } from '../../apps/api/src/engine/account-book.ts';
import { computeStandings } from '../../apps/api/src/engine/compute-standings.ts';
import { decideAccount, needsDecision } from '../../apps/api/src/engine/decide-account.ts';
import { type FeedInstrument, SimulatedFeed } from '../../apps/api/src/engine/simulated-feed.ts';
import { StandingsViewer } from '../../apps/api/src/services/trading/standings-feed.ts';
import { sampleInstruments } from '../../packages/db/src/seed/sample-instruments.ts';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 10_000);
const TICKS = Number(process.env.BENCH_TICKS ?? 120);
/** The first ticks compile the hot code (a server ticks every second for hours): not counted. */
const WARMUP_TICKS = 5;
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 1_000);
/** The standings' ranking: Calmar by default, the one with more to work out per member. */
const RANKING = process.env.BENCH_RANKING === 'return' ? 'return' : 'calmar';
const TARGET_MS = 50;
const TARGET_BYTES_PER_VIEWER_SECOND = 5 * 1024;

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
    ledgerSeq: 0,
    phase: 1,
    phaseStartedAt: null,
    challengeStatus: 'in-progress',
    dayStartBalance: null,
    eodHighBalance: null,
    equityHigh: null,
    maxDrawdownPercent: 0,
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

// The open streams: members spread over the table (every tenth), each a viewer with a byte sink.
const viewers = Array.from({ length: VIEWERS }, (_, i) => ({
  feed: new StandingsViewer(`u${Math.floor((i * PARTICIPANTS) / VIEWERS)}`),
  bytes: 0,
}));
// The first frame (the whole top and their row) is the stream's opening, not a tick's cost.
const opening = computeStandings(accounts.values(), RANKING);
for (const viewer of viewers) viewer.feed.frame(opening);

const times: number[] = [];
const publishTimes: number[] = [];
let events = 0;
let frames = 0;
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
  const rows = computeStandings(accounts.values(), RANKING);
  const t1 = performance.now();
  for (const viewer of viewers) {
    const frame = viewer.feed.frame(rows);
    if (frame !== null) {
      viewer.bytes += Buffer.byteLength(frame);
      frames += 1;
    }
  }
  const t2 = performance.now();
  if (i === WARMUP_TICKS) {
    for (const viewer of viewers) viewer.bytes = 0;
    frames = 0;
  }
  if (i <= WARMUP_TICKS) continue;
  publishTimes.push(t2 - t1);
  times.push(t2 - t0);
}
times.sort((a, b) => a - b);
publishTimes.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
const p95 = times[Math.floor(times.length * 0.95)];
const publishMedian = publishTimes[Math.floor(publishTimes.length / 2)];
const measured = TICKS - WARMUP_TICKS;
const bytesPerViewerSecond = viewers.reduce((sum, viewer) => sum + viewer.bytes, 0) / VIEWERS / measured;
const wholeTable = Buffer.byteLength(JSON.stringify({ rows: computeStandings(accounts.values(), RANKING) }));
console.log(
  `engine tick and publish, ${PARTICIPANTS.toLocaleString('en')} participants with 2 open positions and 1 pending order each, ` +
    `${VIEWERS.toLocaleString('en')} open leaderboard streams, ${measured} ticks (one a second) after ${WARMUP_TICKS} of warm-up:`,
);
console.log(
  `  tick + publish: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms ` +
    `(target ≤ ${TARGET_MS} ms); of which publish median ${publishMedian.toFixed(1)} ms; ${events} account decisions`,
);
console.log(
  `  per viewer: ${(bytesPerViewerSecond / 1024).toFixed(2)} KB a second (target ≤ ${TARGET_BYTES_PER_VIEWER_SECOND / 1024} KB), ` +
    `${(frames / VIEWERS / measured).toFixed(2)} frames a second; the whole table would be ${(wholeTable / 1024).toFixed(0)} KB a second`,
);
let failed = false;
if (p95 > TARGET_MS) {
  console.error(`FAIL: p95 ${p95.toFixed(1)} ms is over ${TARGET_MS} ms`);
  failed = true;
}
if (bytesPerViewerSecond > TARGET_BYTES_PER_VIEWER_SECOND) {
  console.error(
    `FAIL: ${(bytesPerViewerSecond / 1024).toFixed(2)} KB per viewer per second is over the target`,
  );
  failed = true;
}
if (failed) process.exit(1);
console.log('OK');
