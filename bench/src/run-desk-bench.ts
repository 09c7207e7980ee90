// `npm run bench:desk`: the trading desk as 200 members use it at once (issue #40), not just orders.
// Per member, for BENCH_DESK_SECONDS (default 45): a loop of market, limit and stop orders with a
// stop-loss and take-profit, PATCHes of those levels on resting orders and open positions, and
// DELETEs of resting orders, one request after the other (no think time: the load is closed, so the
// throughput is what the server sustains with 200 requests in flight); besides, every 5 s a GET of
// the member's account, and one SSE stream (quotes, standings) held open the whole time.
//
// Setups (BENCH_DESK_SETUPS, comma-separated, default all four):
//   embedded-start  the embedded database, the load starting the moment /health answers (measured
//                   from the first second: no warm-up)
//   embedded-warm   the embedded database after a warm-up (every member reads its account once)
//   postgres        PostgreSQL, one API process
//   postgres-2      PostgreSQL, two API processes sharing Redis (127.0.0.1:6379); members split
//                   between them
// Each setup gets a fresh database (members written straight into it before the app starts), and
// after the load checkLedgerInvariants reads the books. Targets: PostgreSQL ≥ 400 orders/s, embedded
// ≥ 150; order requests' client p99 < 1 s; no non-2xx; zero violations. "orders/s" counts the order
// requests that were accepted (placements, SL/TP edits, cancels: every one is a trader command
// through the order desk) per second of load; "placed/s" the placements alone. A 404 on an edit or
// a cancel (the engine filled or closed it first; the member's view is up to 5 s old) is counted
// apart as a race, not a failure.
// BENCH_DESK_MEMBERS (default 200), BENCH_DATABASE_URL, BENCH_REDIS_URL. Exit code 1 on a FAIL.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { type DatabaseHandle, openDatabase, orders, runMigrations, seedDatabase } from '@candlewise/db';
import { roundToStep } from '@candlewise/shared';
import { sql } from 'drizzle-orm';
import {
  checkLedgerInvariants,
  formatLedgerReport,
} from '../../apps/api/src/services/trading/check-ledger-invariants.ts';
import { addApprovedMembers, type Member, seededRandom } from '../../apps/api/test/competition-members.ts';
import { printTable } from './print-table.ts';
import {
  type AppServer,
  BenchError,
  interrupted,
  makeTempDir,
  onCleanup,
  runWithCleanup,
  seconds,
  startApp,
} from './processes.ts';
import { openStream } from './sse-stream.ts';

const GROUP_ID = 'group-running';
const SYMBOL = process.env.BENCH_DESK_SYMBOL?.trim() || 'NIFTY50';
const P99_TARGET_MS = 1_000;
const ACCOUNT_EVERY_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL?.trim() || 'redis://127.0.0.1:6379';

type DatabaseKind = 'embedded' | 'postgres';
type SetupName = 'embedded-start' | 'embedded-warm' | 'postgres' | 'postgres-2';
const SETUPS: Record<SetupName, { kind: DatabaseKind; processes: 1 | 2; warm: boolean; target: number }> = {
  'embedded-start': { kind: 'embedded', processes: 1, warm: false, target: 150 },
  'embedded-warm': { kind: 'embedded', processes: 1, warm: true, target: 150 },
  postgres: { kind: 'postgres', processes: 1, warm: true, target: 400 },
  'postgres-2': { kind: 'postgres', processes: 2, warm: true, target: 400 },
};

function integerFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new BenchError(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return value;
}

/** The URL with its password hidden, for the log. */
function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

// ---------------------------------------------------------------------------------------------
// The databases: prepared (migrations, seed, members) before the server starts, checked after it stopped.

type PreparedDatabase = {
  kind: DatabaseKind;
  /** What the server gets besides PORT/HOST/LOG_LEVEL. */
  env: NodeJS.ProcessEnv;
  dataDir?: string;
  open(): Promise<DatabaseHandle>;
  /** Drops what the run created (PostgreSQL); also registered as a cleanup step. */
  dispose(): Promise<void>;
};

async function prepareEmbedded(): Promise<PreparedDatabase> {
  const dataDir = makeTempDir('candlewise-bench-desk-');
  return {
    kind: 'embedded',
    env: {},
    dataDir,
    open: () => openDatabase({ dataDir }),
    dispose: async () => {},
  };
}

async function preparePostgres(): Promise<PreparedDatabase> {
  const adminUrl = process.env.BENCH_DATABASE_URL?.trim() || DEFAULT_POSTGRES_URL;
  let target: URL;
  try {
    target = new URL(adminUrl);
  } catch {
    throw new BenchError(`BENCH_DATABASE_URL is not a URL: ${redacted(adminUrl)}`);
  }
  if (!/^postgres(ql)?:$/.test(target.protocol)) {
    throw new BenchError('BENCH_DATABASE_URL must start with postgres:// or postgresql://');
  }
  const name = `cw_bench_${Date.now()}`;
  target.pathname = `/${name}`;
  const databaseUrl = target.toString();

  const admin = await openDatabase({ databaseUrl: adminUrl, poolSize: 1 });
  try {
    await admin.pool!.query(`create database "${name}"`);
  } catch (error) {
    throw new BenchError(
      `Could not create the database ${name} on ${redacted(adminUrl)} (set BENCH_DATABASE_URL, or ` +
        `BENCH_DESK_SETUPS=embedded-start,embedded-warm to skip PostgreSQL): ${error instanceof Error ? error.message : error}`,
    );
  } finally {
    await admin.close();
  }
  console.log(`postgres: created database ${name} on ${redacted(adminUrl)}`);

  let dropped = false;
  const dispose = async () => {
    if (dropped) return;
    dropped = true;
    const handle = await openDatabase({ databaseUrl: adminUrl, poolSize: 1 });
    try {
      await handle.pool!.query(`drop database if exists "${name}" with (force)`);
      console.log(`postgres: dropped database ${name}`);
    } finally {
      await handle.close();
    }
  };
  onCleanup(`drop database ${name}`, dispose);
  return {
    kind: 'postgres',
    env: { DATABASE_URL: databaseUrl },
    open: () => openDatabase({ databaseUrl }),
    dispose,
  };
}

async function setUpMembers(prepared: PreparedDatabase, appSecret: string, count: number) {
  const started = performance.now();
  const handle = await prepared.open();
  try {
    await runMigrations(handle);
    await seedDatabase(handle.db);
    const members = await addApprovedMembers(handle.db, appSecret, GROUP_ID, count, 'bench');
    console.log(
      `${prepared.kind}: migrated, seeded and added ${members.length} approved, funded members of ` +
        `${GROUP_ID} in ${seconds(performance.now() - started)}`,
    );
    return members;
  } finally {
    await handle.close();
  }
}

type LedgerOutcome = { violations: number; report: string; orderStatuses: Record<string, number> };

async function checkLedger(prepared: PreparedDatabase): Promise<LedgerOutcome> {
  const handle = await prepared.open();
  try {
    const report = await checkLedgerInvariants(handle.db);
    const statuses = await handle.db
      .select({ status: orders.status, count: sql<number>`count(*)::int` })
      .from(orders)
      .groupBy(orders.status);
    return {
      violations: report.violations,
      report: formatLedgerReport(report),
      orderStatuses: Object.fromEntries(statuses.map((row) => [row.status, row.count])),
    };
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The load.

type Quote = { symbol: string; bid: number; ask: number; mid: number };
type Steps = { tickSize: number; lotStep: number };
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 2048 });

function requestJson(
  method: Method,
  url: string,
  token: string,
  body?: unknown,
  agent: http.Agent = keepAlive,
): Promise<{ ok: boolean; status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      url,
      {
        method,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          resolve({ ok: status >= 200 && status < 300, status, text });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(payload);
  });
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await requestJson('GET', url, token);
  if (!response.ok)
    throw new BenchError(`GET ${url} answered HTTP ${response.status}: ${response.text.slice(0, 300)}`);
  return (JSON.parse(response.text) as { data: T }).data;
}

/** The latest quote of SYMBOL, refreshed every 250 ms while the load runs (one client). */
function quoteFeed(baseUrl: string, token: string, first: Quote) {
  let latest = first;
  let running = true;
  const loop = (async () => {
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      try {
        const quotes = await getJson<Quote[]>(`${baseUrl}/api/v1/market/quotes?symbols=${SYMBOL}`, token);
        latest = quotes.find((quote) => quote.symbol === SYMBOL) ?? latest;
      } catch {
        // keep the last one: the load reports the server's trouble
      }
    }
  })();
  return {
    latest: () => latest,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

type Kind = 'place' | 'edit-order' | 'edit-position' | 'cancel' | 'account';
type Sample = { kind: Kind; at: number; ms: number; status: number; example?: string };

/** What a member knows of its account: from its own answers and its 5-second account reads. */
type Book = {
  resting: Array<{ id: string; side: 'buy' | 'sell'; price: number }>;
  position: number;
  /** The position's side is known: read with the account, changed since only by market fills. */
  positionSure: boolean;
};

type AccountData = {
  positions: Array<{ symbol: string; quantity: number }>;
  orders: Array<{ _id: string; symbol: string; side: 'buy' | 'sell'; price: number }>;
};

type LoadResult = {
  samples: Sample[];
  elapsedMs: number;
  streamsOpened: number;
  streamEvents: number;
};

async function runLoad(
  apps: AppServer[],
  members: Member[],
  durationMs: number,
  warm: boolean,
): Promise<LoadResult> {
  const token = members[0].token;
  const baseOf = (index: number) => apps[index % apps.length].baseUrl;
  const instruments = await getJson<Array<{ symbol: string } & Steps>>(
    `${apps[0].baseUrl}/api/v1/instruments`,
    token,
  );
  const steps = instruments.find((instrument) => instrument.symbol === SYMBOL);
  if (!steps) throw new BenchError(`The app does not list the instrument ${SYMBOL}.`);
  const quotes = await getJson<Quote[]>(`${apps[0].baseUrl}/api/v1/market/quotes?symbols=${SYMBOL}`, token);
  const first = quotes.find((quote) => quote.symbol === SYMBOL);
  if (!first) throw new BenchError(`No quote for ${SYMBOL} yet (GET /api/v1/market/quotes).`);
  const feed = quoteFeed(apps[0].baseUrl, token, first);
  // Each member's account poll has a kept-alive connection of its own, as a page's poll reuses its
  // connection. Sharing the order loop's pool, each read found every socket busy and opened a new
  // connection, which the embedded server, its event loop busy with PGlite, accepted at ~8 a second:
  // the reads waited in the listen backlog until the load stopped (2026-12-02).
  const accountAgents = members.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  if (warm) {
    // Not measured: every member reads its account once, all at once (as the desk page opens), so
    // the keep-alive connections exist and the server's code paths are compiled.
    const warmStarted = performance.now();
    await Promise.all(
      members.map(async (member, index) => {
        const response = await requestJson(
          'GET',
          `${baseOf(index)}/api/v1/group/${GROUP_ID}/account`,
          member.token,
          undefined,
          accountAgents[index],
        );
        if (!response.ok) throw new BenchError(`The warm-up account read answered ${response.status}.`);
      }),
    );
    console.log(
      `  warm-up: ${members.length} account reads at once in ${seconds(performance.now() - warmStarted)}`,
    );
  }

  const tick = steps.tickSize;
  const price = (value: number) => roundToStep(Math.round(value / tick) * tick, tick);
  const samples: Sample[] = [];
  let streamEvents = 0;
  let streamsOpened = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const running = () => performance.now() < deadline && !interrupted();

  const record = async (
    kind: Kind,
    method: Method,
    url: string,
    memberToken: string,
    body?: unknown,
    agent?: http.Agent,
  ) => {
    const at = performance.now();
    try {
      const response = await requestJson(method, url, memberToken, body, agent);
      const sample: Sample = { kind, at: at - started, ms: performance.now() - at, status: response.status };
      if (!response.ok) sample.example = response.text.slice(0, 240);
      samples.push(sample);
      return response;
    } catch (error) {
      samples.push({
        kind,
        at: at - started,
        ms: performance.now() - at,
        status: 0,
        example: error instanceof Error ? error.message : String(error),
      });
      return null;
    }
  };

  const member = async (who: Member, index: number) => {
    const base = baseOf(index);
    const random = seededRandom(9_000 + index);
    const book: Book = { resting: [], position: 0, positionSure: false };
    const stream = openStream(`${base}/api/v1/group/${GROUP_ID}/stream`, who.token, () => {
      streamEvents += 1;
    });
    void stream.opened.then((status) => {
      if (status === 200) streamsOpened += 1;
    });
    // The account every 5 s, beside the orders, on its own kept-alive connection (above).
    const accountAgent = accountAgents[index];
    const accountLoop = (async () => {
      let next = performance.now() + random() * ACCOUNT_EVERY_MS;
      while (running()) {
        const wait = next - performance.now();
        if (wait > 0)
          await new Promise((resolve) => setTimeout(resolve, Math.min(wait, deadline - performance.now())));
        if (!running()) break;
        next += ACCOUNT_EVERY_MS;
        const response = await record(
          'account',
          'GET',
          `${base}/api/v1/group/${GROUP_ID}/account`,
          who.token,
          undefined,
          accountAgent,
        );
        if (response?.ok) {
          const data = (JSON.parse(response.text) as { data: AccountData }).data;
          book.position = data.positions.find((position) => position.symbol === SYMBOL)?.quantity ?? 0;
          book.positionSure = true;
          book.resting = data.orders
            .filter((order) => order.symbol === SYMBOL)
            .map((order) => ({ id: order._id, side: order.side, price: order.price }));
        }
      }
    })();

    while (running()) {
      const quote = feed.latest();
      const roll = random();
      // Far enough from the price for a stop-loss or take-profit never to be on the wrong side of it
      // by the time the order arrives, near enough to be a trader's level.
      const gap = Math.max(20 * tick, quote.mid * 0.004);
      const far = Math.max(40 * tick, quote.mid * 0.01);
      if (roll < 0.12 && book.resting.length > 0) {
        // Cancel the oldest resting order.
        const order = book.resting.shift()!;
        await record('cancel', 'DELETE', `${base}/api/v1/group/${GROUP_ID}/orders/${order.id}`, who.token);
      } else if (roll < 0.24 && book.resting.length > 0) {
        // Move the levels of a resting order (around its own price).
        const order = book.resting[Math.floor(random() * book.resting.length)];
        const sign = order.side === 'buy' ? 1 : -1;
        const shift = (1 + random()) * gap;
        await record(
          'edit-order',
          'PATCH',
          `${base}/api/v1/group/${GROUP_ID}/orders/${order.id}`,
          who.token,
          {
            stopLoss: price(order.price - sign * shift),
            takeProfit: price(order.price + sign * shift),
          },
        );
      } else if (roll < 0.34 && book.position !== 0 && book.positionSure) {
        // Move the levels of the open position (around the current price).
        const sign = book.position > 0 ? 1 : -1;
        const reference = book.position > 0 ? quote.bid : quote.ask;
        const shift = (1.5 + random()) * gap;
        await record(
          'edit-position',
          'PATCH',
          `${base}/api/v1/group/${GROUP_ID}/positions/${SYMBOL}`,
          who.token,
          {
            stopLoss: price(reference - sign * shift),
            takeProfit: price(reference + sign * shift),
          },
        );
      } else {
        // A new order, flattening when the position grew: market (45 %), limit (35 %), stop (20 %).
        const lots = Math.round(book.position / steps.lotStep);
        const side: 'buy' | 'sell' =
          lots >= 2 ? 'sell' : lots <= -2 ? 'buy' : random() < 0.5 ? 'buy' : 'sell';
        const sign = side === 'buy' ? 1 : -1;
        const typeRoll = random();
        const type = typeRoll < 0.45 ? 'market' : typeRoll < 0.8 ? 'limit' : 'stop';
        // Limits and stops: half of them through the price (they fill on the next tick), half resting
        // away from it (they stay, to be edited and canceled); at most 4 resting per member.
        const resting = type !== 'market' && (book.resting.length < 4 ? random() < 0.5 : false);
        const entry =
          type === 'market'
            ? side === 'buy'
              ? quote.ask
              : quote.bid
            : type === 'limit'
              ? (side === 'buy' ? quote.ask : quote.bid) + sign * (resting ? -far : gap / 4)
              : (side === 'buy' ? quote.ask : quote.bid) + sign * (resting ? far : -gap / 4);
        const body = {
          symbol: SYMBOL,
          side,
          type,
          quantity: steps.lotStep,
          ...(type === 'market' ? {} : { price: price(entry) }),
          stopLoss: price(entry - sign * 2 * gap),
          takeProfit: price(entry + sign * 2 * gap),
        };
        const response = await record(
          'place',
          'POST',
          `${base}/api/v1/group/${GROUP_ID}/orders`,
          who.token,
          body,
        );
        if (response?.ok) {
          const order = (JSON.parse(response.text) as { data: { _id: string; status: string } }).data;
          if (order.status === 'open' && resting)
            book.resting.push({ id: order._id, side, price: body.price! });
          // A market order filled; one through the price fills on the next tick.
          if (order.status === 'filled' || !resting) book.position += sign * steps.lotStep;
          // What fills on the next tick may flip the side before the member sees it.
          if (order.status !== 'filled' && !resting) book.positionSure = false;
        }
      }
    }
    await accountLoop;
    stream.close();
  };

  try {
    await Promise.all(members.map((who, index) => member(who, index)));
    for (const agent of accountAgents) agent.destroy();
  } finally {
    await feed.stop();
  }
  return { samples, elapsedMs: performance.now() - started, streamsOpened, streamEvents };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

// ---------------------------------------------------------------------------------------------

type Row = {
  setup: SetupName;
  orders: number;
  ordersPerSecond: number;
  placedPerSecond: number;
  p50: number;
  p99: number;
  firstMinuteP99: number;
  otherP99: number;
  non2xx: string;
  races: string;
  violations: string;
  load: string;
  verdict: 'PASS' | 'FAIL';
  notes: string[];
};

const ORDER_KINDS = new Set<Kind>(['place', 'edit-order', 'edit-position', 'cancel']);

async function runOne(setup: SetupName, memberCount: number, durationMs: number): Promise<Row> {
  const { kind, processes, warm, target } = SETUPS[setup];
  console.log(
    `\n== ${setup} (${kind}, ${processes} process${processes > 1 ? 'es' : ''}${warm ? '' : ', measured from its start'}) ==`,
  );
  const appSecret = randomBytes(48).toString('base64url');
  const prepared = kind === 'embedded' ? await prepareEmbedded() : await preparePostgres();
  try {
    const members = await setUpMembers(prepared, appSecret, memberCount);
    const env: NodeJS.ProcessEnv = {
      ...prepared.env,
      APP_SECRET: appSecret,
      // Members here trade as fast as they can: the per-member order limit must not be what is measured.
      ORDERS_PER_MEMBER_PER_MINUTE: '100000',
      ...(processes > 1 ? { REDIS_URL, REDIS_PREFIX: `cw_bench_desk_${Date.now()}:` } : {}),
    };
    const apps: AppServer[] = [];
    for (let n = 0; n < processes; n += 1)
      apps.push(await startApp({ withUser: false, dataDir: prepared.dataDir, env, nodeArgs: profileArgs() }));
    let load: LoadResult;
    try {
      console.log(`${setup}: ${members.length} members trading ${SYMBOL} for ${seconds(durationMs)}…`);
      load = await runLoad(apps, members, durationMs, warm);
      if (interrupted()) throw new BenchError('interrupted');
    } catch (error) {
      for (const app of apps)
        console.error(`Last lines of the app's output:\n${app.process.tail() || '(none)'}`);
      throw error;
    } finally {
      for (const app of apps) await app.process.stop();
    }
    const loadAverage = os.loadavg()[0].toFixed(2);

    const ledger = await checkLedger(prepared);
    const orderSamples = load.samples.filter((sample) => ORDER_KINDS.has(sample.kind));
    const otherSamples = load.samples.filter((sample) => !ORDER_KINDS.has(sample.kind));
    const sorted = orderSamples.map((sample) => sample.ms).sort((a, b) => a - b);
    const firstMinute = orderSamples
      .filter((sample) => sample.at < 60_000)
      .map((sample) => sample.ms)
      .sort((a, b) => a - b);
    const otherSorted = otherSamples.map((sample) => sample.ms).sort((a, b) => a - b);
    const accepted = orderSamples.filter((sample) => sample.status >= 200 && sample.status < 300);
    // Per second from the start of the load to the last order answer (the requests in flight at the
    // deadline finish; the account loop's last read is not waited for).
    const windowMs = Math.max(1, ...orderSamples.map((sample) => sample.at + sample.ms));
    const ordersPerSecond = (accepted.length / windowMs) * 1000;
    const placedPerSecond = (accepted.filter((sample) => sample.kind === 'place').length / windowMs) * 1000;
    const failures = new Map<string, { count: number; example: string }>();
    // A 404 on an edit or a cancel is the desk's honest answer when the engine filled, closed or
    // stopped out what the member last saw (the member's view is up to 5 s old): a race, not a fault.
    let races = 0;
    for (const sample of load.samples) {
      if (sample.status >= 200 && sample.status < 300) continue;
      if (sample.status === 404 && sample.kind !== 'place' && sample.kind !== 'account') {
        races += 1;
        continue;
      }
      // Likewise an SL/TP edit set from the price the member last saw, which the market has passed
      // since: the desk refuses it with the current price (the member would pick again).
      if (
        sample.status === 400 &&
        sample.kind === 'edit-position' &&
        /the current price/.test(sample.example ?? '')
      ) {
        races += 1;
        continue;
      }
      const key = `${sample.kind} ${sample.status || 'error'}`;
      const entry = failures.get(key) ?? { count: 0, example: sample.example ?? '' };
      entry.count += 1;
      failures.set(key, entry);
    }
    const non2xxCount = [...failures.values()].reduce((sum, entry) => sum + entry.count, 0);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    const byKind = new Map<Kind, number>();
    for (const sample of load.samples) byKind.set(sample.kind, (byKind.get(sample.kind) ?? 0) + 1);
    console.log(
      `${setup}: ${[...byKind].map(([name, count]) => `${count} ${name}`).join(', ')}; orders over ${seconds(windowMs)}, all done in ${seconds(load.elapsedMs)}; ` +
        `${load.streamsOpened} streams opened, ${load.streamEvents} stream events; order requests p50 ` +
        `${p50.toFixed(0)}, p90 ${percentile(sorted, 90).toFixed(0)}, p99 ${p99.toFixed(0)}, max ` +
        `${(sorted.at(-1) ?? 0).toFixed(0)} ms; load average ${os
          .loadavg()
          .map((v) => v.toFixed(2))
          .join(' ')}`,
    );
    const statusText = Object.entries(ledger.orderStatuses)
      .map(([status, count]) => `${count} ${status}`)
      .join(', ');
    console.log(
      `${setup}: ledger checked, ${ledger.violations} violation(s); orders now ${statusText || 'none'}`,
    );

    const notes: string[] = [];
    if (ordersPerSecond < target)
      notes.push(`${Math.round(ordersPerSecond)} orders/s is below the target of ${target}`);
    if (p99 >= P99_TARGET_MS) notes.push(`p99 ${Math.round(p99)} ms is not under ${P99_TARGET_MS} ms`);
    if (percentile(firstMinute, 99) >= P99_TARGET_MS)
      notes.push(
        `p99 in the first minute ${Math.round(percentile(firstMinute, 99))} ms is not under ${P99_TARGET_MS} ms`,
      );
    for (const [key, entry] of failures) notes.push(`${key} × ${entry.count}, e.g. ${entry.example}`);
    if (load.streamsOpened < members.length)
      notes.push(`only ${load.streamsOpened} of ${members.length} streams opened`);
    if (ledger.violations > 0) notes.push(`ledger:\n${ledger.report}`);
    const pass =
      ordersPerSecond >= target &&
      p99 < P99_TARGET_MS &&
      percentile(firstMinute, 99) < P99_TARGET_MS &&
      non2xxCount === 0 &&
      load.streamsOpened === members.length &&
      ledger.violations === 0;
    return {
      setup,
      orders: orderSamples.length,
      ordersPerSecond,
      placedPerSecond,
      p50,
      p99,
      firstMinuteP99: percentile(firstMinute, 99),
      otherP99: percentile(otherSorted, 99),
      non2xx: String(non2xxCount),
      races: String(races),
      violations: String(ledger.violations),
      load: loadAverage,
      verdict: pass ? 'PASS' : 'FAIL',
      notes,
    };
  } finally {
    await prepared.dispose();
  }
}

/** BENCH_DESK_CPU_PROF=<folder>: each API process writes a V8 CPU profile there when it stops. */
function profileArgs(): string[] {
  const folder = process.env.BENCH_DESK_CPU_PROF?.trim();
  return folder ? ['--cpu-prof', '--cpu-prof-dir', folder] : [];
}

function setupsFromEnv(): SetupName[] {
  const raw = process.env.BENCH_DESK_SETUPS?.trim();
  if (!raw) return Object.keys(SETUPS) as SetupName[];
  const names = raw.split(',').map((name) => name.trim());
  for (const name of names)
    if (!(name in SETUPS))
      throw new BenchError(`BENCH_DESK_SETUPS: unknown setup "${name}" (${Object.keys(SETUPS).join(', ')}).`);
  return names as SetupName[];
}

async function main(setups: SetupName[], memberCount: number, durationMs: number): Promise<number> {
  const cpus = os.cpus();
  console.log(
    `Desk benchmark: ${memberCount} members in ${GROUP_ID} for ${seconds(durationMs)} per setup (${setups.join(', ')}); ` +
      `targets PostgreSQL ≥ 400, embedded ≥ 150 orders/s, p99 < ${P99_TARGET_MS} ms (also in the first minute), ` +
      'no non-2xx, 0 ledger violations.',
  );
  console.log(
    `Node ${process.version}, ${cpus.length} CPU(s), load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  const rows: Row[] = [];
  for (const setup of setups) {
    if (interrupted()) return 130;
    try {
      rows.push(await runOne(setup, memberCount, durationMs));
    } catch (error) {
      if (interrupted()) return 130;
      const message = error instanceof Error ? error.message : String(error);
      console.error(`${setup}: the run failed: ${message}`);
      if (error instanceof Error && !(error instanceof BenchError) && error.stack) console.error(error.stack);
      rows.push({
        setup,
        orders: 0,
        ordersPerSecond: 0,
        placedPerSecond: 0,
        p50: 0,
        p99: 0,
        firstMinuteP99: 0,
        otherP99: 0,
        non2xx: '-',
        races: '-',
        violations: '-',
        load: os.loadavg()[0].toFixed(2),
        verdict: 'FAIL',
        notes: [`the run failed: ${message.split('\n')[0]}`],
      });
    }
  }
  console.log(
    `\n${memberCount} members, ${seconds(durationMs)} each; order requests = placements, SL/TP edits and cancels; ` +
      'latency client-side; "other p99" = account reads; "races" = edits and cancels of what the engine had just filled or closed, and SL/TP edits the price had just passed (not failures); load = 1-min load average after the run:\n',
  );
  printTable(
    [
      'setup',
      'order reqs',
      'orders/s',
      'placed/s',
      'target',
      'p50 ms',
      'p99 ms',
      '1st min p99',
      'other p99',
      'non-2xx',
      'violations',
      'load',
      'result',
    ],
    rows.map((row) => [
      row.setup,
      String(row.orders),
      row.ordersPerSecond.toFixed(0),
      row.placedPerSecond.toFixed(0),
      `≥ ${SETUPS[row.setup].target}`,
      row.p50.toFixed(0),
      row.p99.toFixed(0),
      row.firstMinuteP99.toFixed(0),
      row.otherP99.toFixed(0),
      row.non2xx,
      row.races,
      row.violations,
      row.load,
      row.verdict,
    ]),
    new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
  );
  const notes = rows.flatMap((row) => row.notes.map((note) => `! ${row.setup}: ${note}`));
  if (notes.length > 0) console.log(`\n${notes.join('\n')}`);
  const failed = rows.some((row) => row.verdict === 'FAIL');
  console.log(failed ? '\nFAIL: a target was missed (see above).' : '\nOK: every target met.');
  return failed ? 1 : 0;
}

let setups: SetupName[] = [];
let memberCount = 200;
let durationSeconds = 45;
try {
  setups = setupsFromEnv();
  memberCount = integerFromEnv('BENCH_DESK_MEMBERS', 200, 1, 5_000);
  durationSeconds = integerFromEnv('BENCH_DESK_SECONDS', 45, 1, 3_600);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
await runWithCleanup(
  () => main(setups, memberCount, durationSeconds * 1000),
  (300 + setups.length * (240 + durationSeconds)) * 1000,
);
