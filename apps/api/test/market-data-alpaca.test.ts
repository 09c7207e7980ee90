import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import {
  AlpacaMarketData,
  type AlpacaMarketDataOptions,
  alpacaFeedOf,
} from '../src/providers/market-data/alpaca-market-data.ts';
import type { ProviderQuote } from '../src/providers/market-data/market-data-provider.ts';

/** The messages Alpaca's "WebSocket Stream" and "Real-time Stock Data" pages document. */
const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/market-data/alpaca-stream.json', import.meta.url), 'utf8'),
);

const KEY_ID = 'PKT3ST5K9QZ2W8X1ALPC';
const SECRET = 'alpaca-secret-9f8e7d6c5b4a';
const STOCKS = '/v2/iex';
const CRYPTO = '/v1beta3/crypto/us';

type Session = {
  path: string;
  socket: WebSocket;
  received: Array<Record<string, unknown>>;
  quotes: Set<string>;
  authenticated: boolean;
  openedAt: number;
  closedAt: number | null;
};

/**
 * A local stand-in for stream.data.alpaca.markets: greets, checks the key, keeps each session's quote
 * subscriptions and answers with the whole set, and counts how many sessions each feed has open at once.
 */
let server: WebSocketServer;
let base = '';
const sessions: Session[] = [];
const open = new Map<string, number>();
const mostOpen = new Map<string, number>();
/**
 * Which test a connection belongs to: a socket the last test's clean-up terminated may report its
 * close only after the counts were reset for the next test, and must not count there (it once
 * turned the next test's count into NaN).
 */
let generation = 0;
let symbolLimit = 30;
/** What the server answers to an auth message (default: checks the key and secret). */
let authReply: (session: Session) => unknown = (session) => {
  const message = session.received.at(-1)!;
  return message.key === KEY_ID && message.secret === SECRET ? fixture.authenticated : fixture.authFailed;
};
let onSubscribed: (session: Session, symbols: string[]) => void = () => undefined;

beforeAll(async () => {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(server, 'listening');
  base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.on('connection', (socket, request) => {
    const path = request.url ?? '';
    const session: Session = {
      path,
      socket,
      received: [],
      quotes: new Set(),
      authenticated: false,
      openedAt: Date.now(),
      closedAt: null,
    };
    sessions.push(session);
    const born = generation;
    open.set(path, (open.get(path) ?? 0) + 1);
    mostOpen.set(path, Math.max(mostOpen.get(path) ?? 0, open.get(path)!));
    socket.on('close', () => {
      session.closedAt = Date.now();
      if (born === generation) open.set(path, open.get(path)! - 1);
    });
    socket.on('message', (data) => answer(session, JSON.parse(data.toString())));
    socket.send(JSON.stringify(fixture.connected));
  });
});

afterAll(async () => {
  for (const client of server.clients) client.terminate();
  await new Promise((resolve) => server.close(resolve));
});

function answer(session: Session, message: Record<string, unknown>) {
  session.received.push(message);
  const reply = (value: unknown) => session.socket.send(JSON.stringify(value));
  if (message.action === 'auth') {
    const response = authReply(session);
    session.authenticated = response === fixture.authenticated;
    reply(response);
    // Alpaca ends a session it refused.
    if (!session.authenticated) session.socket.close(1000);
    return;
  }
  if (!session.authenticated) return reply([{ T: 'error', code: 401, msg: 'not authenticated' }]);
  const symbols = (message.quotes as string[] | undefined) ?? [];
  if (message.action === 'subscribe') {
    if (new Set([...session.quotes, ...symbols]).size > symbolLimit) return reply(fixture.symbolLimit);
    for (const symbol of symbols) session.quotes.add(symbol);
  } else if (message.action === 'unsubscribe') {
    for (const symbol of symbols) session.quotes.delete(symbol);
  }
  reply([{ T: 'subscription', trades: [], quotes: [...session.quotes], bars: [] }]);
  if (message.action === 'subscribe') onSubscribed(session, symbols);
}

/** Sends quotes the way Alpaca does: batched, and only for symbols the session subscribed. */
function publish(path: string, quotes: Array<{ S: string }>) {
  for (const session of sessions) {
    if (session.path !== path || session.closedAt !== null) continue;
    const batch = quotes.filter((quote) => session.quotes.has(quote.S));
    if (batch.length) session.socket.send(JSON.stringify(batch));
  }
}

const logs: unknown[][] = [];
const log = {
  info: (...args: unknown[]) => logs.push(args),
  warn: (...args: unknown[]) => logs.push(args),
  error: (...args: unknown[]) => logs.push(args),
};

let adapters: AlpacaMarketData[] = [];
afterEach(async () => {
  await Promise.all(adapters.map((adapter) => adapter.stop()));
  adapters = [];
  for (const client of server.clients) client.terminate();
  sessions.length = 0;
  generation += 1;
  open.clear();
  mostOpen.clear();
  logs.length = 0;
  symbolLimit = 30;
  authReply = (session) => {
    const message = session.received.at(-1)!;
    return message.key === KEY_ID && message.secret === SECRET ? fixture.authenticated : fixture.authFailed;
  };
  onSubscribed = () => undefined;
});

function alpaca(options: Partial<AlpacaMarketDataOptions> = {}) {
  const adapter = new AlpacaMarketData({
    keyId: KEY_ID,
    secretKey: SECRET,
    baseUrl: base,
    log,
    baseDelayMs: 5,
    maxDelayMs: 20,
    refusedDelayMs: 300,
    ...options,
  });
  adapters.push(adapter);
  return adapter;
}

async function waitFor<T>(check: () => T, what: string, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const sessionsOn = (path: string) => sessions.filter((session) => session.path === path);
const aapl = { symbol: 'AAPL', providerSymbol: 'AAPL' };
const msft = { symbol: 'MSFT', providerSymbol: 'msft' };
const btc = { symbol: 'BTCUSD', providerSymbol: 'BTC/USD' };

describe('Alpaca market data against a local stream server', () => {
  it('authenticates, subscribes, and maps batched quotes to our symbols, stocks and crypto on their own feeds', async () => {
    const quotes: ProviderQuote[] = [];
    const adapter = alpaca();
    await adapter.start([aapl, msft, btc], (quote) => quotes.push(quote));
    await waitFor(() => adapter.status().subscribed === 3, 'three confirmed subscriptions');

    expect(sessionsOn(STOCKS)[0].received).toEqual([
      { action: 'auth', key: KEY_ID, secret: SECRET },
      { action: 'subscribe', quotes: ['AAPL', 'MSFT'] },
    ]);
    expect(sessionsOn(CRYPTO)[0].received.at(-1)).toEqual({ action: 'subscribe', quotes: ['BTC/USD'] });

    publish(STOCKS, fixture.stockQuotes);
    publish(CRYPTO, fixture.cryptoQuotes);
    await waitFor(() => quotes.length === 3, 'three quotes');
    expect(quotes).toEqual(
      expect.arrayContaining([
        { symbol: 'AAPL', bid: 142.51, ask: 142.53, time: Date.parse('2026-11-23T15:04:05.123Z') },
        { symbol: 'MSFT', bid: 415.2, ask: 415.27, time: Date.parse('2026-11-23T15:04:05.130Z') },
        { symbol: 'BTCUSD', bid: 97250.1, ask: 97262.8, time: Date.parse('2026-11-23T15:04:05.412Z') },
      ]),
    );
    expect(adapter.status()).toMatchObject({
      name: 'alpaca',
      connected: true,
      subscribed: 3,
      lastError: null,
    });
  });

  it('says the key was refused (402) without repeating the key or the secret, and does not hammer Alpaca', async () => {
    // A hold-off no busy machine outlasts while the test looks (300 ms did: CI saw a second session).
    const adapter = alpaca({ secretKey: 'wrong-secret-1a2b3c4d', refusedDelayMs: 30_000 });
    await adapter.start([aapl], () => undefined);
    const lastError = await waitFor(() => adapter.status().lastError, 'an error');

    expect(lastError).toMatch(/^Alpaca refused the API key ID and secret key \(auth failed\)\./);
    expect(lastError).not.toContain(KEY_ID);
    expect(lastError).not.toContain('wrong-secret-1a2b3c4d');
    const logged = JSON.stringify(logs);
    expect(logged).not.toContain(KEY_ID);
    expect(logged).not.toContain('wrong-secret-1a2b3c4d');
    // The refused session closed, and the adapter waits the long delay before trying again.
    await waitFor(() => sessions[0].closedAt !== null, 'the session closed');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sessions).toHaveLength(1);
    expect(adapter.status().connected).toBe(false);

    // The admin's "test connection" gets the reason, and still no key.
    const probe = await adapter.probe('AAPL', 50).catch((error: Error) => error.message);
    expect(probe).toMatch(
      /^Alpaca sent no quote for AAPL within 0\.1 s\. The stocks connection is not up\. Last problem: Alpaca refused the API key/,
    );
    expect(probe).not.toContain('wrong-secret-1a2b3c4d');
    expect(sessions).toHaveLength(1);
  });

  it('on 406 names the one-connection limit and waits longer before the next attempt', async () => {
    authReply = (session) =>
      sessions.indexOf(session) === 0 ? fixture.connectionLimit : fixture.authenticated;
    const adapter = alpaca({ random: () => 1 });
    await adapter.start([aapl], () => undefined);

    const lastError = await waitFor(() => adapter.status().lastError, 'an error');
    expect(lastError).toBe(
      'Alpaca allows one market-data connection per account; another program is using it; retrying in 0.3 s.',
    );
    await waitFor(() => adapter.status().connected, 'connected on the second attempt', 3000);
    const [refused, accepted] = sessions;
    // An ordinary drop reconnects after 5 ms here; the refusal waited the 300 ms hold-off.
    expect(accepted.openedAt - refused.closedAt!).toBeGreaterThanOrEqual(250);
  });

  it('never has two connections to one feed open, through drops, list changes and probes', async () => {
    onSubscribed = (session, symbols) =>
      publish(
        session.path,
        symbols.map((symbol) => ({ ...fixture.stockQuotes[0], S: symbol })),
      );
    const adapter = alpaca();
    await adapter.start([aapl], () => undefined);
    await waitFor(() => adapter.status().connected, 'connected');

    for (const symbols of [[aapl, msft], [msft], [aapl]]) {
      sessionsOn(STOCKS).at(-1)!.socket.terminate();
      await adapter.start(symbols, () => undefined);
      const probe = adapter.probe('TSLA', 1000);
      await adapter.start([...symbols, { symbol: 'NVDA', providerSymbol: 'NVDA' }], () => undefined);
      await probe;
    }
    await adapter.start([], () => undefined);
    await adapter.start([aapl], () => undefined);
    await waitFor(() => adapter.status().connected, 'connected again');

    expect(sessionsOn(STOCKS).length).toBeGreaterThanOrEqual(4);
    expect(mostOpen.get(STOCKS)).toBe(1);
    expect(sessionsOn(CRYPTO)).toHaveLength(0);
  });

  it('resubscribes everything after a drop', async () => {
    const quotes: ProviderQuote[] = [];
    const adapter = alpaca();
    await adapter.start([aapl, msft], (quote) => quotes.push(quote));
    await waitFor(() => adapter.status().subscribed === 2, 'subscribed');

    sessions[0].socket.terminate();
    await waitFor(() => sessions.length === 2 && adapter.status().subscribed === 2, 'subscribed again');
    expect(sessions[1].received).toEqual([
      { action: 'auth', key: KEY_ID, secret: SECRET },
      { action: 'subscribe', quotes: ['AAPL', 'MSFT'] },
    ]);
    expect(adapter.status().lastError).toMatch(/^The Alpaca stocks connection was lost: .*; reconnecting\.$/);
    publish(STOCKS, fixture.stockQuotes);
    await waitFor(() => quotes.length === 2, 'quotes on the new session');
  });

  it('a new list sends subscribe and unsubscribe for the difference, and an empty feed frees its connection', async () => {
    const adapter = alpaca();
    await adapter.start([aapl, msft], () => undefined);
    await waitFor(() => adapter.status().subscribed === 2, 'subscribed');

    await adapter.start([msft, { symbol: 'TSLA', providerSymbol: 'TSLA' }, btc], () => undefined);
    await waitFor(() => adapter.status().subscribed === 3, 'the new list confirmed');
    expect(sessionsOn(STOCKS)).toHaveLength(1);
    expect(sessionsOn(STOCKS)[0].received.slice(2)).toEqual([
      { action: 'unsubscribe', quotes: ['AAPL'] },
      { action: 'subscribe', quotes: ['TSLA'] },
    ]);

    // Only crypto left: the stock connection closes, so the account's one slot is free for others.
    await adapter.start([btc], () => undefined);
    await waitFor(() => sessionsOn(STOCKS)[0].closedAt !== null, 'the stock connection closed');
    expect(adapter.status()).toMatchObject({ connected: true, subscribed: 1 });
  });

  it('reports a refused subscription (405 symbol limit) and keeps the connection', async () => {
    symbolLimit = 1;
    const adapter = alpaca();
    await adapter.start([aapl, msft], () => undefined);
    const lastError = await waitFor(() => adapter.status().lastError, 'an error');
    expect(lastError).toBe(
      "Alpaca refused the subscription on the stocks feed: it would exceed your plan's symbol limit. Remove instruments or upgrade the plan.",
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sessions).toHaveLength(1);
    expect(sessions[0].closedAt).toBeNull();
  });

  it('probe() answers a subscribed symbol with its latest quote, without another connection', async () => {
    const adapter = alpaca();
    await adapter.start([aapl], () => undefined);
    await waitFor(() => adapter.status().subscribed === 1, 'subscribed');
    publish(STOCKS, fixture.stockQuotes);
    publish(STOCKS, fixture.oneSidedQuote);
    await new Promise((resolve) => setTimeout(resolve, 50));

    // The one-sided quote (no bid on IEX) is passed to the engine but is no answer for a probe.
    expect(await adapter.probe('AAPL', 1000)).toEqual({
      bid: 142.51,
      ask: 142.53,
      time: Date.parse('2026-11-23T15:04:05.123Z'),
    });
    expect(sessions).toHaveLength(1);
  });

  it('probe() subscribes another symbol on the same connection for as long as it waits', async () => {
    onSubscribed = (session, symbols) => {
      if (symbols.includes('MSFT')) publish(session.path, fixture.stockQuotes);
    };
    const quotes: ProviderQuote[] = [];
    const adapter = alpaca();
    await adapter.start([aapl], (quote) => quotes.push(quote));
    await waitFor(() => adapter.status().subscribed === 1, 'subscribed');

    expect(await adapter.probe('MSFT', 1000)).toMatchObject({ bid: 415.2, ask: 415.27 });
    await waitFor(() => sessions[0].received.length === 4, 'the probe unsubscribed');
    expect(sessions[0].received.slice(2)).toEqual([
      { action: 'subscribe', quotes: ['MSFT'] },
      { action: 'unsubscribe', quotes: ['MSFT'] },
    ]);
    expect(sessions).toHaveLength(1);
    expect(quotes.map((quote) => quote.symbol)).toEqual(['AAPL']); // the probe's quote is not the engine's
  });

  it('probe() opens a short connection only when its feed has none, and closes it after', async () => {
    onSubscribed = (session) => publish(session.path, fixture.cryptoQuotes);
    const adapter = alpaca();
    expect(await adapter.probe('btc/usd', 1000)).toEqual({
      bid: 97250.1,
      ask: 97262.8,
      time: Date.parse('2026-11-23T15:04:05.412Z'),
    });
    expect(sessions.map((session) => session.path)).toEqual([CRYPTO]);
    await waitFor(() => sessions[0].closedAt !== null, 'the probe connection closed');
  });

  it('probe() rejects with a sentence when no quote comes in time', async () => {
    const adapter = alpaca();
    await adapter.start([aapl], () => undefined);
    await waitFor(() => adapter.status().connected, 'connected');
    await expect(adapter.probe('ZZZZ', 100)).rejects.toThrow(
      'Alpaca sent no quote for ZZZZ within 0.1 s. Check the symbol; stock quotes only arrive while the US market is open.',
    );
  });

  it('stop() closes every connection and stops reconnecting', async () => {
    const adapter = alpaca();
    await adapter.start([aapl, btc], () => undefined);
    await waitFor(() => adapter.status().connected, 'connected');
    await adapter.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sessions).toHaveLength(2);
    expect(sessions.every((session) => session.closedAt !== null)).toBe(true);
    expect(adapter.status()).toMatchObject({ connected: false, subscribed: 0 });
  });
});

describe('Alpaca feed rule', () => {
  it('sends pairs written with a slash to the crypto feed and the rest to the stock feed', () => {
    expect(alpacaFeedOf('BTC/USD')).toBe('crypto');
    expect(alpacaFeedOf('AAPL')).toBe('stocks');
    expect(alpacaFeedOf('BRK.B')).toBe('stocks');
  });
});
