// `npm run bench:journal`: the journal's statistics (docs/architecture.md §Journal) over 100,000 trades of one learner —
// the database read with the filters (only the columns statistics need) and the computation —
// on the embedded database, or on PostgreSQL with DATABASE_URL. Target: at most 1,500 ms end to end
// on a 2-core machine.
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { journalTrades, newId, openDatabase, runMigrations, users } from '@candlewise/db';
import { computeStatistics, journalFiltersSchema, tradeRisk } from '@candlewise/shared';
import { sql } from 'drizzle-orm';
import { getJournalStatistics } from '../../apps/api/src/services/journal/get-journal-statistics.ts';
import { median } from './stats';

const TRADES = Number(process.env.BENCH_TRADES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 1_500;

const handle = process.env.DATABASE_URL
  ? await openDatabase({ databaseUrl: process.env.DATABASE_URL })
  : await openDatabase({ inMemory: true });
await runMigrations(handle);
const { db } = handle;
const userId = newId();
await db.insert(users).values({
  id: userId,
  email: `bench-${userId}@example.com`,
  passwordHash: 'x',
  firstName: 'Bench',
  lastName: 'Learner',
});

// Deterministic pseudo-random trades over about three years, generated inside the database.
const insertStarted = performance.now();
await db.execute(sql`
  insert into journal_trades (id, user_id, symbol, side, quantity, entry_price, exit_price, entry_time,
    exit_time, fees, pnl, stop_price, setup_tags, mistake_tags, source, external_id)
  select 'b' || lpad(i::text, 23, '0'), ${userId},
    (array['NIFTY50','BANKNIFTY','RELIANCE','TCS','INFY','AAPL','MSFT','XAUUSD','BTCUSD','EURUSD'])[i % 10 + 1],
    'long', q, p, x, t, t + interval '10 minutes', 0, round(((x - p) * q)::numeric, 2),
    case when i % 3 = 0 then null else p * 0.98 end,
    case when i % 4 = 0 then array['breakout'] else array['pullback', 'vwap'] end,
    case when i % 7 = 0 then array['fomo'] else array[]::text[] end,
    'csv', 'bench-' || i
  from (
    select i, 1 + (i * 7919) % 20 as q, 100 + ((i * 104729) % 5000) / 100.0 as p,
      (100 + ((i * 104729) % 5000) / 100.0) * (1 + (((i * 15485863) % 1000) / 1000.0 - 0.48) * 0.04) as x,
      timestamptz '2023-01-02 03:45:00+00' + (i * interval '15 minutes') as t
    from generate_series(0::bigint, ${TRADES - 1}::bigint) as i
  ) as generated`);
console.log(
  `inserted ${TRADES.toLocaleString('en')} trades on ${handle.engine} in ${((performance.now() - insertStarted) / 1000).toFixed(1)} s`,
);

const filters = journalFiltersSchema.parse({});
// A Pro learner in India: every section is computed; days and hours are read in Asia/Kolkata.
const viewer = {
  id: userId,
  timeZone: 'Asia/Kolkata',
  role: 'user' as const,
  planStatus: 'active' as const,
  planExpirationDate: null,
};
const endToEnd: number[] = [];
const computeOnly: number[] = [];
let stats = await getJournalStatistics(db, viewer, filters); // warm-up
for (let run = 0; run < RUNS; run += 1) {
  const t0 = performance.now();
  stats = await getJournalStatistics(db, viewer, filters);
  endToEnd.push(performance.now() - t0);
}
const rows = (
  await db
    .select({
      symbol: journalTrades.symbol,
      quantity: journalTrades.quantity,
      entryPrice: journalTrades.entryPrice,
      entryTime: journalTrades.entryTime,
      exitTime: journalTrades.exitTime,
      pnl: journalTrades.pnl,
      stopPrice: journalTrades.stopPrice,
      setupTags: journalTrades.setupTags,
      mistakeTags: journalTrades.mistakeTags,
    })
    .from(journalTrades)
).map((trade) => ({
  ...trade,
  entryMs: trade.entryTime.getTime(),
  exitMs: trade.exitTime?.getTime() ?? null,
  risk: tradeRisk(trade),
}));
for (let run = 0; run < RUNS; run += 1) {
  const t0 = performance.now();
  computeStatistics(rows, { timeZone: 'Asia/Kolkata' });
  computeOnly.push(performance.now() - t0);
}
const filtered = journalFiltersSchema.parse({ symbol: 'TCS', from: '2024-01-01', to: '2024-12-31' });
const t0 = performance.now();
const narrow = await getJournalStatistics(db, viewer, filtered);
const filteredMs = performance.now() - t0;
await handle.close();

console.log(`statistics over ${stats.trades.toLocaleString('en')} trades (${RUNS} runs, median):`);
console.log(`  database read + computation: ${median(endToEnd).toFixed(0)} ms (target ≤ ${TARGET_MS} ms)`);
console.log(`  computation alone:           ${median(computeOnly).toFixed(0)} ms`);
console.log(
  `  one symbol, one year:        ${filteredMs.toFixed(0)} ms (${narrow.trades.toLocaleString('en')} trades)`,
);
if (median(endToEnd) > TARGET_MS) {
  console.error(
    `FAIL: ${median(endToEnd).toFixed(0)} ms is over ${TARGET_MS} ms (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)`,
  );
  process.exit(1);
}
console.log(`OK (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)`);
