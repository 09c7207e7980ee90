// npm run bench:boot — a signed-in page's start in Chromium at Lighthouse's 4× CPU slowdown, traced,
// alternating between variants of the app, with each variant's main-thread blocking after the first
// paint. It answers "did this change shorten the page's long tasks?" where one Lighthouse audit
// cannot: Lighthouse's score moves with the host's speed more than with a change of tens of
// milliseconds, so variants are measured in turn, many times, from the same traces (bench/README.md).
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { type AppServer, BenchError, makeTempDir, onCleanup, runWithCleanup, startApp } from './processes.ts';
import { median } from './stats';
import { plantBenchSession } from './web-session.ts';

const PAGE = process.env.BENCH_BOOT_PAGE ?? '/group/group-running/leaderboard';
const RUNS = Math.max(1, Math.min(50, Math.floor(Number(process.env.BENCH_BOOT_RUNS ?? 8)) || 8));
/** How long after `load` the trace goes on: the page's reads, the desk and its chart come later. */
const SETTLE_MS = 4000;
/** Lighthouse's mobile CPU slowdown, applied by Chromium itself here (not simulated). */
const CPU_SLOWDOWN = 4;
/** A task longer than this blocks input; the excess is what Lighthouse's total blocking time sums. */
const LONG_TASK_MS = 50;

type Variant = { label: string; env: Record<string, string> };

/**
 * BENCH_BOOT_VARIANTS='before:WEB_DIST_DIR=/tmp/dist-before;after:' — variants separated by `;`,
 * each `label:` and the app's environment for it (`KEY=value`, comma-separated). One app runs per
 * variant. Unset: one variant, the app as built.
 */
function parseVariants(spec: string | undefined): Variant[] {
  if (!spec?.trim()) return [{ label: 'app', env: {} }];
  const variants = spec
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = part.indexOf(':');
      if (colon <= 0) throw new BenchError(`BENCH_BOOT_VARIANTS: "${part}" needs a label and a colon.`);
      const env: Record<string, string> = {};
      for (const assignment of part
        .slice(colon + 1)
        .split(',')
        .filter(Boolean)) {
        const equals = assignment.indexOf('=');
        if (equals <= 0) throw new BenchError(`BENCH_BOOT_VARIANTS: "${assignment}" is not KEY=value.`);
        env[assignment.slice(0, equals).trim()] = assignment.slice(equals + 1).trim();
      }
      return { label: part.slice(0, colon).trim(), env };
    });
  if (new Set(variants.map((variant) => variant.label)).size !== variants.length) {
    throw new BenchError('BENCH_BOOT_VARIANTS: each variant needs its own label.');
  }
  return variants;
}

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string } };
};

type BootMetrics = {
  /** First contentful paint after navigation start (ms). */
  fcpMs: number;
  /** Σ (task − 50 ms) over the main thread's tasks after the first paint: Lighthouse's TBT, measured. */
  blockingMs: number;
  longestMs: number;
  /** Main-thread time in tasks after the first paint. */
  busyMs: number;
  /** The long tasks after the first paint: start (ms after navigation) and length, with what ran. */
  longTasks: { atMs: number; ms: number; what: string }[];
};

/** What a long task spent its time on: its largest top-level script, style, layout or paint events. */
function describeTask(task: TraceEvent, events: TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const inside = events.filter(
    (event) =>
      event !== task &&
      event.ts >= task.ts &&
      event.ts + (event.dur ?? 0) <= end &&
      /^(EvaluateScript|FunctionCall|v8\.evaluateModule|RunMicrotasks|TimerFire|FireAnimationFrame|Layout|UpdateLayoutTree|ParseHTML|Paint)$/.test(
        event.name,
      ),
  );
  const totals = new Map<string, number>();
  for (const event of inside) {
    const file = event.args?.data?.url?.split('/').pop();
    const key = file ? `${event.name} ${file}` : event.name;
    totals.set(key, (totals.get(key) ?? 0) + (event.dur ?? 0) / 1000);
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([key, ms]) => `${key} ${ms.toFixed(0)}`)
    .join(', ');
}

/** The metrics of one trace (Chrome's JSON trace format), from the page's main thread. */
function bootMetrics(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): BootMetrics {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const mainThreads = new Set(
    events
      .filter(
        (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
      )
      .map((event) => `${event.pid}:${event.tid}`),
  );
  // The page's renderer is the one that painted first content.
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) throw new BenchError('The trace has no first contentful paint: the page did not paint.');
  const navigation = events.find((event) => event.name === 'navigationStart' && event.pid === fcp.pid);
  const thread = [...mainThreads].find((key) => key.startsWith(`${fcp.pid}:`));
  if (!thread) throw new BenchError('The trace has no main thread for the page.');
  const onMain = events.filter((event) => `${event.pid}:${event.tid}` === thread && event.ph === 'X');
  const tasks = onMain.filter((event) => event.name === 'RunTask' && event.ts > fcp.ts);
  const ms = (event: TraceEvent) => (event.dur ?? 0) / 1000;
  const start = navigation?.ts ?? fcp.ts;
  return {
    fcpMs: (fcp.ts - start) / 1000,
    blockingMs: tasks.reduce((sum, task) => sum + Math.max(0, ms(task) - LONG_TASK_MS), 0),
    longestMs: tasks.reduce((longest, task) => Math.max(longest, ms(task)), 0),
    busyMs: tasks.reduce((sum, task) => sum + ms(task), 0),
    longTasks: tasks
      .filter((task) => ms(task) > LONG_TASK_MS)
      .map((task) => ({ atMs: (task.ts - start) / 1000, ms: ms(task), what: describeTask(task, onMain) })),
  };
}

async function traceOnce(browser: Browser, app: AppServer, file: string): Promise<BootMetrics> {
  const tab = await browser.newPage();
  try {
    // Lighthouse's mobile screen (Moto G Power): what is below the fold there stays below it here.
    await tab.setViewport({
      width: 412,
      height: 823,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await tab.tracing.start({
      path: file,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'blink.user_timing',
        'loading',
      ],
    });
    await tab.goto(`${app.baseUrl}${PAGE}`, { waitUntil: 'load' });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    await tab.tracing.stop();
  } finally {
    await tab.close();
  }
  return bootMetrics(JSON.parse(readFileSync(file, 'utf8')));
}

async function main(): Promise<number> {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const variants = parseVariants(process.env.BENCH_BOOT_VARIANTS);
  const keep = process.env.BENCH_BOOT_TRACE_DIR;
  const traceDir = keep ? path.resolve(keep) : makeTempDir('candlewise-boot-traces-');
  mkdirSync(traceDir, { recursive: true });

  const apps: { variant: Variant; app: AppServer }[] = [];
  for (const variant of variants)
    apps.push({ variant, app: await startApp({ withUser: true, env: variant.env }) });
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  onCleanup('stop chromium', () => browser.close());
  // Each app is its own origin (port), so each has its own planted session.
  for (const { app } of apps) await plantBenchSession(browser, app.baseUrl);

  console.log(
    `${PAGE}, ${RUNS} runs per variant, alternating (order flips every run), ${CPU_SLOWDOWN}× CPU, 412×823 mobile:`,
  );
  const results = new Map<string, BootMetrics[]>(variants.map((variant) => [variant.label, []]));
  for (let run = 0; run < RUNS; run++) {
    for (const { variant, app } of run % 2 === 0 ? apps : [...apps].reverse()) {
      const file = path.join(traceDir, `${variant.label}-${run + 1}.json`);
      const metrics = await traceOnce(browser, app, file);
      results.get(variant.label)?.push(metrics);
      if (!keep) rmSync(file, { force: true });
      console.log(
        `  ${variant.label} #${run + 1}: blocking ${metrics.blockingMs.toFixed(0)} ms, longest task ` +
          `${metrics.longestMs.toFixed(0)} ms, busy ${metrics.busyMs.toFixed(0)} ms, first paint ${metrics.fcpMs.toFixed(0)} ms`,
      );
    }
  }

  console.log('\nAfter the first paint (medians; the spread is every run):');
  for (const [label, runs] of results) {
    const blocking = runs.map((run) => run.blockingMs);
    console.log(
      `${label}: blocking ${median(blocking).toFixed(0)} ms [${Math.min(...blocking).toFixed(0)}–${Math.max(...blocking).toFixed(0)}], ` +
        `longest task ${median(runs.map((run) => run.longestMs)).toFixed(0)} ms, ` +
        `busy ${median(runs.map((run) => run.busyMs)).toFixed(0)} ms, ` +
        `first paint ${median(runs.map((run) => run.fcpMs)).toFixed(0)} ms`,
    );
    const middle = [...runs].sort((a, b) => a.blockingMs - b.blockingMs)[Math.floor((runs.length - 1) / 2)];
    for (const task of middle.longTasks) {
      console.log(`    long task at ${task.atMs.toFixed(0)} ms: ${task.ms.toFixed(0)} ms (${task.what})`);
    }
  }
  if (keep) console.log(`\nTraces: ${traceDir} (open one in Chrome DevTools' Performance panel).`);
  return 0;
}

await runWithCleanup(main, 30 * 60_000);
