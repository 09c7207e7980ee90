// `npm run bench:web`: Lighthouse (default config: mobile emulation, simulated throttling) on the
// landing page and the login page of the built app, then, signed in as a learner who is an approved
// member of the running competition, on /home, /group, /journal and its leaderboard; plus the
// gzipped JavaScript each page loads first.
//
// Starts the app like `npm start` (which builds the web app when its sources changed) on a free port
// with a temporary DATA_DIR, launches Debian's chromium (or CHROMIUM_PATH) headless with a fresh
// profile, and prints the four category scores, LCP, the JavaScript and, for every category under
// 100, the audits that cost points. BENCH_WEB_ASSERT=1 turns the targets into an exit code.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import {
  BENCH_USER,
  BenchError,
  makeTempDir,
  onCleanup,
  repoRoot,
  runWithCleanup,
  startApp,
} from './processes.ts';
import { median } from './stats';
import { plantBenchSession } from './web-session.ts';

/**
 * BENCH_WEB_PAGES=/,/login,/pricing audits other pages (comma-separated paths);
 * BENCH_WEB_REPORT_DIR=.bench/lighthouse keeps each page's full Lighthouse report (JSON) there, with
 *   its trace (name.trace.json: every task on the page's main thread, for finding a long one).
 */
const pathList = (value: string) =>
  value
    .split(',')
    .map((page) => page.trim())
    .filter((page) => page.startsWith('/'));
const PAGES = pathList(process.env.BENCH_WEB_PAGES ?? '/,/login');
/** Audited with a session in place (BENCH_WEB_SIGNED_IN_PAGES; empty: none). */
const SIGNED_IN_PAGES = pathList(
  process.env.BENCH_WEB_SIGNED_IN_PAGES ?? '/home,/group,/journal,/group/group-running/leaderboard',
);
/**
 * BENCH_WEB_RUNS=3 audits every page three times, in rounds (each round visits every page once, so a
 * slow minute of the host falls on all pages alike), and reports each page by its median run by
 * performance: a signed-in page's score follows the host's speed at that moment (bench/README.md).
 */
const RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_WEB_RUNS ?? 1)) || 1);
/**
 * BENCH_WEB_CPU_SLOWDOWN=5.4 simulates a slower host than this one (Lighthouse's default is 4×): on a
 * host of benchmark index ~2,700, 4 × 2,700 ÷ 2,000 ≈ 5.4 measures what a host of index ~2,000 (the
 * one issue 43 names) measures at 4×.
 */
const CPU_SLOWDOWN = Number(process.env.BENCH_WEB_CPU_SLOWDOWN ?? 4);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The targets BENCH_WEB_ASSERT=1 enforces. */
const PUBLIC_TARGETS = {
  performance: 99,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  lcpMs: 1500,
  javascriptGzipBytes: 100 * 1024,
};
/**
 * Signed-in pages (issue 19): performance ≥ 95, accessibility 100, LCP < 2 s. They are not for
 * search engines (noindex), and their JavaScript is reported, not capped.
 */
const SIGNED_IN_TARGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 0,
  lcpMs: 2000,
  javascriptGzipBytes: Number.POSITIVE_INFINITY,
};

type AuditResult = Result['audits'][string];
type PageReport = {
  page: string;
  signedIn: boolean;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs: number | null;
  /** Total blocking time (ms): the metric that moves a signed-in page's score most. */
  tbtMs: number | null;
  /** Lighthouse's measure of this machine's CPU at the time of the audit (higher is faster). */
  benchmarkIndex: number | null;
  scripts: { path: string; gzipBytes: number; source: string }[];
  javascriptGzipBytes: number;
  findings: string[];
  warnings: string[];
  /** Set when Lighthouse could not audit the page at all (e.g. NO_FCP: nothing painted). */
  runtimeError?: string;
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function gzippedSize(distDir: string, url: string, transferSize: number): { bytes: number; source: string } {
  const { pathname } = new URL(url);
  const file = path.join(distDir, decodeURIComponent(pathname));
  if (!file.startsWith(distDir + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
    return { bytes: transferSize, source: 'not in dist: transfer size' };
  }
  if (existsSync(`${file}.gz`)) return { bytes: statSync(`${file}.gz`).size, source: '.gz' };
  return { bytes: gzipSync(readFileSync(file), { level: 9 }).length, source: 'gzipped here' };
}

/** A short line for one row of an audit's details (a DOM node, a URL, a console message…). */
function describeItem(item: Record<string, unknown>): string | null {
  const node = item.node as { snippet?: string; selector?: string; nodeLabel?: string } | undefined;
  const source = item.source as { url?: string } | undefined;
  const candidates = [
    node?.selector && node.snippet ? `${node.selector}  ${node.snippet}` : undefined,
    node?.snippet,
    typeof item.description === 'string' ? item.description : undefined,
    typeof item.url === 'string' ? item.url : undefined,
    source?.url,
    typeof item.label === 'string' ? item.label : undefined,
  ];
  const text = candidates.find((candidate) => typeof candidate === 'string' && candidate.trim() !== '');
  return text ? text.replace(/\s+/g, ' ').slice(0, 160) : null;
}

function failingAudits(lhr: Result, categoryId: string, erroredInsights: Set<string>): string[] {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  const lines: { weight: number; score: number; text: string[] }[] = [];
  for (const ref of category.auditRefs) {
    const audit: AuditResult | undefined = lhr.audits[ref.id];
    if (!audit) continue;
    if (audit.scoreDisplayMode === 'error') {
      // Weightless insights that need Node 22 (iterator helpers) error on Node 20: listed apart.
      if (ref.weight === 0) {
        erroredInsights.add(audit.title);
        continue;
      }
      lines.push({
        weight: ref.weight,
        score: 0,
        text: [`${audit.title}: audit errored (${audit.errorMessage})`],
      });
      continue;
    }
    if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
    if (audit.score === null || audit.score >= 1) continue;
    const score = Math.round(audit.score * 100);
    const head =
      `${audit.title}${audit.displayValue ? ` — ${audit.displayValue}` : ''}` +
      ` (score ${score}${ref.weight > 0 ? `, weight ${ref.weight}` : ''})`;
    const text = [head];
    const details = audit.details as { type?: string; items?: Record<string, unknown>[] } | undefined;
    const tabular = details?.type === 'table' || details?.type === 'opportunity';
    const described = tabular && Array.isArray(details?.items) ? details.items.map(describeItem) : [];
    const shown = described.filter((line): line is string => line !== null);
    for (const line of shown.slice(0, 3)) text.push(`    ${line}`);
    if (shown.length > 3) text.push(`    … and ${shown.length - 3} more`);
    lines.push({ weight: ref.weight, score: audit.score, text });
  }
  lines.sort((a, b) => b.weight - a.weight || a.score - b.score);
  return lines.flatMap((line) => [`  - ${line.text[0]}`, ...line.text.slice(1).map((text) => `  ${text}`)]);
}

/**
 * One page's report. Lighthouse sometimes fails to record a load's trace (NO_NAVSTART and its kin,
 * whose message asks to "run Lighthouse again"): the page is audited once more, and said so; a page
 * that fails twice, or fails otherwise (nothing painted), is reported as it is.
 */
async function audit(
  baseUrl: string,
  page: string,
  port: number,
  distDir: string,
  signedIn: boolean,
): Promise<PageReport> {
  const first = await auditOnce(baseUrl, page, port, distDir, signedIn);
  if (!first.runtimeError || !/run Lighthouse again/i.test(first.runtimeError)) return first;
  console.log(`lighthouse: ${page} again: ${first.runtimeError}`);
  const second = await auditOnce(baseUrl, page, port, distDir, signedIn);
  second.warnings.push(`audited twice: the first run failed with ${first.runtimeError}`);
  return second;
}

/** How long Lighthouse waits for a signed-in page to settle (see auditOnce). */
const SIGNED_IN_MAX_WAIT_MS = 12_000;

async function auditOnce(
  baseUrl: string,
  page: string,
  port: number,
  distDir: string,
  signedIn: boolean,
): Promise<PageReport> {
  const started = Date.now();
  // Signed in: the session planted in the profile's localStorage must survive Lighthouse's reset.
  // Skipping that reset also skips its emptying of the HTTP cache, so each page would reuse the
  // scripts the pages audited before it fetched (the first one audited paid for all of them): the
  // cache is emptied here instead, and every page is measured as a first visit with a session.
  if (signedIn) await clearHttpCache(port);
  const runnerResult = await lighthouse(`${baseUrl}${page}`, {
    port,
    output: 'json',
    logLevel: 'error',
    disableStorageReset: signedIn,
    ...(CPU_SLOWDOWN !== 4 ? { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } } : {}),
    // A signed-in page keeps its live event stream open, a fetch (EventSource cannot send the bearer
    // header), which Lighthouse counts as a request the page still waits for (it exempts only
    // EventSource and WebSocket), so it would wait out its 45 s limit on every signed-in page. These
    // pages settle in about 3 s here; 12 s keeps a wide margin and every metric's trace.
    ...(signedIn ? { maxWaitForLoad: SIGNED_IN_MAX_WAIT_MS } : {}),
  });
  if (!runnerResult) throw new BenchError(`Lighthouse returned nothing for ${page}.`);
  const { lhr } = runnerResult;
  if (process.env.BENCH_WEB_REPORT_DIR) {
    // The full report, for digging into a score (long tasks, the trace's timings, every audit).
    const file = path.resolve(
      process.env.BENCH_WEB_REPORT_DIR,
      // One file per audit: with BENCH_WEB_RUNS > 1 each round's report is kept beside the others.
      `${page.replace(/\W+/g, '_') || 'root'}-${new Date(started).toISOString().replace(/\D/g, '').slice(8, 14)}.json`,
    );
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(lhr, null, 1));
    const trace = (runnerResult.artifacts as { Trace?: unknown }).Trace;
    if (trace) writeFileSync(file.replace(/\.json$/, '.trace.json'), JSON.stringify(trace));
    console.log(`lighthouse: the full report of ${page} is in ${file}`);
  }
  console.log(`lighthouse: ${page} audited in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const scores = Object.fromEntries(
    CATEGORIES.map((id) => {
      const score = lhr.categories[id]?.score;
      return [id, typeof score === 'number' ? Math.round(score * 100) : null];
    }),
  ) as PageReport['scores'];

  const requests =
    (
      lhr.audits['network-requests']?.details as
        | { items?: { url: string; resourceType?: string; transferSize?: number }[] }
        | undefined
    )?.items ?? [];
  const seen = new Set<string>();
  const scripts: PageReport['scripts'] = [];
  for (const request of requests) {
    if (request.resourceType !== 'Script' || seen.has(request.url)) continue;
    seen.add(request.url);
    const { bytes, source } = gzippedSize(distDir, request.url, request.transferSize ?? 0);
    scripts.push({ path: new URL(request.url).pathname, gzipBytes: bytes, source });
  }

  const findings: string[] = [];
  const erroredInsights = new Set<string>();
  for (const id of CATEGORIES) {
    const score = scores[id];
    if (score === null || score >= 100) continue;
    const lines = failingAudits(lhr, id, erroredInsights);
    findings.push(`${id} ${score}:`, ...(lines.length > 0 ? lines : ['  (no single audit below 100)']));
  }
  if (erroredInsights.size > 0) {
    findings.push(
      `unscored insights that errored (Lighthouse 13 needs Node ≥ 22; this is ${process.version}): ` +
        [...erroredInsights].join(', '),
    );
  }
  if (lhr.runtimeError) {
    // Nothing was scored; what the browser console said is usually the reason.
    const consoleItems =
      (lhr.audits['errors-in-console']?.details as { items?: Record<string, unknown>[] } | undefined)
        ?.items ?? [];
    for (const item of consoleItems.slice(0, 5)) {
      const line = describeItem(item);
      if (line) findings.push(`browser console: ${line}`);
    }
  }

  return {
    page,
    signedIn,
    scores,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? null,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? null,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    scripts,
    javascriptGzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
    findings,
    warnings: lhr.runWarnings.map((warning) =>
      signedIn && /loaded too slowly/.test(String(warning))
        ? `${warning} (expected on a signed-in page: Lighthouse waits for its open event stream until ${SIGNED_IN_MAX_WAIT_MS / 1000} s)`
        : String(warning),
    ),
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
  };
}

/**
 * When Lighthouse cannot audit a page (nothing painted), load it once more in a separate, short-lived
 * headless chromium with console logging on and report what the page's console said: usually the
 * reason (an exception while the app starts). Bounded by a 60 s timeout.
 */
function diagnoseBlankPage(chromePath: string, url: string): Promise<string[]> {
  const profile = makeTempDir('candlewise-bench-diagnose-');
  const args = [
    ...CHROMIUM_FLAGS,
    `--user-data-dir=${profile}`,
    '--enable-logging=stderr',
    '--v=0',
    '--virtual-time-budget=10000',
    '--dump-dom',
    url,
  ];
  return new Promise((resolve) => {
    const child = spawn(chromePath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let dom = '';
    let log = '';
    child.stdout.on('data', (chunk) => {
      dom += chunk;
    });
    child.stderr.on('data', (chunk) => {
      log += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const finish = () => {
      clearTimeout(timer);
      const lines = log
        .split('\n')
        .filter((line) => line.includes(':CONSOLE'))
        .map((line) => `browser console: ${line.replace(/^\[[^\]]*\]\s*/, '').slice(0, 240)}`);
      const emptyRoot = /<div id="root"><\/div>/.test(dom);
      if (emptyRoot)
        lines.unshift('the DOM after 10 s of virtual time: <div id="root"></div> is still empty');
      resolve([...new Set(lines)].slice(0, 10));
    };
    child.on('exit', finish);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve([`could not start chromium for the diagnosis: ${error.message}`]);
    });
  });
}

/**
 * A page's report from its median run by performance (the lower middle one of an even count; a run
 * Lighthouse could not audit counts as the lowest), with every run kept for the summary line.
 */
function medianRun(runs: PageReport[]): PageReport & { runs: PageReport[] } {
  const score = (run: PageReport) => (run.runtimeError ? -1 : (run.scores.performance ?? -1));
  const sorted = [...runs].sort((a, b) => score(a) - score(b));
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], runs };
}

function targetMisses(report: PageReport): string[] {
  const TARGETS = report.signedIn ? SIGNED_IN_TARGETS : PUBLIC_TARGETS;
  const misses: string[] = [];
  for (const id of CATEGORIES) {
    const score = report.scores[id];
    if (score === null || score < TARGETS[id]) misses.push(`${id} ${score ?? 'n/a'} < ${TARGETS[id]}`);
  }
  if (report.lcpMs === null || report.lcpMs >= TARGETS.lcpMs) {
    misses.push(`LCP ${report.lcpMs === null ? 'n/a' : Math.round(report.lcpMs)} ms ≥ ${TARGETS.lcpMs} ms`);
  }
  if (report.javascriptGzipBytes > TARGETS.javascriptGzipBytes) {
    misses.push(`JavaScript ${kb(report.javascriptGzipBytes)} > ${kb(TARGETS.javascriptGzipBytes)} gzipped`);
  }
  return misses;
}

/** Empties chromium's HTTP cache (not its storage: the planted session stays). */
async function clearHttpCache(port: number): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const tab = await browser.newPage();
    const session = await tab.createCDPSession();
    await session.send('Network.clearBrowserCache');
    await tab.close();
  } finally {
    await browser.disconnect();
  }
}

/** The bench user's session in the audited chromium (web-session.ts), planted once. */
async function plantSession(baseUrl: string, port: number): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    await plantBenchSession(browser, baseUrl);
  } finally {
    await browser.disconnect();
  }
  console.log(`session: signed in as ${BENCH_USER.email}, an approved member of group-running`);
}

async function main(): Promise<number> {
  if (!(CPU_SLOWDOWN >= 1 && CPU_SLOWDOWN <= 20)) {
    throw new BenchError(
      `BENCH_WEB_CPU_SLOWDOWN must be a number from 1 to 20, not "${process.env.BENCH_WEB_CPU_SLOWDOWN}".`,
    );
  }
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) {
    throw new BenchError(
      `Chromium not found at ${chromePath}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  const assert = process.env.BENCH_WEB_ASSERT === '1';
  if (PAGES.length === 0) throw new BenchError('BENCH_WEB_PAGES lists no path starting with /.');
  const distDir = path.resolve(process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist'));

  const app = await startApp({ withUser: SIGNED_IN_PAGES.length > 0 });

  const userDataDir = makeTempDir('candlewise-bench-chromium-');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir,
    logLevel: 'silent',
    handleSIGINT: false,
  });
  onCleanup('stop chromium', async () => {
    await Promise.race([chrome.kill(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  });
  console.log(`chromium: ${chromePath} on debugging port ${chrome.port}`);

  // Every run of every page, in rounds; the signed-out pages first (the session is planted once).
  const runs = new Map<string, PageReport[]>();
  const record = (key: string, report: PageReport) => runs.set(key, [...(runs.get(key) ?? []), report]);
  for (let round = 1; round <= RUNS; round++) {
    if (RUNS > 1) console.log(`round ${round} of ${RUNS}`);
    for (const page of PAGES) {
      const report = await audit(app.baseUrl, page, chrome.port, distDir, false);
      if (report.runtimeError)
        report.findings.push(...(await diagnoseBlankPage(chromePath, `${app.baseUrl}${page}`)));
      record(page, report);
    }
  }
  if (SIGNED_IN_PAGES.length > 0) {
    await plantSession(app.baseUrl, chrome.port);
    for (let round = 1; round <= RUNS; round++) {
      if (RUNS > 1) console.log(`signed-in round ${round} of ${RUNS}`);
      for (const page of SIGNED_IN_PAGES)
        record(`${page} (signed in)`, await audit(app.baseUrl, page, chrome.port, distDir, true));
    }
  }
  const reports = [...runs.values()].map(medianRun);

  console.log(
    CPU_SLOWDOWN === 4
      ? '\nLighthouse 13, default config (mobile emulation, simulated throttling):'
      : `\nLighthouse 13, mobile emulation, simulated throttling with a ${CPU_SLOWDOWN}× CPU slowdown (BENCH_WEB_CPU_SLOWDOWN; the default is 4×):`,
  );
  let missed = false;
  let unauditable = false;
  for (const report of reports) {
    const score = (id: (typeof CATEGORIES)[number]) => String(report.scores[id] ?? 'n/a');
    console.log(`\n${report.page}${report.signedIn ? ' (signed in)' : ''}`);
    if (report.runs.length > 1) {
      const each = (value: (run: PageReport) => number | null, unit = '') =>
        report.runs
          .map((run) => {
            const figure = value(run);
            return figure === null ? 'n/a' : `${Math.round(figure)}${unit}`;
          })
          .join(', ');
      console.log(
        `  ${report.runs.length} runs: performance ${each((run) => run.scores.performance)}; ` +
          `LCP ${each((run) => run.lcpMs, ' ms')}; total blocking time ${each((run) => run.tbtMs, ' ms')}; ` +
          `host CPU ${each((run) => run.benchmarkIndex)}. The median run by performance:`,
      );
      report.runs.forEach((run, index) => {
        if (run.runtimeError) console.log(`  run ${index + 1} could not be audited: ${run.runtimeError}`);
      });
    }
    console.log(
      `  performance ${score('performance')}  accessibility ${score('accessibility')}  ` +
        `best-practices ${score('best-practices')}  seo ${score('seo')}`,
    );
    const ms = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} ms`);
    console.log(
      `  LCP ${ms(report.lcpMs)}  total blocking time ${ms(report.tbtMs)}  ` +
        `host CPU benchmark ${report.benchmarkIndex === null ? 'n/a' : Math.round(report.benchmarkIndex)}`,
    );
    console.log(
      `  JavaScript ${kb(report.javascriptGzipBytes)} gzipped in ${report.scripts.length} file(s):`,
    );
    for (const script of [...report.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      console.log(`    ${kb(script.gzipBytes).padStart(9)}  ${script.path}  (${script.source})`);
    }
    if (report.runtimeError) {
      unauditable = true;
      console.log(`  Lighthouse could not audit this page: ${report.runtimeError}`);
    } else {
      for (const warning of report.warnings) console.log(`  Lighthouse warning: ${warning}`);
    }
    if (report.findings.length > 0) {
      console.log(report.runtimeError ? '  Diagnosis:' : '  Audits costing points:');
      for (const line of report.findings) console.log(`  ${line}`);
    }
    if (report.runtimeError) continue;
    const misses = targetMisses(report);
    if (misses.length > 0) {
      missed = true;
      console.log(`  Targets missed: ${misses.join('; ')}`);
    } else {
      console.log('  All targets met.');
    }
  }

  const indexes = reports.flatMap((report) =>
    report.runs.flatMap((run) => (run.benchmarkIndex === null ? [] : [run.benchmarkIndex])),
  );
  if (indexes.length > 0) {
    // Lighthouse slows the CPU 4× to turn a 1500–2000 desktop into a mid-tier phone; its docs
    // (throttling.md, "Calibrating the CPU slowdown") suggest 2× on a 1000–1500 machine. The bench
    // keeps 4×, so on a slower or busier host it measures a slower phone than Lighthouse's target,
    // and blocking time, hence performance, moves with this figure between runs.
    console.log(
      `\nHost CPU (Lighthouse benchmarkIndex) during this run: ${Math.round(Math.min(...indexes))}–` +
        `${Math.round(Math.max(...indexes))}; the 4× CPU slowdown is calibrated for 1500–2000` +
        (CPU_SLOWDOWN === 4
          ? '.'
          : `; at ${CPU_SLOWDOWN}× this run measures a host of index ~${Math.round(median(indexes) * (4 / CPU_SLOWDOWN))} (the median's) at 4×.`),
    );
  }
  console.log(
    `\nTargets: public pages performance ≥ ${PUBLIC_TARGETS.performance}, accessibility/best-practices/seo = 100, ` +
      `LCP < ${PUBLIC_TARGETS.lcpMs} ms, JavaScript ≤ ${kb(PUBLIC_TARGETS.javascriptGzipBytes)} gzipped (1 KB = 1,024 bytes); ` +
      `signed-in pages performance ≥ ${SIGNED_IN_TARGETS.performance}, accessibility and best-practices 100, ` +
      `LCP < ${SIGNED_IN_TARGETS.lcpMs} ms (noindex pages: SEO not a target).`,
  );
  if (unauditable) {
    console.log('FAIL: a page could not be audited (see above), so nothing was measured for it.');
    return 1;
  }
  if (!assert) {
    console.log(
      missed ? 'Report only (set BENCH_WEB_ASSERT=1 to fail on missed targets).' : 'All targets met.',
    );
    return 0;
  }
  console.log(missed ? 'FAIL: targets missed (BENCH_WEB_ASSERT=1).' : 'OK: all targets met.');
  return missed ? 1 : 0;
}

await runWithCleanup(main, 15 * 60 * 1000);
