import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createConsoleMailer } from '../src/providers/mail/mailer.ts';
import { createConsoleSmsSender } from '../src/providers/sms/sms-sender.ts';
import {
  emailConfirmationMail,
  passwordResetMail,
  phoneCodeText,
} from '../src/services/auth/account-messages.ts';
import { createTestDatabase, testConfig } from './helper.ts';

const SECRET = 'k3J9-pQz7_wXv2LmN8rT5yBc4HdF6gA1sE0uI';

/** The data folder the production environments below name (removed after the file). */
const dataDir = mkdtempSync(path.join(tmpdir(), 'candlewise-production-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A production environment with every real transport set; each test takes one away. */
const production = (overrides: Record<string, string | undefined> = {}) => ({
  NODE_ENV: 'production',
  APP_SECRET: SECRET,
  DATA_DIR: dataDir,
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_example',
  STRIPE_WEBHOOK_SECRET: 'whsec_example',
  STRIPE_PRICE_ID: 'price_example',
  SMTP_URL: 'smtp://mail.example.com:587',
  SMS_WEBHOOK_URL: 'https://sms.example.com/send',
  ...overrides,
});

function refusal(environment: Record<string, string | undefined>): string {
  try {
    loadConfig(environment);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('production refuses the stand-ins', () => {
  it('starts with real payments, mail and SMS', () => {
    const config = loadConfig(production());
    expect(config).toMatchObject({ isProduction: true, paymentsProvider: 'stripe' });
  });

  it('refuses the test checkout unless ALLOW_TEST_PAYMENTS=true', () => {
    for (const provider of [undefined, 'local']) {
      const message = refusal(production({ PAYMENTS_PROVIDER: provider }));
      expect(message).toMatch(/PAYMENTS_PROVIDER/);
      expect(message).toMatch(/PAYMENTS_PROVIDER=stripe/);
      expect(message).toMatch(/ALLOW_TEST_PAYMENTS=true/);
    }
    expect(
      loadConfig(production({ PAYMENTS_PROVIDER: 'local', ALLOW_TEST_PAYMENTS: 'true' })).paymentsProvider,
    ).toBe('local');
    expect(refusal(production({ PAYMENTS_PROVIDER: 'local', ALLOW_TEST_PAYMENTS: 'false' }))).toMatch(
      /ALLOW_TEST_PAYMENTS=true/,
    );
  });

  it('refuses console mail or SMS unless ALLOW_CONSOLE_MESSAGES=true, naming what is missing', () => {
    const noMail = refusal(production({ SMTP_URL: undefined }));
    expect(noMail).toMatch(/SMTP_URL/);
    expect(noMail).not.toMatch(/SMS_WEBHOOK_URL/);
    expect(noMail).toMatch(/ALLOW_CONSOLE_MESSAGES=true/);
    const noSms = refusal(production({ SMS_WEBHOOK_URL: undefined }));
    expect(noSms).toMatch(/SMS_WEBHOOK_URL/);
    expect(noSms).not.toMatch(/SMTP_URL/);
    const neither = refusal(production({ SMTP_URL: undefined, SMS_WEBHOOK_URL: undefined }));
    expect(neither).toMatch(/SMTP_URL and SMS_WEBHOOK_URL/);
    expect(
      loadConfig(
        production({ SMTP_URL: undefined, SMS_WEBHOOK_URL: undefined, ALLOW_CONSOLE_MESSAGES: 'true' }),
      ).smtpUrl,
    ).toBeUndefined();
  });

  it('names every problem at once', () => {
    const message = refusal(
      production({ PAYMENTS_PROVIDER: undefined, SMTP_URL: undefined, SMS_WEBHOOK_URL: undefined }),
    );
    expect(message).toMatch(/ALLOW_TEST_PAYMENTS/);
    expect(message).toMatch(/ALLOW_CONSOLE_MESSAGES/);
  });

  it('refuses a switch that is not true or false', () => {
    expect(refusal(production({ PAYMENTS_PROVIDER: 'local', ALLOW_TEST_PAYMENTS: 'yes' }))).toMatch(
      /ALLOW_TEST_PAYMENTS must be true or false/,
    );
  });

  it('keeps the stand-ins outside production', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      APP_SECRET: SECRET,
      DATA_DIR: production().DATA_DIR,
    });
    expect(config).toMatchObject({ paymentsProvider: 'local', smtpUrl: undefined, smsWebhookUrl: undefined });
  });
});

describe('APP_SECRET needs real entropy', () => {
  it.each([
    ['too short', 'aB3$dE5^gH7*jK9(lM1'],
    ['padded with spaces', `${'aB3$dE5^gH7*'}${' '.repeat(30)}`],
    ['all spaces', ' '.repeat(40)],
    ['one repeated character', 'x'.repeat(64)],
    ['a repeated short word', 'secret'.repeat(8)],
  ])('refuses a secret that is %s, in any mode', (_case, secret) => {
    for (const nodeEnv of ['production', 'development']) {
      const message = refusal(production({ NODE_ENV: nodeEnv, APP_SECRET: secret }));
      expect(message).toMatch(/APP_SECRET/);
      expect(message).toMatch(/openssl rand/);
    }
  });

  it('accepts a random one', () => {
    expect(loadConfig(production()).appSecret).toBe(SECRET);
  });
});

describe('API docs', () => {
  it('are on by default, off by default in production, and API_DOCS decides', () => {
    const dataDir = production().DATA_DIR;
    expect(loadConfig({ APP_SECRET: SECRET, DATA_DIR: dataDir }).apiDocs).toBe(true);
    expect(loadConfig({ APP_SECRET: SECRET, DATA_DIR: dataDir, API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(loadConfig(production()).apiDocs).toBe(false);
    expect(loadConfig(production({ API_DOCS: 'true' })).apiDocs).toBe(true);
    expect(refusal(production({ API_DOCS: 'off' }))).toMatch(/API_DOCS/);
  });

  describe('turned off', () => {
    let app: Awaited<ReturnType<typeof buildApp>>;
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    beforeAll(async () => {
      database = await createTestDatabase();
      app = await buildApp({ config: testConfig({ apiDocs: false }), database, logger: false });
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    it('answers 404 at /api/docs while the API works', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    });
  });
});

describe('codes never reach the log', () => {
  /** A real pino logger writing into an array, as the server's would write to stdout. */
  function capturedLogger() {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    return { logger, text: () => lines.join('\n') };
  }

  it('the console mailer masks confirmation and reset codes, subject included', async () => {
    const { logger, text } = capturedLogger();
    const mailer = createConsoleMailer(logger);
    await mailer.send(emailConfirmationMail('asha@example.com', '493817'));
    await mailer.send(passwordResetMail('asha@example.com', '602254'));
    expect(text()).toContain('asha@example.com');
    expect(text()).toContain('******');
    expect(text()).not.toMatch(/493817|602254/);
  });

  it('the console SMS sender masks the phone code', async () => {
    const { logger, text } = capturedLogger();
    await createConsoleSmsSender(logger).send({ to: '+919800000000', text: phoneCodeText('771203') });
    expect(text()).toContain('****** is your Candlewise phone confirmation code');
    expect(text()).not.toContain('771203');
    expect(text()).toContain('+919800000000');
  });

  it('the dev outbox still keeps the whole message, code included', async () => {
    const database = await createTestDatabase();
    try {
      const { logger, text } = capturedLogger();
      await createConsoleMailer(logger, database.db).send(passwordResetMail('ravi@example.com', '318406'));
      await createConsoleSmsSender(logger, database.db).send({
        to: '+919811111111',
        text: phoneCodeText('550921'),
      });
      const app = await buildApp({ config: testConfig(), database, logger: false });
      try {
        const outbox = (await app.inject({ method: 'GET', url: '/api/v1/dev/outbox' })).json().data;
        expect(JSON.stringify(outbox)).toContain('318406');
        expect(JSON.stringify(outbox)).toContain('550921');
      } finally {
        await app.close();
      }
      expect(text()).not.toMatch(/318406|550921/);
    } finally {
      await database.close();
    }
  });
});
