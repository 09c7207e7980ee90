// `npm run bench:orders`: order placement in one competition with 200 members ordering at once, on
// the embedded database (PGlite, a fresh temporary DATA_DIR) and on PostgreSQL (a fresh database
// cw_bench_<timestamp>, dropped at the end), then the ledger's invariants on what was written.
//
// Per database: the members (users, approved participants, funded accounts, a session token each) go
// straight into the database before the server starts (the embedded database has one owner), the app
// starts with the same APP_SECRET, every member sends BENCH_ORDERS_PER_MEMBER orders one after the
// other while all members run in parallel (market orders, limit orders priced to fill on the next
// tick, a few stop orders that trigger on it), the engine gets 3 s to fill the resting ones, the
// server stops gracefully and checkLedgerInvariants reads the books.
//
// Targets: embedded ≥ 150 orders/s, PostgreSQL ≥ 400 orders/s; client-side p99 < 1 s; no non-2xx,
// no client error and no invariant violation. BENCH_ORDERS_DB=embedded|postgres|both (default both),
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_ORDERS_MEMBERS
// (default 200), BENCH_ORDERS_PER_MEMBER (default 5).
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
  BenchError,
  interrupted,
  makeTempDir,
  onCleanup,
  runWithCleanup,
  seconds,
  startApp,
} from './processes.ts';

const GROUP_ID = 'group-running';
const SYMBOL = 'NIFTY50';
const P99_TARGET_MS = 1_000;
const SETTLE_MS = 3_000;
const REQUEST_TIMEOUT_MS = 30_000;
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

type DatabaseKind = 'embedded' | 'postgres';
const TARGET_ORDERS_PER_SECOND: Record<DatabaseKind, number> = { embedded: 150, postgres: 400 };

function integerFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new BenchError(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return value;
}

function databasesFromEnv(): DatabaseKind[] {
  const raw = (process.env.BENCH_ORDERS_DB ?? 'both').trim() || 'both';
  if (raw === 'both') return ['embedded', 'postgres'];
  if (raw === 'embedded' || raw === 'postgres') return [raw];
  throw new BenchError(`BENCH_ORDERS_DB must be embedded, postgres or both (got "${raw}").`);
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
  const dataDir = makeTempDir('candlewise-bench-orders-');
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
        `BENCH_ORDERS_DB=embedded to skip PostgreSQL): ${error instanceof Error ? error.message : error}`,
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

// One keep-alive agent for every request of the run: each member's connection is opened in the
// warm-up and reused by its orders, as a browser keeps its connection to the site.
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1024 });

function requestJson(
  method: 'GET' | 'POST',
  url: string,
  token: string,
  body?: unknown,
): Promise<{ ok: boolean; status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      url,
      {
        method,
        agent: keepAlive,
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
  const text = response.text;
  if (!response.ok)
    throw new BenchError(`GET ${url} answered HTTP ${response.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** The latest quote of SYMBOL, refreshed every 250 ms while the load runs (one client, one request). */
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

type OrderBody = {
  symbol: string;
  side: 'buy' | 'sell';
  type: 'market' | 'limit' | 'stop';
  quantity: number;
  price?: number;
};

/**
 * About half market orders (1–2 units), a third limit orders just through the quote (a buy limit a
 * little ABOVE the ask: it rests until the next tick fills it) and the rest stop orders already past
 * their trigger (a buy stop a little below the ask), so they too fill on the next tick.
 */
function nextOrder(random: () => number, quote: Quote, steps: Steps): OrderBody {
  const side = random() < 0.5 ? 'buy' : 'sell';
  const roll = random();
  const offset = Math.max(10 * steps.tickSize, quote.mid * 0.0002);
  const price = (value: number) =>
    roundToStep(Math.round(value / steps.tickSize) * steps.tickSize, steps.tickSize);
  if (roll < 0.55) {
    return {
      symbol: SYMBOL,
      side,
      type: 'market',
      quantity: random() < 0.7 ? steps.lotStep : 2 * steps.lotStep,
    };
  }
  if (roll < 0.88) {
    return {
      symbol: SYMBOL,
      side,
      type: 'limit',
      quantity: steps.lotStep,
      price: price(side === 'buy' ? quote.ask + offset : quote.bid - offset),
    };
  }
  return {
    symbol: SYMBOL,
    side,
    type: 'stop',
    quantity: steps.lotStep,
    price: price(side === 'buy' ? quote.ask - offset : quote.bid + offset),
  };
}

type LoadResult = {
  sent: number;
  accepted: number;
  elapsedMs: number;
  latenciesMs: number[];
  /** Non-2xx by status, with the first message seen for each. */
  statuses: Map<number, { count: number; example: string }>;
  /** Requests without a response (connection error, timeout), by message. */
  errors: Map<string, number>;
  byType: Record<string, number>;
};

async function runLoad(baseUrl: string, members: Member[], perMember: number): Promise<LoadResult> {
  const token = members[0].token;
  const instruments = await getJson<Array<{ symbol: string } & Steps>>(
    `${baseUrl}/api/v1/instruments`,
    token,
  );
  const steps = instruments.find((instrument) => instrument.symbol === SYMBOL);
  if (!steps) throw new BenchError(`The app does not list the instrument ${SYMBOL}.`);
  const quotes = await getJson<Quote[]>(`${baseUrl}/api/v1/market/quotes?symbols=${SYMBOL}`, token);
  const first = quotes.find((quote) => quote.symbol === SYMBOL);
  if (!first) throw new BenchError(`No quote for ${SYMBOL} yet (GET /api/v1/market/quotes).`);
  const feed = quoteFeed(baseUrl, token, first);
  // Warm-up, not measured: every member reads the quotes once, all at once (as the open trading page
  // does), so the client's keep-alive connections exist and the server's code paths are compiled.
  // Without it the first orders also measure 200 simultaneous connection set-ups.
  const warmStarted = performance.now();
  await Promise.all(
    members.map((member) => getJson(`${baseUrl}/api/v1/market/quotes?symbols=${SYMBOL}`, member.token)),
  );
  console.log(
    `  warm-up: ${members.length} quote reads at once in ${seconds(performance.now() - warmStarted)}`,
  );

  const result: LoadResult = {
    sent: 0,
    accepted: 0,
    elapsedMs: 0,
    latenciesMs: [],
    statuses: new Map(),
    errors: new Map(),
    byType: {},
  };
  const url = `${baseUrl}/api/v1/group/${GROUP_ID}/orders`;
  const trader = async (member: Member, index: number) => {
    const random = seededRandom(7_000 + index);
    for (let n = 0; n < perMember && !interrupted(); n += 1) {
      const body = nextOrder(random, feed.latest(), steps);
      result.byType[body.type] = (result.byType[body.type] ?? 0) + 1;
      result.sent += 1;
      const started = performance.now();
      try {
        const response = await requestJson('POST', url, member.token, body);
        const text = response.text;
        result.latenciesMs.push(performance.now() - started);
        if (response.ok) {
          result.accepted += 1;
        } else {
          const entry = result.statuses.get(response.status) ?? { count: 0, example: text.slice(0, 300) };
          entry.count += 1;
          result.statuses.set(response.status, entry);
        }
      } catch (error) {
        result.latenciesMs.push(performance.now() - started);
        const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        result.errors.set(message, (result.errors.get(message) ?? 0) + 1);
      }
    }
  };
  const started = performance.now();
  try {
    await Promise.all(members.map((member, index) => trader(member, index)));
  } finally {
    result.elapsedMs = performance.now() - started;
    await feed.stop();
  }
  return result;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

// ---------------------------------------------------------------------------------------------

type Row = {
  kind: DatabaseKind;
  orders: number;
  ordersPerSecond: number;
  p50: number;
  p99: number;
  non2xx: string;
  violations: string;
  verdict: 'PASS' | 'FAIL';
  notes: string[];
};

async function runOne(
  kind: DatabaseKind,
  memberCount: number,
  perMember: number,
  appSecret: string,
): Promise<Row> {
  console.log(`\n== ${kind} ==`);
  const prepared = kind === 'embedded' ? await prepareEmbedded() : await preparePostgres();
  try {
    const members = await setUpMembers(prepared, appSecret, memberCount);
    const app = await startApp({
      withUser: false,
      dataDir: prepared.dataDir,
      // Members here order as fast as they can: the per-member order limit must not be what is measured.
      env: { ...prepared.env, APP_SECRET: appSecret, ORDERS_PER_MEMBER_PER_MINUTE: '100000' },
    });
    let load: LoadResult;
    try {
      console.log(
        `${kind}: ${members.length} members × ${perMember} orders on ${SYMBOL}, all members at once…`,
      );
      load = await runLoad(app.baseUrl, members, perMember);
      if (interrupted()) throw new BenchError('interrupted');
      console.log(
        `${kind}: ${load.sent} orders in ${seconds(load.elapsedMs)} ` +
          `(${Object.entries(load.byType)
            .map(([type, count]) => `${count} ${type}`)
            .join(', ')}); waiting ${SETTLE_MS / 1000} s for the engine to fill the resting ones`,
      );
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    } catch (error) {
      console.error(`Last lines of the app's output:\n${app.process.tail() || '(none)'}`);
      throw error;
    } finally {
      const stopping = performance.now();
      await app.process.stop();
      const { exitCode, signalCode } = app.process.child;
      console.log(
        `${kind}: server stopped in ${seconds(performance.now() - stopping)} ` +
          `(${signalCode ? `signal ${signalCode}` : `exit code ${exitCode}`})`,
      );
    }

    const ledger = await checkLedger(prepared);
    const sorted = [...load.latenciesMs].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    console.log(
      `${kind}: client-side latency p50 ${p50.toFixed(0)}, p90 ${percentile(sorted, 90).toFixed(0)}, ` +
        `p99 ${p99.toFixed(0)}, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms; load average now ` +
        os
          .loadavg()
          .map((value) => value.toFixed(2))
          .join(' '),
    );
    const ordersPerSecond = load.elapsedMs > 0 ? (load.accepted / load.elapsedMs) * 1000 : 0;
    const errorCount = [...load.errors.values()].reduce((sum, count) => sum + count, 0);
    const non2xxCount = [...load.statuses.values()].reduce((sum, entry) => sum + entry.count, 0);
    const non2xx = [
      ...[...load.statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, entry]) => `${entry.count}×${status}`),
      ...(errorCount ? [`${errorCount}×error`] : []),
    ];

    const notes: string[] = [];
    const target = TARGET_ORDERS_PER_SECOND[kind];
    if (ordersPerSecond < target) {
      notes.push(`${Math.round(ordersPerSecond)} orders/s is below the target of ${target}`);
    }
    if (p99 >= P99_TARGET_MS) notes.push(`p99 ${Math.round(p99)} ms is not under ${P99_TARGET_MS} ms`);
    for (const [status, entry] of [...load.statuses.entries()].sort(([a], [b]) => a - b)) {
      notes.push(`HTTP ${status} × ${entry.count}, e.g. ${entry.example}`);
    }
    for (const [message, count] of load.errors) notes.push(`no response × ${count}: ${message}`);
    if (ledger.violations > 0) notes.push(`ledger:\n${ledger.report}`);
    const statusText = Object.entries(ledger.orderStatuses)
      .map(([status, count]) => `${count} ${status}`)
      .join(', ');
    console.log(
      `${kind}: ledger checked, ${ledger.violations} violation(s); orders now ${statusText || 'none'}`,
    );

    const pass =
      ordersPerSecond >= target &&
      p99 < P99_TARGET_MS &&
      non2xxCount === 0 &&
      errorCount === 0 &&
      ledger.violations === 0 &&
      load.sent === members.length * perMember;
    return {
      kind,
      orders: load.sent,
      ordersPerSecond,
      p50,
      p99,
      non2xx: non2xx.length ? non2xx.join(' ') : '0',
      violations: String(ledger.violations),
      verdict: pass ? 'PASS' : 'FAIL',
      notes,
    };
  } finally {
    await prepared.dispose();
  }
}

async function main(kinds: DatabaseKind[], memberCount: number, perMember: number): Promise<number> {
  const cpus = os.cpus();
  console.log(
    `Order placement benchmark: ${memberCount} members × ${perMember} orders in ${GROUP_ID} on ` +
      `${kinds.join(' and ')}; targets ${kinds.map((kind) => `${kind} ≥ ${TARGET_ORDERS_PER_SECOND[kind]}`).join(', ')} ` +
      `orders/s, p99 < ${P99_TARGET_MS} ms, no non-2xx, 0 ledger violations.`,
  );
  console.log(
    `Node ${process.version}, ${cpus.length} CPU(s) (${cpus[0]?.model.trim() ?? 'unknown'}), load average ` +
      `${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
  );
  // One secret for the tokens signed here and the server that verifies them.
  const appSecret = randomBytes(48).toString('base64url');

  const rows: Row[] = [];
  for (const kind of kinds) {
    if (interrupted()) return 130;
    try {
      rows.push(await runOne(kind, memberCount, perMember, appSecret));
    } catch (error) {
      if (interrupted()) return 130;
      const message = error instanceof Error ? error.message : String(error);
      console.error(`${kind}: the run failed: ${message}`);
      if (error instanceof Error && !(error instanceof BenchError) && error.stack) console.error(error.stack);
      rows.push({
        kind,
        orders: 0,
        ordersPerSecond: 0,
        p50: 0,
        p99: 0,
        non2xx: '-',
        violations: '-',
        verdict: 'FAIL',
        notes: [`the run failed: ${message.split('\n')[0]}`],
      });
    }
  }

  console.log(
    `\n${memberCount} members × ${perMember} orders, all members at once; latency client-side ` +
      '(request start to response end); orders/s = 2xx responses ÷ load time:\n',
  );
  printTable(
    ['database', 'orders', 'orders/s', 'target', 'p50 ms', 'p99 ms', 'non-2xx', 'violations', 'result'],
    rows.map((row) => [
      row.kind,
      String(row.orders),
      row.ordersPerSecond.toFixed(0),
      `≥ ${TARGET_ORDERS_PER_SECOND[row.kind]}`,
      row.p50.toFixed(0),
      row.p99.toFixed(0),
      row.non2xx,
      row.violations,
      row.verdict,
    ]),
    new Set([1, 2, 3, 4, 5, 7]),
  );
  const notes = rows.flatMap((row) => row.notes.map((note) => `! ${row.kind}: ${note}`));
  if (notes.length > 0) console.log(`\n${notes.join('\n')}`);
  const failed = rows.some((row) => row.verdict === 'FAIL');
  console.log(failed ? '\nFAIL: a target was missed (see above).' : '\nOK: every target met.');
  return failed ? 1 : 0;
}

let kinds: DatabaseKind[] = [];
let memberCount = 200;
let perMember = 5;
try {
  kinds = databasesFromEnv();
  memberCount = integerFromEnv('BENCH_ORDERS_MEMBERS', 200, 1, 5_000);
  perMember = integerFromEnv('BENCH_ORDERS_PER_MEMBER', 5, 1, 100);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
// Bound: per database the app start (≤ 300 s when it builds the web app) and a generous load.
await runWithCleanup(() => main(kinds, memberCount, perMember), (420 + kinds.length * 240) * 1000);
