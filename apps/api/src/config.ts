import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** A yes/no switch: exactly `true` or `false` (a typo must not silently mean "no"). */
const flag = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .transform((value) => value === 'true');

/**
 * Session tokens are only as strong as this secret: long, and not a repeated or padded word.
 * Counted after trimming, so spaces cannot make up the length.
 */
const MIN_SECRET_LENGTH = 32;
const MIN_SECRET_DISTINCT_CHARACTERS = 10;
function secretProblem(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length < MIN_SECRET_LENGTH) {
    return `must be at least ${MIN_SECRET_LENGTH} characters long, not counting spaces`;
  }
  if (new Set(trimmed).size < MIN_SECRET_DISTINCT_CHARACTERS) {
    return `must be random, with at least ${MIN_SECRET_DISTINCT_CHARACTERS} different characters`;
  }
  return null;
}
const GENERATE_SECRET_HINT = 'generate one with `openssl rand -base64 48`';

/** One proxy address or network: an IP, an IP/prefix, or proxy-addr's loopback|linklocal|uniquelocal. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const version = isIP(address ?? '');
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which X-Forwarded-For entries to believe. The first entry is whatever the client wrote, so only
 * the proxies' own are trusted: a number of proxies in front (each appends the address it saw) or
 * the proxies' addresses. `true` means one proxy, not "believe the whole header".
 */
const trustProxySetting = z
  .string()
  .trim()
  .optional()
  .transform((value, context): false | number | string[] => {
    if (value === undefined || value === 'false') return false;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 10) return hops;
    } else {
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      if (entries.length && entries.every(isProxyAddress)) return entries;
    }
    context.addIssue({
      code: 'custom',
      message:
        'must be the number of proxies in front of the API (1 to 10), or a comma-separated list of their addresses (e.g. 10.0.0.0/8,127.0.0.1), or false',
    });
    return z.NEVER;
  });

/**
 * Web apps on other origins that may call the API: exact origins (scheme, host and port, nothing
 * after), comma-separated. No wildcard: each origin is named.
 */
const corsOriginsSetting = z
  .string()
  .optional()
  .transform((value, context): string[] => {
    const entries = (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => {
      try {
        const url = new URL(entry);
        return !['http:', 'https:'].includes(url.protocol) || url.origin !== entry || entry.includes('*');
      } catch {
        return true;
      }
    });
    if (bad.length) {
      context.addIssue({
        code: 'custom',
        message: `must list exact origins such as https://app.example.org (no wildcard, no path or trailing slash), comma-separated; not ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) => value === undefined || protocols.some((protocol) => value.startsWith(`${protocol}://`)),
      `must start with ${protocols.map((protocol) => `${protocol}://`).join(' or ')}`,
    );

/** Every setting the server reads, each with a working default (README §Configuration). */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  TRUST_PROXY: trustProxySetting,
  CORS_ORIGINS: corsOriginsSetting,
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  /** Namespace of this deployment's Redis keys and channels (default: from the database's name). */
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'may use letters, digits and . _ : - (at most 100)')
    .optional(),
  APP_SECRET: z
    .string()
    .optional()
    .superRefine((value, context) => {
      const problem = value === undefined ? null : secretProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: `${problem} (${GENERATE_SECRET_HINT})` });
    }),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  PRODUCTS_URL: optionalUrl(['http', 'https']),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  SMS_WEBHOOK_URL: optionalUrl(['http', 'https']),
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  MAIL_FROM: z.string().min(3).default('Candlewise <no-reply@candlewise.app>'),
  SUPPORT_EMAIL: z.email().default('support@candlewise.app'),
  PAYMENTS_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  /** Production only: accept the built-in test checkout (no real money moves). */
  ALLOW_TEST_PAYMENTS: flag.default(false),
  /** Production only: accept mail and SMS that are only printed to the log (codes masked). */
  ALLOW_CONSOLE_MESSAGES: flag.default(false),
  /** The OpenAPI UI and JSON at /api/docs (default: on, except in production). */
  API_DOCS: flag.optional(),
  /** How often every open live stream's session (and competition membership) is re-checked. */
  STREAM_RECHECK_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_ID: z.string().optional(),
  /** Only for tests: a local server standing in for the Stripe API, e.g. http://127.0.0.1:12111 */
  STRIPE_API_URL: optionalUrl(['http', 'https']),
  PRO_PRICE_INR: z.coerce.number().int().positive().default(2000),
  /** Broker APIs (tests point them at local servers). Alpaca's paper and live hosts differ. */
  ALPACA_API_URL: z.url({ protocol: /^https?$/ }).default('https://paper-api.alpaca.markets'),
  ALPACA_LIVE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.alpaca.markets'),
  DHAN_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.dhan.co'),
  /** Dhan's sign-in host (generate-consent, the login page, consumeApp-consent). */
  DHAN_AUTH_URL: z.url({ protocol: /^https?$/ }).default('https://auth.dhan.co'),
  BROKER_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  NEWS_POLL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  NEWS_FETCH_TIMEOUT_SECONDS: z.coerce.number().min(1).max(120).default(15),
  NEWS_MAX_FEED_MB: z.coerce.number().positive().max(50).default(5),
  /** Live market data (instruments name their provider under Admin → Markets). */
  BINANCE_STREAM_URL: z.url({ protocol: /^wss?$/ }).default('wss://stream.binance.com:9443'),
  ALPACA_DATA_KEY_ID: z.string().trim().optional(),
  ALPACA_DATA_SECRET_KEY: z.string().trim().optional(),
  ALPACA_DATA_STREAM_URL: z.url({ protocol: /^wss?$/ }).default('wss://stream.data.alpaca.markets'),
  ALPACA_DATA_FEED: z.enum(['iex', 'sip']).default('iex'),
  DHAN_FEED_CLIENT_ID: z.string().trim().optional(),
  DHAN_FEED_ACCESS_TOKEN: z.string().trim().optional(),
  DHAN_FEED_URL: z.url({ protocol: /^wss?$/ }).default('wss://api-feed.dhan.co'),
  /**
   * Hosts that server-side fetches of user-supplied URLs (news sources) may reach although they
   * lead to loopback or private addresses: a comma-separated list, for tests' local servers and an
   * intranet feed on purpose. Everything else on a private network is refused.
   */
  /**
   * Sign-ups accepted from one address in 15 minutes (default 10). The e2e runner, which signs up
   * many learners from 127.0.0.1, raises it; production keeps the default.
   */
  SIGNUPS_PER_IP_PER_15_MIN: z.coerce.number().int().min(1).max(10_000).default(10),
  /**
   * Orders one member may place in a minute (default 60: far above a person's clicks, one a second
   * for a small script). The order bench, whose members order as fast as they can, raises it.
   */
  ORDERS_PER_MEMBER_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  OUTBOUND_ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
});

export type AppConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** TRUST_PROXY: how many proxies in front append to X-Forwarded-For, or their addresses; false: none. */
  trustProxy: false | number | string[];
  /** CORS_ORIGINS: other origins whose web apps may call the API (none by default). */
  corsOrigins: string[];
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  redisUrl?: string;
  /** Every Redis key and channel of this deployment starts with it (ends with ':'). */
  redisPrefix: string;
  appSecret: string;
  publicUrl: string;
  productsUrl: string;
  smtpUrl?: string;
  smsWebhookUrl?: string;
  smsWebhookToken?: string;
  mailFrom: string;
  supportEmail: string;
  paymentsProvider: 'local' | 'stripe';
  /** Serve the OpenAPI UI and JSON at /api/docs. */
  apiDocs: boolean;
  /** Interval of the sweep that re-checks open live streams (revocations end them at once anyway). */
  streamRecheckMs: number;
  stripe?: { secretKey: string; webhookSecret: string; priceId: string; apiUrl?: string };
  proPriceInr: number;
  broker: {
    alpacaPaperUrl: string;
    alpacaLiveUrl: string;
    dhanUrl: string;
    dhanAuthUrl: string;
    syncIntervalMinutes: number;
  };
  logLevel: string;
  webDistDir: string;
  /** Feed polling: minutes between fetches of a source, the time limit and the size cap of one fetch. */
  news: { pollMinutes: number; fetchTimeoutMs: number; maxFeedBytes: number };
  /** OUTBOUND_ALLOWED_HOSTS: hosts on private addresses that server-side fetches may reach. */
  outboundAllowedHosts: string[];
  /** SIGNUPS_PER_IP_PER_15_MIN. */
  signupsPerIp: number;
  /** ORDERS_PER_MEMBER_PER_MINUTE. */
  ordersPerMemberPerMinute: number;
  /** Live market-data providers: Binance needs no key; Alpaca and Dhan only when their keys are set. */
  marketData: {
    binanceUrl: string;
    alpaca?: { keyId: string; secretKey: string; url: string; feed: 'iex' | 'sip' };
    dhan?: { clientId: string; accessToken: string; url: string };
  };
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the environment once at start. A bad value stops the start with a message naming the
 * variable. APP_SECRET is generated into DATA_DIR on first start unless in production.
 */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(
    Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}.`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR);

  let appSecret = env.APP_SECRET;
  if (!appSecret) {
    if (isProduction) {
      throw new ConfigError(
        `APP_SECRET is required in production (at least ${MIN_SECRET_LENGTH} random characters; every API process must share it; ${GENERATE_SECRET_HINT}).`,
      );
    }
    appSecret = readOrCreateSecret(dataDir);
  }
  if (isProduction) assertSafeForProduction(env);

  let stripe: AppConfig['stripe'];
  if (env.PAYMENTS_PROVIDER === 'stripe') {
    const missing = (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const).filter(
      (name) => !env[name],
    );
    if (missing.length) {
      throw new ConfigError(`PAYMENTS_PROVIDER=stripe needs ${missing.join(', ')}.`);
    }
    stripe = {
      secretKey: env.STRIPE_SECRET_KEY!,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
      priceId: env.STRIPE_PRICE_ID!,
      apiUrl: env.STRIPE_API_URL,
    };
  }

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    nodeEnv: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    trustProxy: env.TRUST_PROXY,
    corsOrigins: env.CORS_ORIGINS,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    redisUrl: env.REDIS_URL,
    redisPrefix: redisPrefixFor(env.REDIS_PREFIX, env.DATABASE_URL, dataDir),
    appSecret,
    publicUrl,
    productsUrl: env.PRODUCTS_URL ?? `${publicUrl}/sales`,
    smtpUrl: env.SMTP_URL,
    smsWebhookUrl: env.SMS_WEBHOOK_URL,
    smsWebhookToken: env.SMS_WEBHOOK_TOKEN,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    paymentsProvider: env.PAYMENTS_PROVIDER,
    // Off by default in production: the UI maps every route, admin ones included, for anyone.
    apiDocs: env.API_DOCS ?? !isProduction,
    streamRecheckMs: env.STREAM_RECHECK_SECONDS * 1000,
    stripe,
    proPriceInr: env.PRO_PRICE_INR,
    broker: {
      alpacaPaperUrl: env.ALPACA_API_URL.replace(/\/$/, ''),
      alpacaLiveUrl: env.ALPACA_LIVE_API_URL.replace(/\/$/, ''),
      dhanUrl: env.DHAN_API_URL.replace(/\/$/, ''),
      dhanAuthUrl: env.DHAN_AUTH_URL.replace(/\/$/, ''),
      syncIntervalMinutes: env.BROKER_SYNC_INTERVAL_MINUTES,
    },
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    news: {
      pollMinutes: env.NEWS_POLL_MINUTES,
      fetchTimeoutMs: env.NEWS_FETCH_TIMEOUT_SECONDS * 1000,
      maxFeedBytes: Math.round(env.NEWS_MAX_FEED_MB * 1024 * 1024),
    },
    outboundAllowedHosts: env.OUTBOUND_ALLOWED_HOSTS,
    signupsPerIp: env.SIGNUPS_PER_IP_PER_15_MIN,
    ordersPerMemberPerMinute: env.ORDERS_PER_MEMBER_PER_MINUTE,
    marketData: {
      binanceUrl: env.BINANCE_STREAM_URL.replace(/\/$/, ''),
      alpaca:
        env.ALPACA_DATA_KEY_ID && env.ALPACA_DATA_SECRET_KEY
          ? {
              keyId: env.ALPACA_DATA_KEY_ID,
              secretKey: env.ALPACA_DATA_SECRET_KEY,
              url: env.ALPACA_DATA_STREAM_URL.replace(/\/$/, ''),
              feed: env.ALPACA_DATA_FEED,
            }
          : undefined,
      dhan:
        env.DHAN_FEED_CLIENT_ID && env.DHAN_FEED_ACCESS_TOKEN
          ? {
              clientId: env.DHAN_FEED_CLIENT_ID,
              accessToken: env.DHAN_FEED_ACCESS_TOKEN,
              url: env.DHAN_FEED_URL.replace(/\/$/, ''),
            }
          : undefined,
    },
  };
}

/**
 * Stand-ins that are fine on a laptop and wrong for real users (test checkout, messages only in the
 * log) stop a production start unless the operator says they are meant (README §Configuration).
 */
function assertSafeForProduction(env: z.infer<typeof environmentSchema>) {
  const problems: string[] = [];
  if (env.PAYMENTS_PROVIDER === 'local' && !env.ALLOW_TEST_PAYMENTS) {
    problems.push(
      'PAYMENTS_PROVIDER is local, the test checkout where a test card buys Pro for free: set PAYMENTS_PROVIDER=stripe with STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID, or ALLOW_TEST_PAYMENTS=true if that is intended',
    );
  }
  const consoleOnly = [
    env.SMTP_URL ? null : { name: 'SMTP_URL', carries: 'e-mail' },
    env.SMS_WEBHOOK_URL ? null : { name: 'SMS_WEBHOOK_URL', carries: 'text messages' },
  ].filter((setting) => setting !== null);
  if (consoleOnly.length && !env.ALLOW_CONSOLE_MESSAGES) {
    const names = consoleOnly.map((setting) => setting.name).join(' and ');
    const carries = consoleOnly.map((setting) => setting.carries).join(' and ');
    problems.push(
      `without ${names}, ${carries} (sign-up and reset codes) would reach nobody, only the log: set ${names}, or ALLOW_CONSOLE_MESSAGES=true if that is intended`,
    );
  }
  if (problems.length) {
    throw new ConfigError(`Refusing to start in production: ${problems.join('; ')}.`);
  }
}

/**
 * Two deployments sharing one Redis must never see each other's events or limits: the default
 * namespace is the database's name (every process of one deployment shares its database), or the
 * data folder for the embedded database.
 */
export function redisPrefixFor(
  explicit: string | undefined,
  databaseUrl: string | undefined,
  dataDir: string,
) {
  if (explicit) return explicit.endsWith(':') ? explicit : `${explicit}:`;
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || url.username || 'postgres';
    return `candlewise:${url.hostname}:${url.port || '5432'}:${database}:`;
  }
  return `candlewise:embedded:${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}:`;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}
