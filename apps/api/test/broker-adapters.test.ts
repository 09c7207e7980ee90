import { readFileSync } from 'node:fs';
import { rebuildPositions } from '@candlewise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  alpacaFeeAmount,
  alpacaInstrument,
  createAlpacaBroker,
} from '../src/providers/broker/alpaca-broker.ts';
import { BrokerAuthError, BrokerUnavailableError } from '../src/providers/broker/broker-adapter.ts';
import { retryDelayMs } from '../src/providers/broker/broker-http.ts';
import { createDhanBroker, parseDhanExpiry, parseDhanTime } from '../src/providers/broker/dhan-broker.ts';
import {
  type AlpacaActivity,
  type AlpacaFeeActivity,
  alpacaFee,
  alpacaFill,
  DHAN_PAGE_SIZE,
  dhanTrade,
  type FakeAlpaca,
  type FakeDhan,
  marketDay,
  startFakeAlpaca,
  startFakeDhan,
} from './broker-fakes.ts';

/** Alpaca's and Dhan's documented answers (see each file's `_about`). */
const alpacaDocs = JSON.parse(
  readFileSync(new URL('./fixtures/broker/alpaca-activities.json', import.meta.url), 'utf8'),
) as Record<'fill' | 'cryptoFill' | 'optionFill', AlpacaActivity> & Record<'fee' | 'cfee', AlpacaFeeActivity>;
const dhanDocs = JSON.parse(
  readFileSync(new URL('./fixtures/broker/dhan-auth.json', import.meta.url), 'utf8'),
) as { profile: { tokenValidity: string }; consumeConsent: { expiryTime: string } };

// The adapters never touch the database; a context is still part of the interface.
const context = { userId: 'user-1', db: null as never };
const waits: number[] = [];
const sleep = async (ms: number) => {
  waits.push(ms);
};

let alpacaServer: FakeAlpaca;
let dhanServer: FakeDhan;
beforeAll(async () => {
  [alpacaServer, dhanServer] = await Promise.all([startFakeAlpaca(), startFakeDhan()]);
});
afterAll(async () => {
  await Promise.all([alpacaServer.close(), dhanServer.close()]);
});
beforeEach(() => {
  waits.length = 0;
  alpacaServer.requests.length = 0;
  dhanServer.requests.length = 0;
});

describe('Alpaca adapter against a local Alpaca API', () => {
  const alpaca = () =>
    createAlpacaBroker({
      paperUrl: alpacaServer.url,
      liveUrl: `${alpacaServer.url}/live-host`,
      sleep,
      baseDelayMs: 100,
    });
  const good = () => ({ environment: 'paper', keyId: alpacaServer.keyId, secretKey: alpacaServer.secretKey });

  it('connects with good keys and reports the account', async () => {
    const summary = await alpaca().connect(good(), context);
    expect(summary).toMatchObject({
      accountLabel: 'PA3F7Z9Q2K1M',
      currency: 'USD',
      cash: -23140.2,
      equity: 103820.56,
    });
    expect(summary.details).toContainEqual({ label: 'Environment', value: 'Paper' });
    expect(alpacaServer.requests).toEqual(['GET /v2/account']);
  });

  it('refuses bad keys with a sentence that says what to check, and never echoes the secret', async () => {
    const attempt = alpaca().connect({ ...good(), secretKey: 'wrong-secret-value' }, context);
    await expect(attempt).rejects.toBeInstanceOf(BrokerAuthError);
    const error = (await attempt.catch((caught: unknown) => caught)) as BrokerAuthError;
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/Alpaca did not accept this API key ID and secret key/);
    expect(error.message).not.toContain('wrong-secret-value');
  });

  it('uses the live host when the environment is live', async () => {
    await expect(alpaca().connect({ ...good(), environment: 'live' }, context)).rejects.toBeInstanceOf(Error);
    expect(alpacaServer.requests).toEqual(['GET /live-host/v2/account']);
  });

  it('asks for a missing field by name', async () => {
    await expect(
      alpaca().connect({ environment: 'paper', keyId: alpacaServer.keyId }, context),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'Enter your secret key.',
    });
  });

  it('retries a 429 with exponential backoff, honouring Retry-After, then succeeds', async () => {
    alpacaServer.throttleNext(2);
    await alpaca().connect(good(), context);
    expect(waits).toEqual([100, 200]);
    alpacaServer.throttleNext(1, '3');
    await alpaca().connect(good(), context);
    expect(waits).toEqual([100, 200, 3000]);
    expect(alpacaServer.requests.filter((line) => line === 'GET /v2/account')).toHaveLength(5);
  });

  it('gives up after the capped number of attempts with a clear message', async () => {
    alpacaServer.throttleNext(10);
    const adapter = createAlpacaBroker({
      paperUrl: alpacaServer.url,
      liveUrl: alpacaServer.url,
      sleep,
      maxAttempts: 3,
    });
    await expect(adapter.connect(good(), context)).rejects.toThrow(
      new BrokerUnavailableError('Alpaca is limiting requests right now. Wait a minute and try again.'),
    );
    expect(alpacaServer.requests).toHaveLength(3);
    alpacaServer.throttleNext(0);
  });

  it('collects every fill across pages, in order, and only those after the given time', async () => {
    const start = Date.UTC(2026, 9, 1, 14, 30);
    alpacaServer.activities.length = 0;
    for (let index = 0; index < 250; index++) {
      alpacaServer.activities.push(
        alpacaFill(
          new Date(start + index * 60_000),
          'AAPL',
          index % 2 === 0 ? 'buy' : 'sell',
          10,
          180 + index / 10,
        ),
      );
    }
    const fills = await alpaca().fillsSince(good(), null, context);
    expect(fills).toHaveLength(250);
    expect(new Set(fills.map((fill) => fill.id)).size).toBe(250);
    expect(fills[0]).toMatchObject({ symbol: 'AAPL', side: 'buy', quantity: 10, price: 180, fee: 0 });
    expect(fills[249].time.toISOString()).toBe(new Date(start + 249 * 60_000).toISOString());
    const pages = alpacaServer.requests.filter((line) => line.startsWith('GET /v2/account/activities/FILL'));
    expect(pages).toHaveLength(3);
    expect(pages[1]).toContain(`page_token=${encodeURIComponent(fills[99].id)}`);

    alpacaServer.requests.length = 0;
    const since = new Date(start + 199 * 60_000);
    const recent = await alpaca().fillsSince(good(), since, context);
    expect(recent).toHaveLength(50);
    expect(alpacaServer.requests[0]).toContain(`after=${encodeURIComponent(since.toISOString())}`);
  });

  it('retries a 429 in the middle of paging and still collects every fill', async () => {
    let calls = 0;
    // After the first page arrives, the broker starts limiting: the second page is answered 429 once.
    const throttlingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (++calls === 1) alpacaServer.throttleNext(1, '0');
      return response;
    };
    const adapter = createAlpacaBroker({
      paperUrl: alpacaServer.url,
      liveUrl: alpacaServer.url,
      sleep,
      fetch: throttlingFetch,
    });
    const fills = await adapter.fillsSince(good(), null, context);
    expect(fills).toHaveLength(250);
    expect(waits).toEqual([0]);
    const fillPages = alpacaServer.requests.filter((line) =>
      line.startsWith('GET /v2/account/activities/FILL'),
    );
    expect(fillPages).toHaveLength(4);
    expect(fillPages[1]).toBe(fillPages[2]);
  });

  it('reads OCC option contracts as options ×100, pairs as crypto and the rest as shares', async () => {
    alpacaServer.activities.length = 0;
    alpacaServer.fees.length = 0;
    alpacaServer.activities.push(alpacaDocs.fill, alpacaDocs.cryptoFill, alpacaDocs.optionFill);
    const fills = await alpaca().fillsSince(good(), null, context);
    expect(fills.map((fill) => [fill.symbol, fill.assetClass, fill.multiplier, fill.currency])).toEqual([
      ['LPCN', 'stock', 1, 'USD'],
      ['ETH/USD', 'crypto', 1, 'USD'],
      ['AAPL240119C00190000', 'option', 100, 'USD'],
    ]);
    expect(fills[2]).toMatchObject({ side: 'buy', quantity: 2, price: 3.45 });
    // Adjusted contracts keep a digit in the root; a share class or a plain ticker is no option.
    expect(alpacaInstrument('GOOG1250117P00150000').assetClass).toBe('option');
    expect(alpacaInstrument('SPY').assetClass).toBe('stock');
    expect(alpacaInstrument('BRK.B').assetClass).toBe('stock');
  });

  it('closes options Alpaca expired (OPEXP) or assigned (OPASN) at 0, with the assigned shares at the strike', async () => {
    alpacaServer.activities.length = 0;
    alpacaServer.fees.length = 0;
    // Bought 2 AAPL 190 calls at 3.45 (Alpaca's documented option fill), sold 2 AAPL 150 calls at 1.20.
    alpacaServer.activities.push(
      alpacaDocs.optionFill,
      alpacaFill(new Date('2023-06-20T15:00:00Z'), 'AAPL230721C00150000', 'sell', 2, 1.2),
    );
    // As Alpaca documents them ("Non-Trade Activities for Option Events"): the long calls expired,
    // the short calls were assigned and 200 shares sold at the strike.
    const events = [
      {
        id: '20240119000000000::a1',
        activity_type: 'OPEXP',
        date: '2024-01-19',
        net_amount: '0',
        description: 'Option Expiry',
        symbol: 'AAPL240119C00190000',
        qty: '-2',
        status: 'executed',
      },
      {
        id: '20190801011955195::5f596936-6f23-4cef-bdf1-3806aae57dbf',
        activity_type: 'OPASN',
        date: '2023-07-01',
        net_amount: '0',
        description: 'Option Assignment',
        symbol: 'AAPL230721C00150000',
        qty: '2',
        status: 'executed',
      },
      {
        id: '20190801011955195::5f596936-6f23-4cef-bdf1-3806aae57dbf',
        activity_type: 'OPTRD',
        date: '2023-07-01',
        net_amount: '30000',
        description: 'Option Trade',
        symbol: 'AAPL',
        qty: '-200',
        price: '150',
        status: 'executed',
      },
    ];
    alpacaServer.fees.push(...(events as unknown as AlpacaFeeActivity[]));
    const fills = await alpaca().fillsSince(good(), null, context);
    const rebuilt = rebuildPositions(
      fills.map((fill) => ({ ...fill, id: fill.id })),
      { historyMayBeIncomplete: true },
    );
    const bySymbol = Object.fromEntries(rebuilt.trips.map((trip) => [trip.symbol, trip]));
    // The long calls expired worthless: the premium paid, 2 × 3.45 × 100, is lost.
    expect(bySymbol.AAPL240119C00190000).toMatchObject({
      side: 'long',
      quantity: 2,
      exitPrice: 0,
      pnl: -690,
    });
    expect(bySymbol.AAPL240119C00190000.exitTime.toISOString()).toBe('2024-01-19T21:00:00.000Z');
    // The short calls left at assignment: the premium received, 2 × 1.20 × 100, is kept.
    expect(bySymbol.AAPL230721C00150000).toMatchObject({
      side: 'short',
      quantity: 2,
      exitPrice: 0,
      pnl: 240,
    });
    // The 200 shares delivered at the strike are a sale of shares held before (no opening known).
    expect(fills.find((fill) => fill.symbol === 'AAPL')).toMatchObject({
      side: 'sell',
      quantity: 200,
      price: 150,
      assetClass: 'stock',
    });
    expect(rebuilt.open).toEqual([]);
    expect(
      alpacaServer.requests.some((line) => line.includes('activity_types=OPEXP%2COPASN%2COPEXC%2COPTRD')),
    ).toBe(true);
  });

  it('marks a sell_short as opening a short, with New York’s trading day for stocks', async () => {
    alpacaServer.activities.length = 0;
    alpacaServer.fees.length = 0;
    alpacaServer.activities.push(
      alpacaFill(new Date('2026-03-02T15:00:00Z'), 'TSLA', 'sell_short', 50, 250),
      alpacaFill(new Date('2026-03-03T16:00:00Z'), 'TSLA', 'buy', 50, 245),
      alpacaFill(new Date('2026-03-03T17:00:00Z'), 'MSFT', 'sell', 5, 400),
      alpacaDocs.cryptoFill,
    );
    const fills = await alpaca().fillsSince(good(), null, context);
    expect(fills.map((fill) => [fill.symbol, fill.side, fill.shortSale, fill.marketZone])).toEqual([
      ['ETH/USD', 'buy', false, null],
      ['TSLA', 'sell', true, 'America/New_York'],
      ['TSLA', 'buy', false, 'America/New_York'],
      ['MSFT', 'sell', false, 'America/New_York'],
    ]);
  });

  it('adds the documented FEE (dollars) and CFEE (charged in coin) to the fills they belong to', async () => {
    alpacaServer.activities.length = 0;
    alpacaServer.fees.length = 0;
    alpacaServer.activities.push(alpacaDocs.fill, alpacaDocs.cryptoFill);
    alpacaServer.fees.push(alpacaDocs.fee, alpacaDocs.cfee);
    expect(alpacaFeeAmount(alpacaDocs.cfee)).toBeCloseTo(0.000195 * 1884.5, 9);
    const fills = await alpaca().fillsSince(good(), null, context);
    expect(fills.find((fill) => fill.symbol === 'LPCN')?.fee).toBe(0.01);
    expect(fills.find((fill) => fill.symbol === 'ETH/USD')?.fee).toBeCloseTo(0.367478, 5);
    expect(alpacaServer.requests).toContain(
      'GET /v2/account/activities?direction=asc&page_size=100&activity_types=FEE%2CCFEE',
    );
  });

  it('shares a day’s charge among the symbol’s fills by value, and leaves out (and logs) one with no fill', async () => {
    alpacaServer.activities.length = 0;
    alpacaServer.fees.length = 0;
    const open = Date.UTC(2026, 9, 13, 14, 0);
    alpacaServer.activities.push(
      alpacaFill(new Date(open), 'MSFT', 'sell', 10, 300),
      alpacaFill(new Date(open + 60_000), 'MSFT', 'sell', 10, 100),
      alpacaFill(new Date(open + 120_000), 'TSLA', 'sell', 1, 250),
    );
    alpacaServer.fees.push(alpacaFee('2026-10-13', 'MSFT', 0.04), alpacaFee('2026-10-13', 'NVDA', 0.02));
    const log = { warn: vi.fn() };
    const fills = await alpaca().fillsSince(good(), null, { ...context, log });
    expect(fills.map((fill) => [fill.symbol, fill.fee])).toEqual([
      ['MSFT', 0.03],
      ['MSFT', 0.01],
      ['TSLA', 0],
    ]);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0][0]).toMatchObject({ symbol: 'NVDA', date: '2026-10-13', amount: 0.02 });
  });

  it('brings back a day’s fills when a charge dated that day arrives after the sync window moved on', async () => {
    alpacaServer.activities.length = 0;
    alpacaServer.fees.length = 0;
    const fillTime = new Date(Date.UTC(2026, 9, 13, 15, 0));
    alpacaServer.activities.push(
      alpacaFill(fillTime, 'AMD', 'sell', 5, 160),
      alpacaFill(new Date(Date.UTC(2026, 9, 16, 15, 0)), 'INTC', 'buy', 5, 30),
    );
    // The sync window starts three days after the AMD sale; its charge was posted since.
    const since = new Date(Date.UTC(2026, 9, 15, 15, 0));
    alpacaServer.fees.push(alpacaFee(marketDay(fillTime), 'AMD', 0.05));
    const fills = await alpaca().fillsSince(good(), since, context);
    expect(fills.map((fill) => [fill.symbol, fill.fee])).toEqual([
      ['AMD', 0.05],
      ['INTC', 0],
    ]);
    expect(alpacaServer.requests).toEqual([
      `GET /v2/account/activities/FILL?direction=asc&page_size=100&after=${encodeURIComponent(since.toISOString())}`,
      // Charges from a week before the window, by date.
      'GET /v2/account/activities?direction=asc&page_size=100&activity_types=FEE%2CCFEE&after=2026-10-08',
      'GET /v2/account/activities/FILL?direction=asc&page_size=100&date=2026-10-13',
      // Option expiries, assignments and exercises from the day before the window.
      'GET /v2/account/activities?direction=asc&page_size=100&activity_types=OPEXP%2COPASN%2COPEXC%2COPTRD&after=2026-10-14',
    ]);
  });

  it('treats a revoked key during a sync as an authentication failure', async () => {
    alpacaServer.revoked = true;
    try {
      await expect(alpaca().fillsSince(good(), null, context)).rejects.toBeInstanceOf(BrokerAuthError);
    } finally {
      alpacaServer.revoked = false;
    }
  });
});

describe('Dhan adapter against a local Dhan API', () => {
  const now = new Date(Date.UTC(2026, 10, 20, 9, 0));
  const dhan = () => createDhanBroker({ baseUrl: dhanServer.url, sleep, baseDelayMs: 50, now: () => now });
  const good = () => ({ clientId: dhanServer.clientId, accessToken: dhanServer.accessToken });

  it('connects with a good token and reports the funds', async () => {
    const summary = await dhan().connect(good(), context);
    expect(summary).toMatchObject({
      accountLabel: '1000000009',
      currency: 'INR',
      cash: 98440,
      equity: 113642,
    });
  });

  it('refuses a bad or expired token with a sentence saying how to get a new one', async () => {
    const attempt = dhan().connect({ ...good(), accessToken: 'expired-token' }, context);
    await expect(attempt).rejects.toBeInstanceOf(BrokerAuthError);
    await expect(attempt).rejects.toThrow(/generate a new one on web\.dhan\.co/);
    await expect(dhan().connect({ ...good(), clientId: '1000000010' }, context)).rejects.toBeInstanceOf(
      BrokerAuthError,
    );
  });

  it('retries 429 (DH-904) with backoff', async () => {
    dhanServer.throttleNext(3);
    await dhan().connect(good(), context);
    expect(waits).toEqual([50, 100, 200]);
  });

  it('pages the trade history to the end, adds today’s trade book, and totals the charges', async () => {
    const day = Date.UTC(2026, 10, 10, 4, 0);
    dhanServer.history.length = 0;
    dhanServer.today.length = 0;
    for (let index = 0; index < 45; index++) {
      dhanServer.history.push(
        dhanTrade(
          dhanServer.clientId,
          new Date(day + index * 3_600_000),
          'TCS',
          index % 2 ? 'SELL' : 'BUY',
          5,
          3400 + index,
        ),
      );
    }
    dhanServer.today.push(
      dhanTrade(dhanServer.clientId, new Date(now.getTime() - 3_600_000), 'INFY', 'BUY', 3, 1500),
    );
    const fills = await dhan().fillsSince(good(), null, context);
    expect(fills).toHaveLength(46);
    expect(fills[0]).toMatchObject({ symbol: 'TCS', side: 'buy', quantity: 5, price: 3400, fee: 25.46 });
    expect(fills[0].time.toISOString()).toBe(new Date(day).toISOString());
    expect(fills.at(-1)).toMatchObject({ symbol: 'INFY', side: 'buy' });
    const historyCalls = dhanServer.requests.filter((line) => /\/v2\/trades\/\d/.test(line));
    // 45 trades at 20 a page: pages 0, 1, 2 hold them and page 3 is empty.
    expect(historyCalls).toEqual([0, 1, 2, 3].map((page) => `GET /v2/trades/2026-08-22/2026-11-20/${page}`));
    expect(Math.ceil(45 / DHAN_PAGE_SIZE)).toBe(3);
  });

  it('marks an intraday sale as a short and a delivery (CNC) sale as not, in India’s trading day', async () => {
    dhanServer.history.length = 0;
    dhanServer.today.length = 0;
    const at = new Date(Date.UTC(2026, 10, 10, 4, 0));
    const intraday = {
      ...dhanTrade(dhanServer.clientId, at, 'SBIN', 'SELL', 10, 800),
      productType: 'INTRADAY',
    };
    const delivery = dhanTrade(dhanServer.clientId, at, 'TCS', 'SELL', 5, 3400);
    const buy = dhanTrade(dhanServer.clientId, at, 'INFY', 'BUY', 3, 1500);
    dhanServer.history.push(intraday, delivery, buy);
    const fills = await dhan().fillsSince(good(), null, context);
    expect(fills.map((fill) => [fill.symbol, fill.side, fill.shortSale, fill.marketZone])).toEqual([
      ['SBIN', 'sell', true, 'Asia/Kolkata'],
      ['TCS', 'sell', false, 'Asia/Kolkata'],
      ['INFY', 'buy', false, 'Asia/Kolkata'],
    ]);
  });

  it('reads Dhan times as Indian Standard Time', () => {
    expect(parseDhanTime('2026-11-20 15:29:59')?.toISOString()).toBe('2026-11-20T09:59:59.000Z');
    expect(parseDhanTime('NA')).toBeNull();
  });

  it('reads a token’s expiry as Dhan documents it, in India’s time', () => {
    expect(parseDhanExpiry(dhanDocs.profile.tokenValidity)?.toISOString()).toBe('2025-03-30T10:07:00.000Z');
    expect(parseDhanExpiry(dhanDocs.consumeConsent.expiryTime)?.toISOString()).toBe(
      '2025-09-23T07:07:23.000Z',
    );
    expect(parseDhanExpiry('2026-01-01T00:00:00.000')?.toISOString()).toBe('2025-12-31T18:30:00.000Z');
    expect(parseDhanExpiry('')).toBeNull();
    expect(parseDhanExpiry('soon')).toBeNull();
  });

  it('asks /v2/profile until when the access token works', async () => {
    const before = dhanServer.tokenValidity;
    dhanServer.tokenValidity = '30/03/2025 15:37';
    try {
      expect((await dhan().tokenExpiry?.(good(), context))?.toISOString()).toBe('2025-03-30T10:07:00.000Z');
    } finally {
      dhanServer.tokenValidity = before;
    }
    expect(dhanServer.requests).toEqual(['GET /v2/profile']);
    await expect(dhan().tokenExpiry?.({ ...good(), accessToken: 'expired' }, context)).rejects.toBeInstanceOf(
      BrokerAuthError,
    );
  });

  describe('signing in with the API key and secret (consent)', () => {
    const withAuth = () =>
      createDhanBroker({ baseUrl: dhanServer.url, authUrl: dhanServer.url, sleep, now: () => now });
    const app = () => ({
      clientId: dhanServer.clientId,
      apiKey: dhanServer.apiKey,
      apiSecret: dhanServer.apiSecret,
    });

    it('generates a consent, sends the learner to Dhan’s login page, and trades the tokenId for a 24-hour token', async () => {
      const adapter = withAuth();
      expect(adapter.describe().signIn?.fields.map((field) => [field.name, field.type])).toEqual([
        ['clientId', 'text'],
        ['apiKey', 'text'],
        ['apiSecret', 'secret'],
      ]);
      const started = await adapter.signIn!.start(app());
      expect(started.signInUrl).toBe(
        `${dhanServer.url}/login/consentApp-login?consentAppId=${started.consentId}`,
      );
      expect(dhanServer.requests[0]).toBe(`POST /app/generate-consent?client_id=${dhanServer.clientId}`);
      const tokenId = dhanServer.signIn(started.consentId);
      const done = await adapter.signIn!.complete(app(), tokenId);
      expect(dhanServer.requests[1]).toBe(`GET /app/consumeApp-consent?tokenId=${tokenId}`);
      expect(done.credentials).toEqual({
        clientId: dhanServer.clientId,
        accessToken: dhanServer.issuedTokens.at(-1),
        apiKey: dhanServer.apiKey,
        apiSecret: dhanServer.apiSecret,
      });
      const hours = ((done.expiresAt?.getTime() ?? 0) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThan(24.1);
      // The token works like a pasted one.
      await expect(adapter.connect(done.credentials, context)).resolves.toMatchObject({
        accountLabel: '1000000009',
      });
      // A tokenId is used once.
      await expect(adapter.signIn!.complete(app(), tokenId)).rejects.toThrow(/Dhan refused the request/);
    });

    it('refuses a wrong API secret with a sentence saying where to find it, and a sign-in as someone else', async () => {
      const adapter = withAuth();
      const attempt = adapter.signIn!.start({ ...app(), apiSecret: 'not-the-secret' });
      await expect(attempt).rejects.toBeInstanceOf(BrokerAuthError);
      await expect(attempt).rejects.toThrow(/Dhan did not accept this API key and secret/);
      await expect(adapter.signIn!.start({ ...app(), apiKey: ' ' })).rejects.toMatchObject({
        statusCode: 400,
        message: 'Enter your API key.',
      });
      const started = await adapter.signIn!.start(app());
      const tokenId = dhanServer.signIn(started.consentId, '1000000777');
      await expect(adapter.signIn!.complete(app(), tokenId)).rejects.toThrow(
        'You signed in to Dhan as client 1000000777, but entered client ID 1000000009. Sign in with the account whose client ID you entered.',
      );
    });
  });
});

describe('retry delays', () => {
  it('doubles from the base, honours Retry-After in seconds or as a date, and caps at 30 s', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(null, attempt, 500))).toEqual([500, 1000, 2000, 4000]);
    expect(retryDelayMs('2', 1, 500)).toBe(2000);
    expect(retryDelayMs('600', 1, 500)).toBe(30_000);
    expect(retryDelayMs(null, 20, 500)).toBe(30_000);
    const inFiveSeconds = new Date(Date.now() + 5000).toUTCString();
    expect(retryDelayMs(inFiveSeconds, 1, 500)).toBeGreaterThan(3000);
  });
});
