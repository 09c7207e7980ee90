import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/**
 * Local stand-ins for the live market-data providers, on 127.0.0.1, each speaking its provider's
 * protocol as the adapters expect it (see market-data-binance/alpaca/dhan.test.ts for the details):
 * once a connection has done the provider's handshake and subscription, the server streams the
 * quotes it was given for what that connection subscribed, every `intervalMs`, until `silence()`.
 */
export type FakeFeed = {
  /** ws://127.0.0.1:<port>, the adapter's baseUrl. */
  url: string;
  /** Quote frames sent so far (all connections). */
  readonly sent: number;
  /** Stops sending quotes; the connections stay open, as a provider that has gone quiet. */
  silence(): void;
  close(): Promise<void>;
};

type Streamer = { socket: WebSocket; frames: () => Array<string | Buffer> };

async function startFeed(
  server: WebSocketServer,
  intervalMs: number,
): Promise<FakeFeed & { streamers: Set<Streamer> }> {
  await once(server, 'listening');
  const streamers = new Set<Streamer>();
  let quiet = false;
  let sent = 0;
  const timer = setInterval(() => {
    if (quiet) return;
    for (const streamer of streamers) {
      if (streamer.socket.readyState !== streamer.socket.OPEN) continue;
      for (const frame of streamer.frames()) {
        streamer.socket.send(frame);
        sent += 1;
      }
    }
  }, intervalMs);
  timer.unref();
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    streamers,
    get sent() {
      return sent;
    },
    silence() {
      quiet = true;
    },
    close() {
      clearInterval(timer);
      for (const client of server.clients) client.terminate();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Binance combined streams: the streams are named in the URL, no message is sent by the client. */
export async function startBinanceServer(
  quotes: Record<string, { bid: number; ask: number }>,
  intervalMs = 50,
) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const feed = await startFeed(server, intervalMs);
  const urls: string[] = [];
  server.on('connection', (socket, request) => {
    const url = request.url ?? '';
    urls.push(url);
    const streams = (new URL(url, 'http://127.0.0.1').searchParams.get('streams') ?? '').split('/');
    const streamer: Streamer = {
      socket,
      frames: () =>
        streams.flatMap((stream) => {
          const pair = stream.replace(/@bookTicker$/, '');
          const quote = quotes[pair];
          if (!quote || !stream.endsWith('@bookTicker')) return [];
          return JSON.stringify({
            stream,
            data: {
              u: Date.now(),
              s: pair.toUpperCase(),
              b: quote.bid.toFixed(8),
              B: '1.20618000',
              a: quote.ask.toFixed(8),
              A: '3.44871000',
            },
          });
        }),
    };
    feed.streamers.add(streamer);
    socket.on('close', () => feed.streamers.delete(streamer));
  });
  return Object.assign(feed, { urls });
}

/**
 * Alpaca market data v2: greets with "connected", takes {"action":"auth"} (checks the key and
 * secret), answers each subscribe/unsubscribe with the session's whole set, and sends quotes in
 * batches, only for subscribed symbols.
 */
export async function startAlpacaServer(
  credentials: { keyId: string; secretKey: string },
  quotes: Record<string, { bid: number; ask: number }>,
  intervalMs = 50,
) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const feed = await startFeed(server, intervalMs);
  const sessions: Array<{ path: string; received: Array<Record<string, unknown>> }> = [];
  server.on('connection', (socket, request) => {
    const session = { path: request.url ?? '', received: [] as Array<Record<string, unknown>> };
    sessions.push(session);
    const subscribed = new Set<string>();
    let authenticated = false;
    const reply = (value: unknown) => socket.send(JSON.stringify(value));
    const streamer: Streamer = {
      socket,
      frames: () => {
        const batch = [...subscribed]
          .filter((symbol) => quotes[symbol])
          .map((symbol) => ({
            T: 'q',
            S: symbol,
            bx: 'V',
            bp: quotes[symbol].bid,
            bs: 1,
            ax: 'V',
            ap: quotes[symbol].ask,
            as: 2,
            c: ['R'],
            z: 'C',
            t: new Date().toISOString(),
          }));
        return batch.length ? [JSON.stringify(batch)] : [];
      },
    };
    socket.on('close', () => feed.streamers.delete(streamer));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Record<string, unknown>;
      session.received.push(message);
      if (message.action === 'auth') {
        authenticated = message.key === credentials.keyId && message.secret === credentials.secretKey;
        if (!authenticated) {
          reply([{ T: 'error', code: 402, msg: 'auth failed' }]);
          socket.close(1000);
          return;
        }
        reply([{ T: 'success', msg: 'authenticated' }]);
        feed.streamers.add(streamer);
        return;
      }
      if (!authenticated) return reply([{ T: 'error', code: 401, msg: 'not authenticated' }]);
      const symbols = (message.quotes as string[] | undefined) ?? [];
      if (message.action === 'subscribe') for (const symbol of symbols) subscribed.add(symbol);
      else if (message.action === 'unsubscribe') for (const symbol of symbols) subscribed.delete(symbol);
      reply([{ T: 'subscription', trades: [], quotes: [...subscribed], bars: [] }]);
    });
    reply([{ T: 'success', msg: 'connected' }]);
  });
  return Object.assign(feed, { sessions });
}

/** Dhan's segment bytes (annexure) and the documented little-endian packet layouts. */
const DHAN_SEGMENTS: Record<string, number> = { IDX_I: 0, NSE_EQ: 1, BSE_EQ: 4 };

function dhanHeader(code: number, size: number, segment: number, securityId: number): Buffer {
  const packet = Buffer.alloc(size);
  packet.writeUInt8(code, 0);
  packet.writeUInt16LE(size, 1);
  packet.writeUInt8(segment, 3);
  packet.writeUInt32LE(securityId, 4);
  return packet;
}

/** A ticker packet (code 2): LTP and last trade time; what Dhan streams for an index. */
export function dhanTickerPacket(segment: number, securityId: number, ltp: number): Buffer {
  const packet = dhanHeader(2, 16, segment, securityId);
  packet.writeFloatLE(ltp, 8);
  packet.writeInt32LE(Math.floor(Date.now() / 1000), 12);
  return packet;
}

/** A full packet (code 8) with the best depth level: what Dhan streams for an equity. */
export function dhanFullPacket(
  segment: number,
  securityId: number,
  ltp: number,
  bid: number,
  ask: number,
): Buffer {
  const packet = dhanHeader(8, 162, segment, securityId);
  packet.writeFloatLE(ltp, 8);
  packet.writeInt16LE(1, 12);
  packet.writeInt32LE(Math.floor(Date.now() / 1000), 14);
  packet.writeInt32LE(100, 62);
  packet.writeInt32LE(100, 66);
  packet.writeInt16LE(3, 70);
  packet.writeInt16LE(2, 72);
  packet.writeFloatLE(bid, 74);
  packet.writeFloatLE(ask, 78);
  return packet;
}

export type DhanQuote = { ltp: number; bid?: number; ask?: number };

/**
 * Dhan Live Market Feed v2: the credentials ride in the query string (version=2, token, clientId,
 * authType=2; anything else is refused with HTTP 401), subscriptions are JSON (15/16 ticker, 21/22
 * full, 12 disconnect), and the feed is binary: a ticker packet for an index, a full packet with
 * depth for anything else, several packets in one frame.
 */
export async function startDhanServer(
  credentials: { clientId: string; accessToken: string },
  quotes: Record<string, DhanQuote>,
  intervalMs = 50,
) {
  const server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    verifyClient: ({ req }, accept) => {
      const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
      const valid =
        query.get('version') === '2' &&
        query.get('authType') === '2' &&
        query.get('token') === credentials.accessToken &&
        query.get('clientId') === credentials.clientId;
      accept(valid, valid ? undefined : 401);
    },
  });
  const feed = await startFeed(server, intervalMs);
  const requests: Array<Record<string, unknown>> = [];
  server.on('connection', (socket) => {
    /** Subscribed instruments by "SEGMENT:ID", with the mode they were asked for in. */
    const subscribed = new Map<string, 'ticker' | 'full'>();
    const streamer: Streamer = {
      socket,
      frames: () => {
        const packets: Buffer[] = [];
        for (const [key, mode] of subscribed) {
          const quote = quotes[key];
          if (!quote) continue;
          const [segment, id] = key.split(':');
          const code = DHAN_SEGMENTS[segment];
          packets.push(
            mode === 'ticker'
              ? dhanTickerPacket(code, Number(id), quote.ltp)
              : dhanFullPacket(code, Number(id), quote.ltp, quote.bid ?? 0, quote.ask ?? 0),
          );
        }
        return packets.length ? [Buffer.concat(packets)] : [];
      },
    };
    feed.streamers.add(streamer);
    socket.on('close', () => feed.streamers.delete(streamer));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as {
        RequestCode: number;
        InstrumentList?: Array<{ ExchangeSegment: string; SecurityId: string }>;
      };
      requests.push(message);
      const mode = message.RequestCode === 15 || message.RequestCode === 16 ? 'ticker' : 'full';
      for (const { ExchangeSegment, SecurityId } of message.InstrumentList ?? []) {
        const key = `${ExchangeSegment}:${SecurityId}`;
        if (message.RequestCode === 15 || message.RequestCode === 21) subscribed.set(key, mode);
        else subscribed.delete(key);
      }
      if (message.RequestCode === 12) socket.close(1000);
    });
  });
  return Object.assign(feed, { requests });
}
