import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, openDatabase, users } from '@candlewise/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';
import type { Mailer, MailMessage } from '../src/providers/mail/mailer.ts';
import type { SmsMessage, SmsSender } from '../src/providers/sms/sms-sender.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { withDatabase } from './global-setup.ts';

/** A fresh copy of the migrated, seeded test database, on whichever engine the run uses. */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const template = inject('databaseTemplate');
  if (template.engine === 'pglite') {
    const dump = readFileSync(template.dumpFile);
    return openDatabase({ inMemory: true, loadDataDir: new Blob([dump]) });
  }
  const name = `cw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template.template}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(template.url, name);
  const handle: DatabaseHandle & { url?: string } = await openDatabase({ databaseUrl: url, poolSize: 5 });
  handle.url = url;
  const close = handle.close;
  handle.close = async () => {
    await close();
    const cleanup = new pg.Client({ connectionString: template.url });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  return handle;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      DATA_DIR: path.join(tmpdir(), 'candlewise-test-data'),
      WEB_DIST_DIR: path.join(tmpdir(), 'candlewise-no-web-build'),
      // The tests' feed and broker servers listen on this machine.
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1,localhost',
    }),
    ...overrides,
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  outbox: MailMessage[];
  smsOutbox: SmsMessage[];
  close(): Promise<void>;
};

/** The real app on a fresh database, with mail captured; call close() in afterAll. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const outbox: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      outbox.push(message);
    },
  };
  const smsOutbox: SmsMessage[] = [];
  const smsSender: SmsSender = {
    async send(message) {
      smsOutbox.push(message);
    },
  };
  // Uploads and other files go to a folder of this app's own, removed when it closes.
  const ownDataDir = overrides.dataDir ? null : mkdtempSync(path.join(tmpdir(), 'candlewise-test-data-'));
  const config = testConfig({
    ...(ownDataDir ? { dataDir: ownDataDir } : {}),
    ...overrides,
  });
  const app = await buildApp({ config, database, mailer, smsSender, logger: false });
  return {
    app,
    database,
    outbox,
    smsOutbox,
    async close() {
      await app.close();
      await database.close();
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

/** The 6-digit code in the last message sent to an address or number. */
export function lastCode(messages: Array<{ to: string; text: string }>, to: string): string {
  const message = [...messages].reverse().find((entry) => entry.to === to);
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export type SignedIn = { id: string; token: string; headers: { authorization: string } };

/**
 * A learner made onboarded (name@example.com, password "password-for-tests") and signed in through
 * the API; `pro` gives them an active Pro plan for 30 days (the statistics' breakdowns are Pro).
 */
export async function signedInLearner(
  app: FastifyInstance,
  database: DatabaseHandle,
  name: string,
  options: { pro?: boolean } = {},
): Promise<SignedIn> {
  const user = await createOnboardedUser(database.db, {
    email: `${name}@example.com`,
    password: 'password-for-tests',
  });
  if (options.pro) {
    await database.db
      .update(users)
      .set({ planStatus: 'active', planExpirationDate: Math.floor(Date.now() / 1000) + 30 * 86_400 })
      .where(eq(users.id, user.id));
  }
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: `${name}@example.com`, password: 'password-for-tests' },
  });
  if (login.statusCode !== 200) throw new Error(`${name} could not sign in: ${login.body}`);
  const token = login.json().data.token as string;
  return { id: user.id, token, headers: bearer(token) };
}
