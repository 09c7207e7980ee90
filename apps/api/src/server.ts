import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, lockDataDir, openDatabase, runMigrations, seedDatabase } from '@candlewise/db';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { removeCliAccess, writeCliAccess } from './lib/cli-access.ts';
import { createRedisEventBus } from './providers/events/event-bus.ts';
import { createBackgroundJobRunner } from './services/jobs/background-jobs.ts';
import { seedSampleReplayBars } from './services/market/replay-bars-admin.ts';
import { NewsPoller } from './services/news/news-poller.ts';
import { seedSampleNews } from './services/news/seed-sample-news.ts';
import { listAdminEmails } from './services/users/list-admins.ts';

const LOOPBACK_OR_ANY = new Set(['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::']);

const startedAt = Date.now();

async function main() {
  const config = loadConfig();

  let releaseDataDir: (() => Promise<void>) | null = null;
  let database: DatabaseHandle;
  if (config.databaseUrl) {
    database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize });
  } else {
    releaseDataDir = await lockDataDir(config.dataDir);
    database = await openDatabase({ dataDir: config.dataDir });
  }

  await runMigrations(database);
  const seeded = await seedDatabase(database.db);
  const sampleNews = await seedSampleNews(database.db);
  const sampleBars = await seedSampleReplayBars(database.db);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const eventBus = redis ? createRedisEventBus(redis, config.redisPrefix) : undefined;
  // On the embedded database this process owns DATA_DIR, so the CLI runs its commands through us
  // (routes/local-cli): from this machine only, with a key that changes at every start.
  const localCli = !config.databaseUrl && LOOPBACK_OR_ANY.has(config.host);
  const localCliSecret = localCli ? randomBytes(32).toString('base64url') : undefined;
  const app = await buildApp({ config, database, redis, eventBus, localCliSecret });
  if (seeded.courses || seeded.groups) {
    app.log.info(seeded, 'seeded the empty database with the sample courses and competitions');
  }

  // The market and the competitions: one process leads (always this one on the embedded database).
  await app.tradingEngine.start();
  if (sampleNews) app.log.info(`seeded ${sampleNews} sample news items`);
  if (sampleBars) app.log.info(`seeded ${sampleBars} sample replay bars (BTCUSD, 10 March 2023)`);

  // Scheduled work as durable jobs in the database (docs/decisions/025-durable-jobs.md): plan
  // expiry and news polling every minute, the broker sync on its interval. One turn of each is
  // queued across all processes; whichever claims it runs it, and a crash only delays it.
  const newsPoller = new NewsPoller({
    db: database.db,
    pool: database.pool,
    log: app.log,
    settings: {
      intervalMinutes: config.news.pollMinutes,
      timeoutMs: config.news.fetchTimeoutMs,
      maxBytes: config.news.maxFeedBytes,
      allowHosts: config.outboundAllowedHosts,
    },
  });
  const jobs = createBackgroundJobRunner({
    db: database.db,
    pool: database.pool,
    log: app.log,
    config,
    bus: app.eventBus,
    brokerAdapters: app.brokerAdapters,
    newsPoller,
    forgetUser: (userId) => app.forgetUser(userId),
  });
  await jobs.start();

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info(`${signal} received: finishing open requests, then closing the database`);
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      // The poll round ends after the sources it has begun; a job still running after the grace
      // period is left to its lease, and another process (or the next start) takes it over.
      await Promise.all([newsPoller.stop(), jobs.stop()]);
      await app.close(); // stops accepting, drains in-flight requests
      await eventBus?.close();
      await redis?.quit();
      await database.close();
      if (localCli) removeCliAccess(config.dataDir);
      await releaseDataDir?.();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (localCliSecret) {
    const { port } = app.server.address() as { port: number };
    writeCliAccess(config.dataDir, {
      url: `http://127.0.0.1:${port}`,
      secret: localCliSecret,
      pid: process.pid,
    });
  }
  const address = `http://localhost:${config.port}`;
  // Allowed on purpose (ALLOW_TEST_PAYMENTS, ALLOW_CONSOLE_MESSAGES), but worth a line at every start.
  const standIns = [
    config.paymentsProvider === 'local' ? 'the test checkout (PAYMENTS_PROVIDER=local)' : null,
    config.smtpUrl ? null : 'mail printed to the log (no SMTP_URL)',
    config.smsWebhookUrl ? null : 'SMS printed to the log (no SMS_WEBHOOK_URL)',
  ].filter((standIn) => standIn !== null);
  if (config.isProduction && standIns.length) {
    app.log.warn(`production is running with ${standIns.join(', ')}`);
  }
  const engine = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(
    [
      '',
      `  Candlewise is ready at ${address}  (started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`,
      `  Database: ${engine}${config.redisUrl ? '; Redis: on' : ''}`,
      config.apiDocs ? `  API docs: ${address}/api/docs` : '  API docs: off (API_DOCS=true serves them)',
      ...adminLines(await listAdminEmails(database.db)),
      '',
    ].join('\n'),
  );
}

/** The banner's word on admins: who they are, or how to make the first (the CLI works while we run). */
function adminLines(admins: string[]): string[] {
  if (admins.length === 0) {
    return [
      '  No admin account yet. Make one (in another terminal; the server can keep running):',
      '    npm run cli -- user:create --email you@example.com --password "a long password" --admin',
    ];
  }
  const shown = admins.slice(0, 3).join(', ');
  const more = admins.length > 3 ? ` and ${admins.length - 3} more` : '';
  return [`  Admins: ${admins.length} (${shown}${more})`];
}

main().catch((error) => {
  if (error instanceof ConfigError || error?.name === 'DataDirLockedError') {
    console.error(`\nCandlewise could not start: ${error.message}\n`);
  } else {
    console.error('\nCandlewise could not start:', error);
  }
  process.exit(1);
});
