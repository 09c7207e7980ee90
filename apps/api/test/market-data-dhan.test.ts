import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import {
  DHAN_INDEX_SPREAD_BPS,
  DhanMarketData,
  type DhanMarketDataLog,
  type DhanMarketDataOptions,
  dhanQuoteFromPacket,
  parseDhanFeedFrame,
  parseDhanProviderSymbol,
} from '../src/providers/market-data/dhan-market-data.ts';
import type { ProviderQuote } from '../src/providers/market-data/market-data-provider.ts';

// Distinctive values, so a leak into a log line or an error sentence cannot hide.
const ACCESS_TOKEN = 'eyJhbGciOiJIUzUxMiJ9.dhan-test-token-7f3a9c';
const CLIENT_ID = '1100987654';

// The engine hands its own logger to the adapter.
const fastifyLogFits: DhanMarketDataLog = {} as FastifyBaseLogger;
void fastifyLogFits;

/** Packets built with Python's struct and Dhan's own format strings (see the file's header). */
const fixtures = new Map(
  readFileSync(new URL('./fixtures/market-data/dhan-feed-packets.hex', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [name, hex] = line.split(':').map((part) => part.trim());
      return [name, Buffer.from(hex, 'hex')] as const;
    }),
);
const fixture = (name: string) => {
  const packet = fixtures.get(name);
  if (!packet) throw new Error(`no fixture ${name}`);
  return packet;
};

// Builders for the documented layout (https://dhanhq.co/docs/v2/live-market-feed/), little-endian.
const SEGMENT = { IDX_I: 0, NSE_EQ: 1, BSE_EQ: 4 } as const;
function header(code: number, size: number, segment: number, securityId: number): Buffer {
  const packet = Buffer.alloc(size);
  packet.writeUInt8(code, 0);
  packet.writeUInt16LE(size, 1);
  packet.writeUInt8(segment, 3);
  packet.writeUInt32LE(securityId, 4);
  return packet;
}
function tickerPacket(segment: number, securityId: number, ltp: number): Buffer {
  const packet = header(2, 16, segment, securityId);
  packet.writeFloatLE(ltp, 8);
  packet.writeInt32LE(Math.floor(Date.now() / 1000), 12);
  return packet;
}
function fullPacket(segment: number, securityId: number, ltp: number, bid: number, ask: number): Buffer {
  const packet = header(8, 162, segment, securityId);
  packet.writeFloatLE(ltp, 8);
  packet.writeInt16LE(1, 12);
  packet.writeInt32LE(Math.floor(Date.now() / 1000), 14);
  packet.writeInt32LE(bid > 0 ? 100 : 0, 62);
  packet.writeInt32LE(ask > 0 ? 100 : 0, 66);
  packet.writeFloatLE(bid, 74);
  packet.writeFloatLE(ask, 78);
  return packet;
}
function disconnectPacket(reason: number): Buffer {
  const packet = header(50, 10, 0, 0);
  packet.writeInt16LE(reason, 8);
  return packet;
}

type SubscribeMessage = {
  RequestCode: number;
  InstrumentCount: number;
  InstrumentList: Array<{ ExchangeSegment: string; SecurityId: string }>;
};
type FeedConnection = { socket: WebSocket; query: URLSearchParams; messages: SubscribeMessage[] };

/** A stand-in for wss://api-feed.dhan.co on 127.0.0.1: checks the query string, records requests. */
async function startFakeDhanFeed() {
  const connections: FeedConnection[] = [];
  const attempts: URLSearchParams[] = [];
  const server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    verifyClient: ({ req }, accept) => {
      const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
      attempts.push(query);
      const valid =
        query.get('version') === '2' &&
        query.get('authType') === '2' &&
        query.get('token') === ACCESS_TOKEN &&
        query.get('clientId') === CLIENT_ID;
      accept(valid, valid ? undefined : 401);
    },
  });
  server.on('connection', (socket, req) => {
    const connection: FeedConnection = {
      socket,
      query: new URL(req.url ?? '/', 'http://127.0.0.1').searchParams,
      messages: [],
    };
    socket.on('message', (data) => connection.messages.push(JSON.parse(String(data))));
    connections.push(connection);
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    connections,
    attempts,
    latest: () => connections[connections.length - 1],
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
type FakeDhanFeed = Awaited<ReturnType<typeof startFakeDhanFeed>>;

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type LogLine = { level: 'info' | 'warn' | 'error'; details: Record<string, unknown>; message: string };
let logs: LogLine[];
let feed: FakeDhanFeed;
let providers: DhanMarketData[];
let quotes: ProviderQuote[];
const onQuote = (quote: ProviderQuote) => quotes.push(quote);

function dhan(options: Partial<DhanMarketDataOptions> = {}) {
  const provider = new DhanMarketData({
    baseUrl: feed.url,
    clientId: CLIENT_ID,
    accessToken: ACCESS_TOKEN,
    baseDelayMs: 10,
    maxDelayMs: 40,
    log: {
      info: (details, message) => logs.push({ level: 'info', details, message }),
      warn: (details, message) => logs.push({ level: 'warn', details, message }),
      error: (details, message) => logs.push({ level: 'error', details, message }),
    },
    ...options,
  });
  providers.push(provider);
  return provider;
}

/** Everything an admin or the log could ever see from these providers. */
function everythingShown(extra: string[] = []): string {
  return JSON.stringify([logs, providers.map((provider) => provider.status().lastError), extra]);
}

beforeEach(async () => {
  logs = [];
  quotes = [];
  providers = [];
  feed = await startFakeDhanFeed();
});
afterEach(async () => {
  await Promise.all(providers.map((provider) => provider.stop()));
  await feed.close();
  // Whatever the test did, no secret reached a log line or a status.
  expect(everythingShown()).not.toContain(ACCESS_TOKEN);
  expect(everythingShown()).not.toContain(CLIENT_ID);
});

const NIFTY = { symbol: 'NIFTY50', providerSymbol: 'IDX_I:13' };
const SENSEX = { symbol: 'SENSEX', providerSymbol: 'IDX_I:51' };
const HDFCBANK = { symbol: 'HDFCBANK', providerSymbol: 'NSE_EQ:1333' };
const RELIANCE = { symbol: 'RELIANCE', providerSymbol: 'NSE_EQ:2885' };

describe('Dhan feed packets (recorded-shape fixtures)', () => {
  it('reads a full packet for an equity and quotes its best bid and ask', () => {
    const [packet] = parseDhanFeedFrame(fixture('full-hdfcbank'));
    expect(packet).toMatchObject({
      kind: 'full',
      segment: SEGMENT.NSE_EQ,
      securityId: 1333,
      tradeTime: 1795149942,
    });
    if (packet.kind !== 'full') throw new Error('expected a full packet');
    expect(packet.ltp).toBeCloseTo(1642.35, 4);
    expect(packet.depth).toHaveLength(5);
    expect(packet.depth[0]).toMatchObject({ bidQuantity: 350, askQuantity: 212, bidOrders: 7, askOrders: 4 });
    expect(packet.depth[4]).toMatchObject({
      bidQuantity: 615,
      askQuantity: 1894,
      bidOrders: 6,
      askOrders: 17,
    });
    expect(dhanQuoteFromPacket(packet)).toEqual({ bid: 1642.3, ask: 1642.45 });
  });

  it('reads a ticker packet for an index and quotes it at LTP ± half the documented spread', () => {
    const [packet] = parseDhanFeedFrame(fixture('ticker-nifty50'));
    expect(packet).toMatchObject({
      kind: 'ticker',
      segment: SEGMENT.IDX_I,
      securityId: 13,
      tradeTime: 1795149942,
    });
    // 1 basis point of 24,350.55 is 2.435 points: half below, half above, in whole paise.
    expect(DHAN_INDEX_SPREAD_BPS).toBe(1);
    expect(dhanQuoteFromPacket(packet)).toEqual({ bid: 24349.33, ask: 24351.77 });
    expect(dhanQuoteFromPacket(packet, 4)).toEqual({ bid: 24345.68, ask: 24355.42 });
  });

  it('reads a server disconnect and its reason', () => {
    expect(parseDhanFeedFrame(fixture('disconnect-807'))).toEqual([{ kind: 'disconnect', reason: 807 }]);
  });

  it('splits a frame holding several packets and drops a truncated tail', () => {
    const frame = Buffer.concat([
      fixture('ticker-nifty50'),
      fixture('full-hdfcbank'),
      fixture('full-hdfcbank').subarray(0, 40),
    ]);
    expect(parseDhanFeedFrame(frame).map((packet) => packet.kind)).toEqual(['ticker', 'full']);
    expect(parseDhanFeedFrame(Buffer.from([2, 16, 0]))).toEqual([]);
  });

  it('gives no quote for an empty or one-sided book', () => {
    const [oneSided] = parseDhanFeedFrame(fullPacket(SEGMENT.NSE_EQ, 2885, 1290, 1290, 0));
    const [empty] = parseDhanFeedFrame(fullPacket(SEGMENT.NSE_EQ, 2885, 1290, 0, 0));
    expect(dhanQuoteFromPacket(oneSided)).toBeNull();
    expect(dhanQuoteFromPacket(empty)).toBeNull();
  });

  it('reads provider symbols as SEGMENT:SECURITY_ID', () => {
    expect(parseDhanProviderSymbol('NSE_EQ:1333')).toEqual({ segment: 'NSE_EQ', securityId: '1333' });
    expect(parseDhanProviderSymbol(' idx_i:13 ')).toEqual({ segment: 'IDX_I', securityId: '13' });
    expect(parseDhanProviderSymbol('BSE_EQ:0500325')).toEqual({ segment: 'BSE_EQ', securityId: '500325' });
    for (const bad of ['RELIANCE', 'NSE:2885', 'NSE_EQ:', 'NSE_EQ:12a', 'NSE_EQ:1333:1'])
      expect(parseDhanProviderSymbol(bad)).toBeNull();
  });
});

describe('Dhan market data against a local feed', () => {
  it('connects with version 2, the token and the client ID, and subscribes indices as tickers, equities as full packets', async () => {
    const provider = dhan();
    await provider.start([NIFTY, HDFCBANK, SENSEX], onQuote);
    await waitFor(() => feed.latest()?.messages.length === 2);

    const { query, messages } = feed.latest();
    expect(Object.fromEntries(query)).toEqual({
      version: '2',
      token: ACCESS_TOKEN,
      clientId: CLIENT_ID,
      authType: '2',
    });
    expect(messages).toEqual([
      {
        RequestCode: 15,
        InstrumentCount: 2,
        InstrumentList: [
          { ExchangeSegment: 'IDX_I', SecurityId: '13' },
          { ExchangeSegment: 'IDX_I', SecurityId: '51' },
        ],
      },
      {
        RequestCode: 21,
        InstrumentCount: 1,
        InstrumentList: [{ ExchangeSegment: 'NSE_EQ', SecurityId: '1333' }],
      },
    ]);
    expect(provider.status()).toMatchObject({
      name: 'dhan',
      connected: true,
      subscribed: 3,
      lastError: null,
    });
  });

  it('turns packets into quotes for our symbols: equities from the depth, indices at LTP ± half the spread', async () => {
    const provider = dhan();
    await provider.start([NIFTY, HDFCBANK, { symbol: 'NIFTY', providerSymbol: 'IDX_I:13' }], onQuote);
    await waitFor(() => feed.latest()?.messages.length === 2);
    const before = Date.now();

    feed.latest().socket.send(fixture('full-hdfcbank'));
    feed.latest().socket.send(fixture('ticker-nifty50'));
    // Packets for instruments we did not ask for are ignored.
    feed.latest().socket.send(tickerPacket(SEGMENT.IDX_I, 25, 52000));
    await waitFor(() => quotes.length === 3);

    expect(quotes.map(({ symbol, bid, ask }) => ({ symbol, bid, ask }))).toEqual([
      { symbol: 'HDFCBANK', bid: 1642.3, ask: 1642.45 },
      { symbol: 'NIFTY50', bid: 24349.33, ask: 24351.77 },
      { symbol: 'NIFTY', bid: 24349.33, ask: 24351.77 },
    ]);
    for (const quote of quotes) expect(quote.time).toBeGreaterThanOrEqual(before);
    expect(provider.status().lastQuoteAt).toBeGreaterThanOrEqual(before);
  });

  it('sends more than 100 instruments in messages of at most 100', async () => {
    const equities = Array.from({ length: 250 }, (_, index) => ({
      symbol: `EQ${index}`,
      providerSymbol: `NSE_EQ:${10_000 + index}`,
    }));
    const provider = dhan();
    await provider.start([...equities, NIFTY], onQuote);
    await waitFor(() => feed.latest()?.messages.length === 4);

    const { messages } = feed.latest();
    expect(messages.map((message) => [message.RequestCode, message.InstrumentCount])).toEqual([
      [15, 1],
      [21, 100],
      [21, 100],
      [21, 50],
    ]);
    for (const message of messages) expect(message.InstrumentList).toHaveLength(message.InstrumentCount);
    const securityIds = messages
      .slice(1)
      .flatMap((message) => message.InstrumentList.map((item) => item.SecurityId));
    expect(new Set(securityIds).size).toBe(250);
    expect(provider.status().subscribed).toBe(251);
  });

  it('resubscribes to exactly the new list when started again', async () => {
    const provider = dhan();
    await provider.start([NIFTY, HDFCBANK], onQuote);
    await waitFor(() => feed.latest()?.messages.length === 2);

    const secondQuotes: ProviderQuote[] = [];
    await provider.start([HDFCBANK, RELIANCE, SENSEX], (quote) => secondQuotes.push(quote));
    await waitFor(() => feed.latest().messages.length === 5);
    expect(feed.connections).toHaveLength(1);
    expect(feed.latest().messages.slice(2)).toEqual([
      {
        RequestCode: 16,
        InstrumentCount: 1,
        InstrumentList: [{ ExchangeSegment: 'IDX_I', SecurityId: '13' }],
      },
      {
        RequestCode: 15,
        InstrumentCount: 1,
        InstrumentList: [{ ExchangeSegment: 'IDX_I', SecurityId: '51' }],
      },
      {
        RequestCode: 21,
        InstrumentCount: 1,
        InstrumentList: [{ ExchangeSegment: 'NSE_EQ', SecurityId: '2885' }],
      },
    ]);

    feed.latest().socket.send(fixture('ticker-nifty50')); // no longer ours
    feed.latest().socket.send(fullPacket(SEGMENT.NSE_EQ, 2885, 1290.4, 1290.35, 1290.45));
    await waitFor(() => secondQuotes.length === 1);
    expect(secondQuotes[0]).toMatchObject({ symbol: 'RELIANCE', bid: 1290.35, ask: 1290.45 });
    expect(quotes).toEqual([]);
    expect(provider.status().subscribed).toBe(3);
  });

  it('reconnects with backoff after a dropped connection and subscribes everything again', async () => {
    const provider = dhan();
    await provider.start([NIFTY, HDFCBANK], onQuote);
    await waitFor(() => feed.latest()?.messages.length === 2);
    const firstMessages = feed.latest().messages;

    feed.latest().socket.terminate();
    await waitFor(() => feed.connections.length === 2 && feed.latest().messages.length === 2);
    expect(feed.latest().messages).toEqual(firstMessages);
    const drop = logs.find((line) => line.level === 'warn' && line.details.reason === 1006);
    expect(drop?.details.retryInMs).toBeGreaterThanOrEqual(5);
    expect(drop?.details.retryInMs).toBeLessThanOrEqual(10);

    feed.latest().socket.send(fixture('ticker-nifty50'));
    await waitFor(() => quotes.length === 1);
    expect(provider.status()).toMatchObject({ connected: true, subscribed: 2, lastError: null });
  });

  it('on disconnect 807 says the token expired after 24 hours and waits minutes, not seconds', async () => {
    const provider = dhan();
    await provider.start([NIFTY], onQuote);
    await waitFor(() => feed.latest()?.messages.length === 1);

    feed.latest().socket.send(fixture('disconnect-807'));
    feed.latest().socket.close();
    await waitFor(() => provider.status().lastError !== null);

    const { lastError, connected } = provider.status();
    expect(connected).toBe(false);
    expect(lastError).toMatch(
      /^The Dhan access token has expired \(807\); Dhan access tokens last 24 hours\./,
    );
    expect(lastError).toContain('An admin must paste a new one');
    const line = logs.find((entry) => entry.details.reason === 807);
    expect(line?.level).toBe('error');
    expect(line?.details.retryInMs).toBeGreaterThanOrEqual(2.5 * 60_000);
    await pause(300); // an ordinary drop would have reconnected ten times by now
    expect(feed.connections).toHaveLength(1);
  });

  it('says what to do for the other disconnect reasons, and backs off from an account with too many connections', async () => {
    const reasons: Array<[number, RegExp, 'warn' | 'error']> = [
      [805, /more than 5 feed connections open \(805\)\. Close other apps/, 'warn'],
      [806, /no Data API subscription \(806\)\. Subscribe to Data APIs/, 'error'],
      [808, /did not accept the client ID and access token \(808\)/, 'error'],
      [809, /access token is invalid \(809\)\. An admin must paste a new one/, 'error'],
      [810, /client ID is invalid \(810\)\. An admin must check the Dhan client ID/, 'error'],
    ];
    for (const [reason, sentence, level] of reasons) {
      const provider = dhan();
      const connectionsBefore = feed.connections.length;
      await provider.start([NIFTY], onQuote);
      await waitFor(() => feed.connections.length > connectionsBefore && feed.latest().messages.length === 1);
      feed.latest().socket.send(disconnectPacket(reason));
      await waitFor(() => provider.status().lastError !== null);
      expect(provider.status().lastError).toMatch(sentence);
      const line = logs.find((entry) => entry.details.reason === reason);
      expect(line?.level).toBe(level);
      expect(line?.details.retryInMs).toBeGreaterThanOrEqual(60_000);
      await provider.stop();
    }
  });

  it('refuses to spin on a rejected handshake (HTTP 401) and says to paste a new token', async () => {
    const provider = dhan({ accessToken: 'eyJ-an-old-token-from-yesterday' });
    await provider.start([NIFTY], onQuote);
    await waitFor(() => provider.status().lastError !== null);

    expect(provider.status().lastError).toMatch(
      /^Dhan refused the market feed connection \(HTTP 401\): the client ID or access token is not valid, or the token has expired \(Dhan access tokens last 24 hours\)\./,
    );
    expect(logs.find((entry) => entry.details.reason === 401)?.details.retryInMs).toBeGreaterThanOrEqual(
      150_000,
    );
    await pause(200);
    expect(feed.attempts).toHaveLength(1);
    expect(everythingShown()).not.toContain('eyJ-an-old-token-from-yesterday');
  });

  it('drops a line that has gone silent and connects again', async () => {
    const provider = dhan({ idleTimeoutMs: 100 });
    await provider.start([NIFTY], onQuote);
    await waitFor(() => feed.connections.length >= 2, 2000);
    expect(logs.some((entry) => entry.details.reason === 'idle')).toBe(true);
    expect(logs.find((entry) => entry.details.reason === 'idle')?.message).toContain('went silent');
  });

  it('keeps going without the instruments whose Dhan symbol is not valid, and says which', async () => {
    const provider = dhan();
    await provider.start([NIFTY, { symbol: 'TCS', providerSymbol: 'TCS' }], onQuote);
    await waitFor(() => feed.latest()?.messages.length === 1);
    expect(feed.latest().messages[0].InstrumentList).toEqual([
      { ExchangeSegment: 'IDX_I', SecurityId: '13' },
    ]);
    expect(provider.status().lastError).toMatch(/^TCS has no valid Dhan symbol and gets no quotes/);
    expect(provider.status().lastError).toContain('NSE_EQ:1333');
  });

  it('refuses to start without a client ID or access token', async () => {
    const provider = dhan({ accessToken: '  ' });
    await expect(provider.start([NIFTY], onQuote)).rejects.toThrow(/needs a Dhan client ID and access token/);
    expect(provider.status().lastError).toMatch(/an admin must enter both/);
    await pause(50);
    expect(feed.attempts).toHaveLength(0);
  });

  it('stop says goodbye, closes, and never reconnects', async () => {
    const provider = dhan();
    await provider.start([NIFTY], onQuote);
    await waitFor(() => feed.latest()?.messages.length === 1);
    const connection = feed.latest();
    const closed = new Promise((resolve) => connection.socket.once('close', resolve));

    await provider.stop();
    await closed;
    expect(connection.messages.at(-1)).toEqual({ RequestCode: 12 });
    expect(provider.status()).toMatchObject({ connected: false, subscribed: 0 });
    await pause(100);
    expect(feed.connections).toHaveLength(1);
  });

  it('an empty list closes the connection; a new list opens one', async () => {
    const provider = dhan();
    await provider.start([NIFTY], onQuote);
    await waitFor(() => feed.latest()?.messages.length === 1);
    await provider.start([], onQuote);
    expect(provider.status()).toMatchObject({ connected: false, subscribed: 0 });
    await pause(60);
    expect(feed.connections).toHaveLength(1);

    await provider.start([HDFCBANK], onQuote);
    await waitFor(() => feed.connections.length === 2 && feed.latest().messages.length === 1);
    expect(feed.latest().messages[0].RequestCode).toBe(21);
  });
});

describe('Dhan probe (the admin "test connection")', () => {
  it('answers with the first quote, on a connection of its own that it closes', async () => {
    const provider = dhan();
    await provider.start([HDFCBANK], onQuote);
    await waitFor(() => feed.latest()?.messages.length === 1);
    const running = feed.latest();

    const probe = provider.probe('IDX_I:13', 2000);
    await waitFor(() => feed.connections.length === 2 && feed.latest().messages.length === 1);
    const probeConnection = feed.latest();
    expect(probeConnection.messages[0]).toEqual({
      RequestCode: 15,
      InstrumentCount: 1,
      InstrumentList: [{ ExchangeSegment: 'IDX_I', SecurityId: '13' }],
    });
    probeConnection.socket.send(fixture('ticker-nifty50'));

    await expect(probe).resolves.toMatchObject({ bid: 24349.33, ask: 24351.77, time: expect.any(Number) });
    await waitFor(() => probeConnection.socket.readyState === probeConnection.socket.CLOSED);
    expect(running.socket.readyState).toBe(running.socket.OPEN);
    expect(running.messages).toHaveLength(1);
    expect(quotes).toEqual([]);
  });

  it('explains a bad symbol, silence, and an expired token', async () => {
    const provider = dhan();
    await expect(provider.probe('RELIANCE', 500)).rejects.toThrow(
      /"RELIANCE" is not a Dhan symbol; use SEGMENT:SECURITY_ID/,
    );

    const silent = provider.probe('NSE_EQ:2885', 150);
    await expect(silent).rejects.toThrow(
      /Dhan sent no two-sided price for NSE_EQ:2885 within 0.15 s\. The market may be closed/,
    );

    const expired = provider.probe('IDX_I:13', 2000);
    await waitFor(() => feed.connections.length === 2 && feed.latest().messages.length === 1);
    feed.latest().socket.send(fixture('disconnect-807'));
    const error = await expired.catch((reason: Error) => reason);
    expect((error as Error).message).toMatch(/^The Dhan access token has expired \(807\)/);

    const refused = dhan({ clientId: '1100000000' }).probe('IDX_I:13', 2000);
    const refusal = await refused.catch((reason: Error) => reason);
    expect((refusal as Error).message).toMatch(/^Dhan refused the market feed connection \(HTTP 401\)/);
    expect(everythingShown([(error as Error).message, (refusal as Error).message])).not.toMatch(
      /1100000000|dhan-test-token/,
    );
  });
});
