// `npm run bench:scale` (issue #40): 100 competitions × 1,000 members on PostgreSQL + Redis
// (loopback), run by 2 and then 4 API processes. Per run, on a fresh database cw_bench_* and a
// Redis prefix of its own:
//   1. migrations, seed, the competitions and their members straight into the database (a few % of
//      the members are traders, with a session token each);
//   2. the processes start and spread the competitions' leases (each holds at most
//      ceil(competitions ÷ processes)); the spread is printed;
//   3. a live leaderboard is opened on BENCH_SCALE_VIEWERS competitions (one member's SSE stream
//      each, on the processes in turn: a competition someone streams has its standings sorted and
//      published every second, one nobody streams does not), and the traders place orders (market
//      orders with a stop-loss and a take-profit, limit orders priced to fill on the next tick)
//      for a warm-up and a measured minute; the tick p99 of each
//      process is read from /api/v1/health (engine.ticks: the last minute of ticks, ten a second,
//      one per slot of the second; a competition's tick is its slot's, so this is each
//      competition's p99);
//   4. the process holding the market is killed with SIGKILL while the load goes on; the failover
//      time is from the kill until no lease is held by the dead process any more and the survivors'
//      /health count every competition again; the quotes a survivor serves, polled every 250 ms
//      across the kill, must not go back in time nor repeat a second seen before the kill, and no
//      instrument may jump more than 8 σ of its per-second volatility (a rewound market would);
//   5. the survivors stop gracefully and checkLedgerInvariants reads the books.
// Targets: tick p99 ≤ 50 ms, failover ≤ 5 s, no rewind, zero violations. Exit 1 on any FAIL.
//
// Env: BENCH_SCALE_COMPETITIONS (100), BENCH_SCALE_MEMBERS (1000), BENCH_SCALE_PROCESSES ("2,4"),
// BENCH_SCALE_DURATION (measured seconds, 60), BENCH_SCALE_WARMUP (seconds, 15),
// BENCH_SCALE_TRADERS (share of members who trade, 0.02), BENCH_SCALE_ORDERS_PER_SECOND (20),
// BENCH_SCALE_VIEWERS (competitions with a live leaderboard open, default every one),
// BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { instruments, openDatabase, orders, runMigrations, seedDatabase } from '@candlewise/db';
import { sql } from 'drizzle-orm';
import {
  checkLedgerInvariants,
  formatLedgerReport,
} from '../../apps/api/src/services/trading/check-ledger-invariants.ts';
import { startApiProcess, stopApiProcess } from '../../apps/api/test/api-process.ts';
import type { Member } from '../../apps/api/test/competition-members.ts';
import { seededRandom } from '../../apps/api/test/competition-members.ts';
import { printTable } from './print-table.ts';
import { BenchError, onCleanup, runWithCleanup, seconds } from './processes.ts';
import { addScaleCompetitions } from './scale-members.ts';
import { openStream } from './sse-stream.ts';

const TICK_P99_TARGET_MS = 50;
const FAILOVER_TARGET_MS = 5_000;
const MAX_JUMP_SIGMA = 8;
const SERVER_URL = process.env.BENCH_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
const SYMBOL = 'NIFTY50';

function numberFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new BenchError(`${name} must be a number from ${min} to ${max} (got "${raw}").`);
  return value;
}

const config = {
  competitions: numberFromEnv('BENCH_SCALE_COMPETITIONS', 100, 1, 1000),
  members: numberFromEnv('BENCH_SCALE_MEMBERS', 1000, 1, 10_000),
  processes: (process.env.BENCH_SCALE_PROCESSES?.trim() || '2,4').split(',').map((raw) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 2 || value > 8)
      throw new BenchError(`BENCH_SCALE_PROCESSES lists counts from 2 to 8 (got "${raw}").`);
    return value;
  }),
  durationS: numberFromEnv('BENCH_SCALE_DURATION', 60, 5, 3600),
  warmupS: numberFromEnv('BENCH_SCALE_WARMUP', 15, 0, 600),
  traderShare: numberFromEnv('BENCH_SCALE_TRADERS', 0.02, 0.001, 1),
  ordersPerSecond: numberFromEnv('BENCH_SCALE_ORDERS_PER_SECOND', 20, 0, 1000),
  /** Competitions with a live leaderboard open (null: every one). */
  viewers: process.env.BENCH_SCALE_VIEWERS?.trim() ? numberFromEnv('BENCH_SCALE_VIEWERS', 0, 0, 1000) : null,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const redacted = (url: string) => url.replace(/:[^:@/]*@/, ':***@');

type TickSummary = {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  planP99Ms: number;
  persistP99Ms: number;
  publishP99Ms: number;
  snapshotP99Ms: number;
};
type Health = {
  tradingEngine: 'leader' | 'follower';
  engine: {
    role: string;
    competitions: number;
    processes: number;
    skippedTicks: number;
    failedTicks: number;
    lagMs: number;
    ticks?: TickSummary;
  };
};
type Quote = { symbol: string; bid: number; ask: number; mid: number; time: number };
type Api = { port: number; child: ChildProcess; logFile: string };

async function health(port: number): Promise<Health | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`, {
      signal: AbortSignal.timeout(3_000),
    });
    if (!response.ok) return null;
    return ((await response.json()) as { data: Health }).data;
  } catch {
    return null;
  }
}

async function api<T>(port: number, token: string, method: string, path: string, body?: object) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await response.json().catch(() => ({}))) as { data?: T };
    return { status: response.status, data: json.data, body: json as unknown };
  } catch (error) {
    return { status: 0, data: undefined, body: (error as Error).message as unknown };
  }
}

// ---------------------------------------------------------------------------------------------

async function createDatabase() {
  const name = `cw_bench_scale_${Date.now()}_${process.pid}`;
  const admin = await openDatabase({ databaseUrl: SERVER_URL, poolSize: 1 });
  try {
    await admin.pool!.query(`create database "${name}"`);
  } catch (error) {
    throw new BenchError(`Cannot create ${name} on ${redacted(SERVER_URL)}: ${(error as Error).message}`);
  } finally {
    await admin.close();
  }
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    const handle = await openDatabase({ databaseUrl: SERVER_URL, poolSize: 1 });
    try {
      await handle.pool!.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await handle.close();
    }
  };
  onCleanup(`drop database ${name}`, drop);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop };
}

type RunResult = {
  processes: number;
  spread: number[];
  tickP99Ms: number;
  perProcess: Array<{
    pid: number;
    competitions: number;
    ticks?: TickSummary;
    skipped: number;
    failed: number;
  }>;
  failoverMs: number | null;
  movedCompetitions: number;
  rewind: string | null;
  maxJumpSigma: number;
  violations: number;
  ledger: string;
  orders: {
    sent: number;
    accepted: number;
    statuses: Record<number, number>;
    byStatus: Record<string, number>;
  };
  loadAvg: string;
};

async function run(processCount: number): Promise<RunResult> {
  console.log(
    `\n=== ${processCount} processes: ${config.competitions} competitions × ${config.members} members ===`,
  );
  const database = await createDatabase();
  const appSecret = randomBytes(32).toString('hex');
  const prepared = performance.now();
  const handle = await openDatabase({ databaseUrl: database.url, poolSize: 4 });
  let traders: Array<Member & { groupId: string }>;
  const volatility = new Map<string, number>();
  try {
    await runMigrations(handle);
    await seedDatabase(handle.db);
    ({ traders } = await addScaleCompetitions(handle.db, appSecret, config));
    for (const row of await handle.db.select().from(instruments)) volatility.set(row.symbol, row.volatility);
    const [{ n }] = (await handle.pool!.query('select count(*)::int as n from groups')).rows as Array<{
      n: number;
    }>;
    console.log(
      `database ${database.name}: ${config.competitions * config.members} members in ${config.competitions} ` +
        `competitions (${n} competitions with the seeded ones), ${traders.length} traders, in ${seconds(performance.now() - prepared)}`,
    );
  } finally {
    await handle.close();
  }
  const watcher = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
  let watcherClosed = false;
  onCleanup('close the watcher', () => (watcherClosed ? undefined : watcher.close()));
  const totalCompetitions = Number(
    (
      (
        await watcher.pool!.query(
          `select count(*)::int as n from groups where end_date is null or end_date > now()`,
        )
      ).rows[0] as { n: number }
    ).n,
  );

  // The processes, one after the other (each boot loads its share of the members).
  const apis: Api[] = [];
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: `${database.name}:`,
    APP_SECRET: appSecret,
  };
  for (let i = 0; i < processCount; i += 1) {
    const started = performance.now();
    const started_ = await startApiProcess(
      env as { DATABASE_URL: string; APP_SECRET: string; REDIS_URL: string },
      180_000,
    );
    onCleanup(`stop the API on ${started_.port}`, () => stopApiProcess(started_.child, 'SIGKILL'));
    apis.push(started_);
    console.log(
      `process ${i + 1} (pid ${started_.child.pid}, port ${started_.port}) answered in ${seconds(performance.now() - started)}; log ${started_.logFile}`,
    );
  }

  // The leases spread: every process holds some, together all of them.
  const spreadStarted = Date.now();
  let spread: number[] = [];
  for (;;) {
    const healths = await Promise.all(apis.map((a) => health(a.port)));
    spread = healths.map((h) => h?.engine.competitions ?? 0);
    const held = spread.reduce((a, b) => a + b, 0);
    // Settled: together exactly every competition, none above its share (a process gives back its
    // extra ones over a few rounds while the others take them).
    const share = Math.ceil(totalCompetitions / apis.length);
    if (held === totalCompetitions && spread.every((c) => c > 0 && c <= share)) break;
    if (Date.now() - spreadStarted > 180_000)
      throw new BenchError(
        `the leases did not spread within 180 s: ${spread.join(' + ')} of ${totalCompetitions}`,
      );
    await sleep(500);
  }
  console.log(
    `leases spread in ${seconds(Date.now() - spreadStarted)}: ${spread.join(' + ')} = ${totalCompetitions} competitions`,
  );

  // Live leaderboards: one member of each watched competition holds its stream open.
  const watchedGroups = [...new Set(traders.map((trader) => trader.groupId))].slice(
    0,
    config.viewers ?? totalCompetitions,
  );
  let streamEvents = 0;
  const streams = watchedGroups.map((groupId, index) => {
    const viewer = traders.find((trader) => trader.groupId === groupId)!;
    const port = apis[index % apis.length].port;
    return openStream(`http://127.0.0.1:${port}/api/v1/group/${groupId}/stream`, viewer.token, () => {
      streamEvents += 1;
    });
  });
  onCleanup('close the leaderboard streams', async () => {
    for (const stream of streams) stream.close();
  });
  const streamStatuses = await Promise.all(streams.map((stream) => stream.opened));
  const streamsOpen = streamStatuses.filter((status) => status === 200).length;
  console.log(`live leaderboards: ${streamsOpen} of ${watchedGroups.length} competitions streamed`);
  if (streamsOpen < watchedGroups.length)
    throw new BenchError(`only ${streamsOpen} of ${watchedGroups.length} leaderboard streams opened`);

  // The load: ordersPerSecond orders a second from random traders, through random live processes.
  let alive = apis.map((a) => a.port);
  const random = seededRandom(processCount * 7919);
  const orderStats = {
    sent: 0,
    accepted: 0,
    statuses: {} as Record<number, number>,
    examples: {} as Record<number, string>,
  };
  let loadRunning = true;
  let price = 0;
  const inFlight = new Set<Promise<void>>();
  const placeOne = async (trader: Member & { groupId: string }) => {
    const port = alive[Math.floor(random() * alive.length)];
    const side = random() < 0.5 ? 'buy' : 'sell';
    // Prices on the instrument's tick (0.05 for NIFTY50).
    const round2 = (value: number) => Number((Math.round(value / 0.05) * 0.05).toFixed(2));
    const body =
      random() < 0.6
        ? {
            symbol: SYMBOL,
            side,
            quantity: 1,
            stopLoss: round2(side === 'buy' ? price * 0.995 : price * 1.005),
            takeProfit: round2(side === 'buy' ? price * 1.005 : price * 0.995),
          }
        : {
            symbol: SYMBOL,
            side,
            type: 'limit',
            quantity: 1,
            price: round2(side === 'buy' ? price * 1.002 : price * 0.998),
          };
    orderStats.sent += 1;
    const result = await api(port, trader.token, 'POST', `/group/${trader.groupId}/orders`, body);
    orderStats.statuses[result.status] = (orderStats.statuses[result.status] ?? 0) + 1;
    if (result.status !== 201 && !orderStats.examples[result.status])
      orderStats.examples[result.status] = JSON.stringify(result.body).slice(0, 200);
    if (result.status === 201) orderStats.accepted += 1;
  };
  const load = (async () => {
    while (loadRunning) {
      const second = Date.now();
      const quotes = await api<Quote[]>(
        alive[0],
        traders[0].token,
        'GET',
        `/market/quotes?symbols=${SYMBOL}`,
      );
      price = quotes.data?.[0]?.mid ?? price;
      if (price > 0) {
        for (let i = 0; i < config.ordersPerSecond && inFlight.size < 200; i += 1) {
          const promise = placeOne(traders[Math.floor(random() * traders.length)]).finally(() =>
            inFlight.delete(promise),
          );
          inFlight.add(promise);
        }
      }
      await sleep(Math.max(0, 1000 - (Date.now() - second)));
    }
    await Promise.all(inFlight);
  })();

  console.log(
    `load: ${config.ordersPerSecond} orders/s; warm-up ${config.warmupS} s, then ${config.durationS} s measured…`,
  );
  await sleep(config.warmupS * 1000);
  // Skipped and failed ticks are counted from a process's start: only the measured time's are shown.
  const atStart = await Promise.all(apis.map((a) => health(a.port)));
  // The engine keeps the last minute of ticks: read every minute of the measured time, keep the worst.
  const perProcess = apis.map((a) => ({
    pid: a.child.pid!,
    competitions: 0,
    ticks: undefined as TickSummary | undefined,
    skipped: 0,
    failed: 0,
  }));
  let remaining = config.durationS;
  while (remaining > 0) {
    const step = Math.min(60, remaining);
    await sleep(step * 1000);
    remaining -= step;
    const healths = await Promise.all(apis.map((a) => health(a.port)));
    healths.forEach((h, i) => {
      if (!h) return;
      const entry = perProcess[i];
      entry.competitions = h.engine.competitions;
      entry.skipped = h.engine.skippedTicks - (atStart[i]?.engine.skippedTicks ?? 0);
      entry.failed = h.engine.failedTicks - (atStart[i]?.engine.failedTicks ?? 0);
      if (!entry.ticks || (h.engine.ticks && h.engine.ticks.p99Ms > entry.ticks.p99Ms))
        entry.ticks = h.engine.ticks;
    });
  }
  const tickP99Ms = Math.max(...perProcess.map((p) => p.ticks?.p99Ms ?? Number.POSITIVE_INFINITY));
  printTable(
    [
      'pid',
      'competitions',
      'ticks',
      'p50 ms',
      'p99 ms',
      'max ms',
      'plan p99',
      'persist p99',
      'publish p99',
      'snapshot p99',
      'skipped',
      'failed',
    ],
    perProcess.map((p) => [
      String(p.pid),
      String(p.competitions),
      String(p.ticks?.samples ?? '-'),
      String(p.ticks?.p50Ms ?? '-'),
      String(p.ticks?.p99Ms ?? '-'),
      String(p.ticks?.maxMs ?? '-'),
      String(p.ticks?.planP99Ms ?? '-'),
      String(p.ticks?.persistP99Ms ?? '-'),
      String(p.ticks?.publishP99Ms ?? '-'),
      String(p.ticks?.snapshotP99Ms ?? '-'),
      String(p.skipped),
      String(p.failed),
    ]),
    new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
  );

  // Failover: the process holding the market (and its share of the competitions) is killed.
  const healths = await Promise.all(apis.map((a) => health(a.port)));
  const victimIndex = Math.max(
    0,
    healths.findIndex((h) => h?.tradingEngine === 'leader'),
  );
  const victim = apis[victimIndex];
  const survivors = apis.filter((a) => a !== victim);
  const victimPid = victim.child.pid!;
  const leasesOfVictim = async () =>
    Number(
      (
        (
          await watcher.pool!.query(
            `select count(*)::int as n from engine_leases where holder like $1 and (scope = 'market'
            or scope in (select id from groups where end_date is null or end_date > now()))`,
            [`%:${victimPid}:%`],
          )
        ).rows[0] as { n: number }
      ).n,
    );
  const moved = await leasesOfVictim();
  const seen: Quote[][] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const result = await api<Quote[]>(survivors[0].port, traders[0].token, 'GET', '/market/quotes');
      if (result.data?.length) {
        const last = seen.at(-1);
        if (!last || last[0].time !== result.data[0].time || last[0].mid !== result.data[0].mid)
          seen.push(result.data);
      }
      await sleep(250);
    }
  })();
  await sleep(3_000);
  const killedAt = Date.now();
  alive = survivors.map((a) => a.port);
  await stopApiProcess(victim.child, 'SIGKILL');
  console.log(`failover: killed pid ${victimPid} (the market and ${moved - 1} competitions) with SIGKILL`);
  let failoverMs: number | null = null;
  while (Date.now() - killedAt < 30_000) {
    if ((await leasesOfVictim()) === 0) {
      const counts = await Promise.all(survivors.map((a) => health(a.port)));
      const held = counts.reduce((sum, h) => sum + (h?.engine.competitions ?? 0), 0);
      const market = counts.some((h) => h?.tradingEngine === 'leader');
      if (held >= totalCompetitions && market) {
        failoverMs = Date.now() - killedAt;
        break;
      }
    }
    await sleep(100);
  }
  if (failoverMs === null) {
    const rows = (
      await watcher.pool!.query(
        'select scope, holder, epoch, expires_at > now() as live from engine_leases order by holder, scope',
      )
    ).rows;
    const counts = await Promise.all(survivors.map((a) => health(a.port)));
    console.log(
      `failover: NOT complete within 30 s; leases ${JSON.stringify(rows)}; survivors ${JSON.stringify(counts.map((h) => h?.engine))}`,
    );
  } else console.log(`failover: all held again after ${failoverMs} ms`);
  await sleep(10_000);
  const after = await Promise.all(survivors.map((a) => health(a.port)));
  console.log(
    `after the failover: ${after.map((h) => `${h?.engine.competitions ?? '?'} competitions, tick p99 ${h?.engine.ticks?.p99Ms ?? '?'} ms (last minute, with the takeover)`).join('; ')}`,
  );
  polling = false;
  await poller;
  loadRunning = false;
  await load;
  for (const stream of streams) stream.close();
  console.log(`live leaderboards: ${streamEvents} stream events over the run (quotes and standings)`);

  // Rewind: quote times only move forward, nothing after the kill repeats a second seen before it,
  // and no instrument jumps more than MAX_JUMP_SIGMA of its volatility between two polls.
  let rewind: string | null = null;
  let maxJumpSigma = 0;
  const key = (batch: Quote[]) =>
    batch
      .map((q) => `${q.symbol}=${q.mid}`)
      .sort()
      .join(',');
  // The last second before the kill may be served again by the new holder (it continues from it);
  // any earlier one coming back is a rewind.
  const beforeKill = seen.filter((b) => b[0].time < killedAt);
  const before = new Set(beforeKill.slice(0, -1).map(key));
  const show = (b: Quote[]) =>
    `${b[0].time - killedAt} ms: ${b
      .filter((q) => q.symbol === SYMBOL || q.symbol === 'BTCUSD')
      .map((q) => `${q.symbol}=${q.mid}`)
      .join(' ')}`;
  for (let i = 1; i < seen.length; i += 1) {
    if (seen[i][0].time < seen[i - 1][0].time)
      rewind ??= `quote time went back ${seen[i - 1][0].time - seen[i][0].time} ms`;
    if (seen[i][0].time >= killedAt && before.has(key(seen[i])) && !rewind) {
      rewind = 'a second seen before the kill came again';
      console.log(
        `rewind around the kill:\n${seen
          .slice(Math.max(0, i - 4), i + 2)
          .map(show)
          .join('\n')}`,
      );
    }
    const previous = new Map(seen[i - 1].map((q) => [q.symbol, q]));
    const seconds_ = Math.max(1, (seen[i][0].time - seen[i - 1][0].time) / 1000);
    for (const quote of seen[i]) {
      const prior = previous.get(quote.symbol);
      const sigma = volatility.get(quote.symbol);
      if (!prior || !sigma) continue;
      maxJumpSigma = Math.max(
        maxJumpSigma,
        Math.abs(Math.log(quote.mid / prior.mid)) / (sigma * Math.sqrt(seconds_)),
      );
    }
  }
  if (!rewind && maxJumpSigma > MAX_JUMP_SIGMA) rewind = `a quote jumped ${maxJumpSigma.toFixed(1)} σ`;
  if (seen.length < 10) rewind ??= `only ${seen.length} quote seconds seen`;
  console.log(
    `quotes: ${seen.length} distinct seconds polled, largest move ${maxJumpSigma.toFixed(2)} σ, ${rewind ?? 'no rewind'}`,
  );

  // The books, after the survivors saved their last state.
  await Promise.all(survivors.map((a) => stopApiProcess(a.child, 'SIGTERM')));
  const report = await checkLedgerInvariants(watcher.db);
  const byStatus = Object.fromEntries(
    (
      await watcher.db
        .select({ status: orders.status, n: sql<number>`count(*)::int` })
        .from(orders)
        .groupBy(orders.status)
    ).map((row) => [row.status, row.n]),
  );
  console.log(
    `ledger: ${report.violations} violations; orders ${JSON.stringify(byStatus)}; HTTP ${JSON.stringify(orderStats.statuses)} ${JSON.stringify(orderStats.examples)}`,
  );
  watcherClosed = true;
  await watcher.close();
  await database.drop();
  return {
    processes: processCount,
    spread,
    tickP99Ms,
    perProcess,
    failoverMs,
    movedCompetitions: moved - 1,
    rewind,
    maxJumpSigma,
    violations: report.violations,
    ledger: formatLedgerReport(report),
    orders: { ...orderStats, byStatus },
    loadAvg: os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' '),
  };
}

async function main(): Promise<number> {
  console.log(
    `scale bench: ${config.competitions} competitions × ${config.members} members, processes ${config.processes.join(' then ')}, ` +
      `${config.durationS} s measured, ${config.ordersPerSecond} orders/s, ${config.viewers ?? config.competitions} competitions streamed; PostgreSQL ${redacted(SERVER_URL)}, Redis ${REDIS_URL}; ` +
      `${os.cpus().length} cores, load ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
  );
  const results: RunResult[] = [];
  for (const count of config.processes) results.push(await run(count));

  console.log(
    '\nSummary (targets: tick p99 ≤ 50 ms per competition, failover ≤ 5 s, no rewind, 0 violations)',
  );
  let failed = false;
  const verdict = (ok: boolean) => {
    if (!ok) failed = true;
    return ok ? 'PASS' : 'FAIL';
  };
  printTable(
    [
      'processes',
      'spread',
      'tick p99 ms',
      '',
      'failover ms',
      '',
      'rewind',
      '',
      'violations',
      '',
      'orders ok/sent',
      'load avg',
    ],
    results.map((r) => [
      String(r.processes),
      r.spread.join('+'),
      String(r.tickP99Ms),
      verdict(r.tickP99Ms <= TICK_P99_TARGET_MS),
      String(r.failoverMs ?? '>30000'),
      verdict(r.failoverMs !== null && r.failoverMs <= FAILOVER_TARGET_MS),
      r.rewind ?? `none (${r.maxJumpSigma.toFixed(1)} σ max)`,
      verdict(r.rewind === null),
      String(r.violations),
      verdict(r.violations === 0),
      `${r.orders.accepted}/${r.orders.sent}`,
      r.loadAvg,
    ]),
    new Set([2, 4, 8]),
  );
  for (const r of results) if (r.violations > 0) console.log(r.ledger);
  return failed ? 1 : 0;
}

void runWithCleanup(main, 60 * 60 * 1000);
