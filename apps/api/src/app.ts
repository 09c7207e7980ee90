import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { DatabaseHandle } from '@candlewise/db';
import multipart from '@fastify/multipart';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type Stripe from 'stripe';
import type { AppConfig } from './config.ts';
import { TradingEngine } from './engine/trading-engine.ts';
import {
  type AttemptCounter,
  createDatabaseAttemptCounter,
  createRedisAttemptCounter,
} from './lib/attempt-counter.ts';
import { BackgroundWork } from './lib/background-work.ts';
import { CallerGenerations } from './lib/caller-generations.ts';
import { TtlCache } from './lib/ttl-cache.ts';
import { authenticationPlugin } from './plugins/authentication.ts';
import { crossOriginPlugin } from './plugins/cross-origin.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { liveStreamsPlugin } from './plugins/live-streams.ts';
import { onboardingGatePlugin } from './plugins/onboarding-gate.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { spaPlugin } from './plugins/spa.ts';
import type { BrokerAdapters } from './providers/broker/broker-adapter.ts';
import { createBrokerAdapters } from './providers/broker/create-broker-adapters.ts';
import { createMemoryEventBus, type EventBus } from './providers/events/event-bus.ts';
import { createConsoleMailer, createSmtpMailer, type Mailer } from './providers/mail/mailer.ts';
import { createMarketDataProviders } from './providers/market-data/create-market-data-providers.ts';
import type { MarketDataProviders } from './providers/market-data/market-data-provider.ts';
import { createPaymentProvider } from './providers/payments/create-payment-provider.ts';
import type { PaymentProvider } from './providers/payments/payment-provider.ts';
import {
  createConsoleSmsSender,
  createWebhookSmsSender,
  type SmsSender,
} from './providers/sms/sms-sender.ts';
import { createDiskStorage, type FileStorage } from './providers/storage/file-storage.ts';
import { adminContactRoutes } from './routes/admin/admin-contact-routes.ts';
import { adminCourseRoutes } from './routes/admin/admin-course-routes.ts';
import { adminDrillRoutes } from './routes/admin/admin-drill-routes.ts';
import { adminJournalRoutes } from './routes/admin/admin-journal-routes.ts';
import { adminMarketRoutes } from './routes/admin/admin-market-routes.ts';
import { adminProgressRoutes } from './routes/admin/admin-progress-routes.ts';
import { adminQuizRoutes } from './routes/admin/admin-quiz-routes.ts';
import { adminUserRoutes } from './routes/admin/admin-user-routes.ts';
import { authRoutes } from './routes/auth/auth-routes.ts';
import { brokerRoutes } from './routes/broker/broker-routes.ts';
import { challengeRoutes } from './routes/challenges/challenge-routes.ts';
import { contactRoutes } from './routes/contact/contact-routes.ts';
import { certificateRoutes } from './routes/courses/certificate-routes.ts';
import { courseRoutes } from './routes/courses/course-routes.ts';
import { drillRoutes } from './routes/courses/drill-routes.ts';
import { lessonPlayerRoutes } from './routes/courses/lesson-player-routes.ts';
import { adminLearningLinkRoutes, practiseNextRoutes } from './routes/courses/practise-next-routes.ts';
import { courseProgressRoutes } from './routes/courses/progress-routes.ts';
import { quizRoutes } from './routes/courses/quiz-routes.ts';
import { devOutboxRoutes } from './routes/dev/dev-outbox-routes.ts';
import { groupRoutes } from './routes/groups/group-routes.ts';
import { healthRoutes } from './routes/health/health-routes.ts';
import { journalRoutes } from './routes/journal/journal-routes.ts';
import { journalTradeDetailRoutes } from './routes/journal/journal-trade-detail-routes.ts';
import { localCliRoutes } from './routes/local-cli/local-cli-routes.ts';
import { adminNewsRoutes } from './routes/news/admin-news-routes.ts';
import { newsRoutes } from './routes/news/news-routes.ts';
import { notificationRoutes } from './routes/notifications/notification-routes.ts';
import { planRoutes } from './routes/plans/plan-routes.ts';
import { practiceRoutes } from './routes/practice/practice-routes.ts';
import { tradingRoutes } from './routes/trading/trading-routes.ts';
import { userRoutes } from './routes/users/user-routes.ts';
import { SignInGuard } from './services/auth/sign-in-guard.ts';
import { announceNotifications, recordNotifications } from './services/notifications/notify.ts';
import { OrderDesk } from './services/trading/order-desk.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    mailer: Mailer;
    smsSender: SmsSender;
    fileStorage: FileStorage;
    eventBus: EventBus;
    paymentProvider: PaymentProvider;
    tradingEngine: TradingEngine;
    /** Traders' orders, cancels and closes: one ordered writer, batched (services/trading/order-desk.ts). */
    orderDesk: OrderDesk;
    /** Hot reads served from memory for a moment (group list, memberships, standings). */
    readCache: TtlCache;
    /**
     * Writes this process has answered (any method but GET/HEAD): part of the key of reads a write
     * elsewhere may change (e.g. a notification from an approval), so they are read again here.
     */
    writesHandled: { count: number };
    /** Each user's writes answered here (lib/caller-generations.ts): part of their cached reads' keys. */
    callerGenerations: CallerGenerations;
    /**
     * One of the caller's reads (behind `authenticateCached`) as checked JSON text, kept for at most
     * a second under their change generations (Redis, and this process's) and this process's count
     * of writes that may touch someone else's data (docs/decisions/019).
     */
    readForCaller(request: FastifyRequest, what: string, load: () => Promise<string>): Promise<string>;
    stripeClient: Stripe | null;
    redis: Redis | null;
    brokerAdapters: BrokerAdapters;
    /** Password guessing limits, counted before the answer (services/auth/sign-in-guard.ts). */
    signInGuard: SignInGuard;
    /** Attempt counters (Redis, or the database without it): limits counted before the answer. */
    attempts: AttemptCounter;
    /** Work done after the answer left (so its duration tells nothing). */
    background: BackgroundWork;
    /** Now, for course drip release and certificates (tests pass a fixed clock). */
    clock: () => Date;
  }
}

export type BuildAppOptions = {
  config: AppConfig;
  database: DatabaseHandle;
  redis?: Redis;
  mailer?: Mailer;
  smsSender?: SmsSender;
  fileStorage?: FileStorage;
  /** Live events; Redis pub/sub when several processes run (server.ts builds it). */
  eventBus?: EventBus;
  /** Seed of the simulated market (the same seed, the same prices). */
  marketSeed?: number;
  /** Broker adapters (tests point them at local servers). */
  brokerAdapters?: BrokerAdapters;
  /** Live market-data providers (tests pass local or fake ones); default: from the configuration. */
  marketDataProviders?: MarketDataProviders;
  /**
   * The key of POST /api/v1/local-cli, the CLI's way in while this server owns the embedded
   * database (server.ts writes it to DATA_DIR/cli-access.json); without it the route does not exist.
   */
  localCliSecret?: string;
  /** A live quote older than this is stale (default 5 s). */
  quoteStaleAfterMs?: number;
  /** How long the engine's leases outlive their last renewal (tests of a paused process; default 3 s). */
  engineLeaseTtlMs?: number;
  /** pino options, or false to silence (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Now, for course drip release and certificates (default: the system clock). */
  clock?: () => Date;
};

export const API_PREFIX = '/api/v1';
/** How long a cached read of one caller may be served (issue 19: visible everywhere within a second). */
const READ_FOR_CALLER_MS = 1000;

/**
 * Never logged: tokens, passwords, codes and broker credentials (the connect form's `fields`).
 * Fastify does not log bodies, but anything that logs an object carrying them is redacted too.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.code',
  '*.fields',
  '*.credentials',
  '*.secretKey',
  '*.accessToken',
];

/**
 * Fastify ignores X-Forwarded-For altogether for a bare hop count, so every client behind the proxy
 * would share its address (and its limits). A count trusts the socket's peer and the entries the
 * proxies before it appended, the last `hops` addresses; what the client wrote stays untrusted.
 */
function trustedProxies(setting: AppConfig['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** Builds the whole app without listening: the server and the tests (app.inject) both start here. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: LOG_REDACT_PATHS,
    },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    trustProxy: trustedProxies(config.trustProxy),
    // One connection can hold a live stream for a long time; everything else answers quickly.
    requestTimeout: 0,
    // The router's own refusals (a path that is not valid UTF-8, a path parameter over 100
    // characters) answer in the API envelope too, before any route or hook runs.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const raw = reply as unknown as FastifyReply;
      void raw
        .code(tooLong ? 414 : 400)
        .type('application/json; charset=utf-8')
        .send({
          success: false,
          message: tooLong
            ? 'A part of the address is too long. Check the link and try again.'
            : 'The address contains characters that are not allowed. Check the link and try again.',
          code: 'BAD_REQUEST',
        });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', options.database);
  app.decorate('redis', options.redis ?? null);
  // Without real transports, messages go to the log and (outside production) the dev outbox.
  const outbox = config.isProduction ? undefined : options.database.db;
  app.decorate(
    'mailer',
    options.mailer ??
      (config.smtpUrl
        ? createSmtpMailer(config.smtpUrl, config.mailFrom)
        : createConsoleMailer(app.log, outbox)),
  );
  app.decorate(
    'smsSender',
    options.smsSender ??
      (config.smsWebhookUrl
        ? createWebhookSmsSender(config.smsWebhookUrl, config.smsWebhookToken)
        : createConsoleSmsSender(app.log, outbox)),
  );
  app.decorate('eventBus', options.eventBus ?? createMemoryEventBus());
  const payments = createPaymentProvider(config);
  app.decorate('paymentProvider', payments.provider);
  app.decorate('stripeClient', payments.stripe);
  // The engine is built here; the server starts its clock (tests tick it by hand).
  const engine = new TradingEngine({
    db: options.database.db,
    bus: app.eventBus,
    log: app.log,
    seed: options.marketSeed ?? 20261121,
    // The engine imports no service: the notification service is handed to it here.
    notifier: {
      record: recordNotifications,
      announce: (announcements) => announceNotifications(app.eventBus, announcements),
    },
    pool: options.database.pool,
    providers: options.marketDataProviders ?? createMarketDataProviders(config, app.log),
    staleAfterMs: options.quoteStaleAfterMs,
    leaseTtlMs: options.engineLeaseTtlMs,
  });
  await engine.load();
  app.decorate('tradingEngine', engine);
  const orderDesk = new OrderDesk(options.database.db, engine, app.log);
  app.decorate('orderDesk', orderDesk);
  app.decorate('readCache', new TtlCache());
  app.decorate(
    'attempts',
    options.redis
      ? createRedisAttemptCounter(options.redis, config.redisPrefix)
      : createDatabaseAttemptCounter(options.database.db),
  );
  app.decorate('signInGuard', new SignInGuard(options.database.db, app.attempts, app.eventBus));
  const background = new BackgroundWork(app.log);
  app.decorate('background', background);
  app.addHook('onClose', () => background.flush());
  app.decorate('brokerAdapters', options.brokerAdapters ?? createBrokerAdapters(config));
  app.addHook('onClose', async () => {
    await orderDesk.flush();
    await engine.stop();
  });
  app.decorate('fileStorage', options.fileStorage ?? createDiskStorage(path.join(config.dataDir, 'uploads')));

  app.decorate('clock', options.clock ?? (() => new Date()));
  app.decorate('writesHandled', { count: 0 });
  app.decorate('callerGenerations', new CallerGenerations());
  // The caller's change generation (Redis, bumped by every write by or to them, on any process,
  // before that write answers) makes their next read miss anywhere, and their generation here
  // does the same on this process without Redis. This process's write count makes every read
  // here miss after a write that may touch someone else's data (an approval, a broadcast, an
  // admin edit); a write that touches only the caller's own (`keepsUserCache`: orders, drills)
  // leaves everyone else's cached reads alone, or under order flow no cached read would ever be
  // served (issue #40). A second bounds the rest (another process's writes to shared data, the
  // engine's fills and prices).
  app.decorate('readForCaller', (request: FastifyRequest, what: string, load: () => Promise<string>) => {
    const userId = request.currentUser.id;
    return app.readCache.get(
      `caller:${userId}:${request.identityGeneration ?? '-'}:${app.callerGenerations.of(userId)}:${app.writesHandled.count}:${what}`,
      READ_FOR_CALLER_MS,
      load,
    );
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (request.currentUser) app.callerGenerations.bump(request.currentUser.id);
    if (!(request.currentUser && request.routeOptions.config?.keepsUserCache)) app.writesHandled.count += 1;
  });

  // External plugins first, then ours, then the routes (the Fastify demo's order).
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { config });
  await app.register(crossOriginPlugin, { origins: config.corsOrigins });
  await app.register(inputGuardPlugin);
  await app.register(rateLimitPlugin, { redis: options.redis, prefix: config.redisPrefix });
  await app.register(openApiPlugin);
  await app.register(authenticationPlugin);
  await app.register(liveStreamsPlugin);
  await app.register(onboardingGatePlugin);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 5, fields: 20 } });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(contactRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(adminUserRoutes);
      await api.register(notificationRoutes);
      await api.register(courseRoutes);
      await api.register(lessonPlayerRoutes);
      await api.register(adminCourseRoutes);
      await api.register(courseProgressRoutes);
      await api.register(certificateRoutes);
      await api.register(adminProgressRoutes);
      await api.register(drillRoutes);
      await api.register(adminDrillRoutes);
      await api.register(practiseNextRoutes);
      await api.register(adminLearningLinkRoutes);
      await api.register(quizRoutes);
      await api.register(adminQuizRoutes);
      await api.register(adminMarketRoutes);
      await api.register(adminContactRoutes);
      await api.register(planRoutes);
      await api.register(groupRoutes);
      await api.register(challengeRoutes);
      await api.register(tradingRoutes);
      await api.register(practiceRoutes);
      await api.register(newsRoutes);
      await api.register(adminNewsRoutes);
      await api.register(journalRoutes);
      await api.register(journalTradeDetailRoutes);
      await api.register(adminJournalRoutes);
      await api.register(brokerRoutes);
      if (!config.isProduction) await api.register(devOutboxRoutes);
      if (options.localCliSecret) await api.register(localCliRoutes, { secret: options.localCliSecret });
    },
    { prefix: API_PREFIX },
  );

  await app.register(spaPlugin, { config });
  return app;
}
