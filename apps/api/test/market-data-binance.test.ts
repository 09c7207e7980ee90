import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import {
  BinanceMarketData,
  type BinanceMarketDataOptions,
  groupStreams,
  parseBookTicker,
} from '../src/providers/market-data/binance-market-data.ts';
import type { ProviderQuote } from '../src/providers/market-data/market-data-provider.ts';

/** Book tickers in the shape Binance's combined streams send them (docs: "Individual Symbol Book Ticker Streams"). */
const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/market-data/binance-book-ticker.json', import.meta.url), 'utf8'),
);

type Connection = { url: string; socket: WebSocket; closed: boolean };

/** A local stand-in for stream.binance.com: records each connection's URL; each test scripts what it sends. */
let server: WebSocketServer;
let base = '';
const connections: Connection[] = [];
let onConnection: (connection: Connection) => void = () => undefined;

beforeAll(async () => {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(server, 'listening');
  base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.on('connection', (socket, request) => {
    const connection: Connection = { url: request.url ?? '', socket, closed: false };
    connections.push(connection);
    socket.on('close', () => {
      connection.closed = true;
    });
    onConnection(connection);
  });
});

afterAll(async () => {
  for (const client of server.clients) client.terminate();
  await new Promise((resolve) => server.close(resolve));
});

const logs: unknown[][] = [];
const log = {
  info: (...args: unknown[]) => logs.push(args),
  warn: (...args: unknown[]) => logs.push(args),
  error: (...args: unknown[]) => logs.push(args),
};

let adapters: BinanceMarketData[] = [];
afterEach(async () => {
  await Promise.all(adapters.map((adapter) => adapter.stop()));
  adapters = [];
  connections.length = 0;
  logs.length = 0;
  onConnection = () => undefined;
});

function binance(options: Partial<BinanceMarketDataOptions> = {}) {
  const adapter = new BinanceMarketData({ baseUrl: base, log, baseDelayMs: 5, maxDelayMs: 20, ...options });
  adapters.push(adapter);
  return adapter;
}

const send = (connection: Connection, message: unknown) =>
  connection.socket.send(typeof message === 'string' ? message : JSON.stringify(message));

async function waitFor<T>(check: () => T, what: string, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const btc = { symbol: 'BTCUSD', providerSymbol: 'btcusdt' };
const eth = { symbol: 'ETHUSD', providerSymbol: 'ETHUSDT' };

describe('Binance market data against a local stream server', () => {
  it('names exactly the subscribed streams in the URL and maps book tickers to our symbols as numbers', async () => {
    onConnection = (connection) => {
      for (const message of [...fixture.btcusdt, ...fixture.ethusdt]) send(connection, message);
    };
    const quotes: ProviderQuote[] = [];
    const adapter = binance();
    await adapter.start([btc, eth], (quote) => quotes.push(quote));

    await waitFor(() => quotes.length === 3, 'three quotes');
    expect(connections.map((connection) => connection.url)).toEqual([
      '/stream?streams=btcusdt@bookTicker/ethusdt@bookTicker',
    ]);
    expect(quotes).toEqual([
      { symbol: 'BTCUSD', bid: 97321.45, ask: 97321.46 },
      { symbol: 'BTCUSD', bid: 97321.44, ask: 97321.45 },
      { symbol: 'ETHUSD', bid: 3412.18, ask: 3412.19 },
    ]);
    expect(adapter.status()).toMatchObject({
      name: 'binance',
      connected: true,
      subscribed: 2,
      lastError: null,
    });
    expect(adapter.status().lastQuoteAt).toEqual(expect.any(Number));
  });

  it('keeps the connection for an unchanged list and replaces it for a new one', async () => {
    const adapter = binance();
    await adapter.start([btc, eth], () => undefined);
    await waitFor(() => adapter.status().connected, 'connected');
    await adapter.start([eth, btc], () => undefined);
    expect(connections).toHaveLength(1);

    await adapter.start([eth, { symbol: 'SOLUSD', providerSymbol: 'solusdt' }], () => undefined);
    await waitFor(() => connections.length === 2 && connections[0].closed, 'the old connection replaced');
    expect(connections[1].url).toBe('/stream?streams=ethusdt@bookTicker/solusdt@bookTicker');
  });

  it('splits streams over several connections beyond the per-connection limit', async () => {
    const adapter = binance({ maxStreamsPerConnection: 2 });
    await adapter.start([btc, eth, { symbol: 'SOLUSD', providerSymbol: 'solusdt' }], () => undefined);
    await waitFor(() => adapter.status().connected, 'connected');
    expect(connections.map((connection) => connection.url).sort()).toEqual([
      '/stream?streams=btcusdt@bookTicker/ethusdt@bookTicker',
      '/stream?streams=solusdt@bookTicker',
    ]);
    expect(adapter.status().subscribed).toBe(3);
  });

  it('reconnects after Binance closes the connection (its 24-hour limit) and quotes flow again', async () => {
    onConnection = (connection) =>
      send(connection, fixture.btcusdt[connections.length - 1] ?? fixture.btcusdt[0]);
    const quotes: ProviderQuote[] = [];
    const adapter = binance();
    await adapter.start([btc], (quote) => quotes.push(quote));
    await waitFor(() => quotes.length === 1, 'the first quote');

    connections[0].socket.close(1000, 'connection age limit');
    await waitFor(() => quotes.length === 2, 'a quote on the new connection');
    expect(connections.map((connection) => connection.url)).toEqual([
      '/stream?streams=btcusdt@bookTicker',
      '/stream?streams=btcusdt@bookTicker',
    ]);
    expect(quotes[1]).toEqual({ symbol: 'BTCUSD', bid: 97321.44, ask: 97321.45 });
    expect(adapter.status()).toMatchObject({ connected: true, lastError: null });

    // An abrupt drop is a problem worth telling the admin about, and heals the same way.
    connections[1].socket.terminate();
    await waitFor(() => quotes.length === 3, 'a quote after the abrupt drop');
    // Quotes flow again: the problem is reported as over, not beside "connected" as if current.
    expect(adapter.status().lastError).toMatch(
      /^Recovered at \d{4}-\d{2}-\d{2}T[\d:.]+Z: the Binance connection was lost: .*; reconnecting\.$/,
    );
  });

  it('reconnects a connection that keeps answering pings but sends no prices, and says so', async () => {
    // The first connection sends one quote, then only keeps the socket alive; the next one streams.
    onConnection = (connection) => {
      send(connection, fixture.btcusdt[0]);
      if (connections.length > 1) {
        const timer = setInterval(
          () => (connection.closed ? clearInterval(timer) : send(connection, fixture.btcusdt[0])),
          20,
        );
      } else {
        const timer = setInterval(
          () => (connection.closed ? clearInterval(timer) : connection.socket.ping()),
          20,
        );
      }
    };
    const quotes: ProviderQuote[] = [];
    const adapter = binance({ dataSilenceMs: 300 });
    await adapter.start([btc], (quote) => quotes.push(quote));
    await waitFor(() => quotes.length === 1, 'the first quote');
    await waitFor(() => connections.length === 2, 'a new connection after the prices stopped');
    expect(connections[0].closed || connections[0].socket.readyState !== connections[0].socket.OPEN).toBe(
      true,
    );
    expect(
      logs.some((entry) =>
        String(entry[1]).startsWith('Binance sent no prices for 0.3 s although the connection stayed open'),
      ),
    ).toBe(true);
    await waitFor(() => quotes.length > 3, 'prices on the new connection');
    expect(adapter.status()).toMatchObject({ connected: true });
  });

  it('backs off exponentially while Binance cannot be reached, and says why', async () => {
    const closedServer = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(closedServer, 'listening');
    const port = (closedServer.address() as AddressInfo).port;
    await new Promise((resolve) => closedServer.close(resolve));

    const adapter = binance({ baseUrl: `ws://127.0.0.1:${port}`, random: () => 1 });
    await adapter.start([btc], () => undefined);
    const delays = () =>
      logs.filter((entry) => entry[1] === 'market data: reconnect scheduled').map((entry) => entry[0]);
    await waitFor(() => delays().length >= 4, 'four reconnect attempts');
    expect(delays().slice(0, 4)).toEqual([
      { provider: 'binance', delayMs: 5 },
      { provider: 'binance', delayMs: 10 },
      { provider: 'binance', delayMs: 20 },
      { provider: 'binance', delayMs: 20 },
    ]);
    expect(adapter.status()).toMatchObject({ connected: false, subscribed: 0 });
    expect(adapter.status().lastError).toMatch(/could not connect \(connect ECONNREFUSED/);
  });

  it('answers the server ping with a pong carrying the same payload', async () => {
    const pongs: string[] = [];
    onConnection = (connection) => {
      connection.socket.on('pong', (data) => pongs.push(data.toString()));
      connection.socket.ping('keepalive-7f3a');
    };
    await binance().start([btc], () => undefined);
    await waitFor(() => pongs.length === 1, 'a pong');
    expect(pongs).toEqual(['keepalive-7f3a']);
  });

  it('ignores malformed messages, counts them in lastError, and keeps the connection', async () => {
    onConnection = (connection) => {
      send(connection, '{"stream":"btcusdt@bookTicker","data":{"b":"973');
      send(connection, 'not json at all');
      send(connection, fixture.btcusdt[0]);
    };
    const quotes: ProviderQuote[] = [];
    const adapter = binance();
    await adapter.start([btc], (quote) => quotes.push(quote));
    await waitFor(() => quotes.length === 1, 'the valid quote');
    expect(adapter.status()).toMatchObject({
      connected: true,
      lastError: 'Binance sent 2 messages that were not valid JSON; they were ignored.',
    });
    expect(connections).toHaveLength(1);
  });

  it('reconnects at once when Binance announces a server shutdown', async () => {
    onConnection = (connection) =>
      send(connection, connections.length === 1 ? fixture.serverShutdown : fixture.btcusdt[0]);
    const quotes: ProviderQuote[] = [];
    await binance().start([btc], (quote) => quotes.push(quote));
    await waitFor(() => quotes.length === 1, 'a quote on the next connection');
    expect(connections).toHaveLength(2);
    expect(connections[0].closed).toBe(true);
  });

  it('reconnects on its own before the connection reaches its age limit', async () => {
    const adapter = binance({ maxConnectionAgeMs: 60 });
    await adapter.start([btc], () => undefined);
    await waitFor(() => connections.length >= 3, 'two planned reconnects');
    expect(connections[0].closed && connections[1].closed).toBe(true);
    expect(adapter.status().lastError).toBeNull();
  });

  it('stop() closes the connection and stops reconnecting', async () => {
    // A server that drops every connection: without stop() the adapter would keep coming back.
    onConnection = (connection) => connection.socket.terminate();
    const adapter = binance();
    await adapter.start([btc], () => undefined);
    await waitFor(() => connections.length >= 4, 'several reconnects');
    await adapter.stop();
    const seen = connections.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(connections).toHaveLength(seen);
    expect(connections.every((connection) => connection.closed)).toBe(true);
    expect(adapter.status()).toMatchObject({ connected: false, subscribed: 0 });
  });

  it('probe() answers with the first quote on a short connection of its own', async () => {
    onConnection = (connection) => send(connection, fixture.btcusdt[0]);
    const quote = await binance().probe('BTCUSDT', 2000);
    expect(quote).toEqual({ bid: 97321.45, ask: 97321.46, time: expect.any(Number) });
    expect(connections.map((connection) => connection.url)).toEqual(['/stream?streams=btcusdt@bookTicker']);
    await waitFor(() => connections[0].closed, 'the probe connection closed');
  });

  it('probe() rejects with a sentence when no quote comes in time, or the symbol cannot be a Binance pair', async () => {
    const adapter = binance();
    await expect(adapter.probe('xyzusdt', 100)).rejects.toThrow(
      'Binance sent no quote for xyzusdt within 0.1 s. Check that it is a Binance spot pair written like btcusdt.',
    );
    await expect(adapter.probe('BTC/USDT', 100)).rejects.toThrow(
      '"BTC/USDT" is not a Binance symbol: write the spot pair without separators, like btcusdt.',
    );
  });
});

describe('Binance stream rules', () => {
  it('reads a combined-stream book ticker and nothing else', () => {
    expect(parseBookTicker(fixture.ethusdt[0])).toEqual({
      stream: 'ethusdt@bookTicker',
      bid: 3412.18,
      ask: 3412.19,
    });
    expect(parseBookTicker(fixture.invalidStreamError)).toBeNull();
    expect(parseBookTicker({ stream: 'btcusdt@bookTicker', data: { b: 'NaN', a: '1' } })).toBeNull();
  });

  it('groups streams by the per-connection limit and by URL length', () => {
    const streams = ['aaa@bookTicker', 'bbb@bookTicker', 'ccc@bookTicker'];
    expect(groupStreams(streams, 1024, 8000)).toEqual([streams]);
    expect(groupStreams(streams, 2, 8000)).toEqual([streams.slice(0, 2), streams.slice(2)]);
    // 14 characters a stream, 29 for two with the slash.
    expect(groupStreams(streams, 1024, 29)).toEqual([streams.slice(0, 2), streams.slice(2)]);
    expect(groupStreams(streams, 1024, 28)).toEqual([[streams[0]], [streams[1]], [streams[2]]]);
  });
});
