import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import { reconnectDelay } from './market-data-provider.ts';

/** What adapters log connection events with (the app's pino logger fits). */
export type ConnectionLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type BackoffOptions = {
  /** First reconnect delay; doubled on every failed attempt up to `maxDelayMs`, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Injected so tests can pin the jitter. */
  random?: () => number;
};

export type SocketClosed = {
  code: number;
  reason: string;
  /** Why it failed, when it did (refused, timed out, an HTTP status instead of an upgrade). */
  error: Error | null;
  /** We closed it (stop, a planned restart, or `drop` after a provider error), not the provider or the network. */
  initiatedByUs: boolean;
  /** The handshake had completed (else the connection was never up). */
  opened: boolean;
};

export type ProviderSocketOptions = BackoffOptions & {
  /** Names the connection in logs, e.g. 'binance' or 'alpaca stocks'. Never a key. */
  label: string;
  /** Read at every connect, so a changed stream list is picked up by the next connection. */
  url: () => string;
  log: ConnectionLog;
  /** Providers that end connections at a fixed age (Binance: 24 h) get a planned restart before it. */
  maxAgeMs?: number;
  /**
   * A half-open TCP connection never reports a close; past half this much silence we ping, past all
   * of it we give the connection up and reconnect.
   */
  idleTimeoutMs?: number;
  handshakeTimeoutMs?: number;
  onOpen?: () => void;
  onMessage: (text: string) => void;
  onClose?: (closed: SocketClosed) => void;
};

const DEFAULT_BASE_DELAY_MS = 1000;
const DEFAULT_MAX_DELAY_MS = 60_000;
const DEFAULT_HANDSHAKE_TIMEOUT_MS = 10_000;
/** How long a polite close may take before the socket is destroyed (ws would wait 30 s). */
const CLOSE_GRACE_MS = 1000;

/**
 * One provider connection that stays up: reconnects after any drop with exponential backoff and
 * jitter, and never has two sockets open at once (a new one is only opened once the previous one
 * has closed), which providers that allow one connection per account depend on.
 */
export class ProviderSocket {
  private socket: WebSocket | null = null;
  private running = false;
  private attempt = 0;
  private holdOffMs = 0;
  private reconnectNow = false;
  private closingByUs = false;
  private lastSocketError: Error | null = null;
  private opened = false;
  private lastHeardAt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private ageTimer: NodeJS.Timeout | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private closeWaiters: Array<() => void> = [];

  constructor(private readonly options: ProviderSocketOptions) {}

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Connects, and keeps reconnecting until `stop`. Started while the last socket still closes, it waits for that close. */
  start(): void {
    if (this.running) return;
    this.running = true;
    if (!this.socket && !this.reconnectTimer) this.connect();
  }

  /** Closes the connection and stops reconnecting; resolves once the socket is closed. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    if (!this.socket) return;
    const closed = new Promise<void>((resolve) => this.closeWaiters.push(resolve));
    this.closeSocket();
    await closed;
  }

  send(message: unknown): boolean {
    if (!this.socket || !this.isOpen) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** A planned reconnect (age limit, a shutdown notice): close now and open the next one at once. */
  restart(reason: string): void {
    if (!this.socket) return;
    this.options.log.info({ provider: this.options.label, reason }, 'market data: reconnecting on purpose');
    this.reconnectNow = true;
    this.closeSocket();
  }

  /** Gives this connection up after a provider error; the next attempt waits out the backoff. */
  drop(): void {
    if (this.socket) this.closeSocket();
  }

  /** The provider accepted us: the next drop starts the backoff from the beginning again. */
  markHealthy(): void {
    this.attempt = 0;
  }

  /** The next reconnect waits at least this long (the provider asked us to go away for a while). */
  holdOff(ms: number): void {
    this.holdOffMs = Math.max(this.holdOffMs, ms);
  }

  private connect(): void {
    this.reconnectTimer = null;
    this.lastSocketError = null;
    this.closingByUs = false;
    this.opened = false;
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.options.url(), {
        // Providers close connections that do not answer their pings (Binance: within a minute).
        autoPong: true,
        handshakeTimeout: this.options.handshakeTimeoutMs ?? DEFAULT_HANDSHAKE_TIMEOUT_MS,
      });
    } catch (error) {
      this.lastSocketError = error as Error;
      this.afterClose(1006, '');
      return;
    }
    this.socket = socket;
    socket.on('open', () => this.onOpen(socket));
    socket.on('message', (data) => {
      this.lastHeardAt = Date.now();
      try {
        this.options.onMessage(data.toString());
      } catch (error) {
        // A bug in one message's handling must not take the connection (or the process) down.
        this.options.log.error(
          { provider: this.options.label, err: error },
          'market data: message handler failed',
        );
      }
    });
    socket.on('ping', () => {
      this.lastHeardAt = Date.now();
    });
    socket.on('pong', () => {
      this.lastHeardAt = Date.now();
    });
    socket.on('error', (error) => {
      this.lastSocketError = error;
    });
    socket.on('close', (code, reason) => {
      if (this.socket === socket) this.afterClose(code, reason.toString());
    });
  }

  private onOpen(socket: WebSocket): void {
    this.opened = true;
    this.lastHeardAt = Date.now();
    this.options.log.info({ provider: this.options.label }, 'market data: connected');
    const { maxAgeMs, idleTimeoutMs } = this.options;
    if (maxAgeMs) {
      this.ageTimer = setTimeout(() => this.restart('connection age limit'), maxAgeMs);
      this.ageTimer.unref();
    }
    if (idleTimeoutMs) {
      this.idleTimer = setInterval(() => {
        const quiet = Date.now() - this.lastHeardAt;
        if (quiet >= idleTimeoutMs) {
          this.options.log.warn(
            { provider: this.options.label, quietMs: quiet },
            'market data: silent, reconnecting',
          );
          socket.terminate();
        } else if (quiet >= idleTimeoutMs / 2) socket.ping();
      }, idleTimeoutMs / 4);
      this.idleTimer.unref();
    }
    this.options.onOpen?.();
  }

  private closeSocket(): void {
    const socket = this.socket;
    if (!socket) return;
    this.closingByUs = true;
    socket.close(1000);
    setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
  }

  private afterClose(code: number, reason: string): void {
    if (this.ageTimer) clearTimeout(this.ageTimer);
    if (this.idleTimer) clearInterval(this.idleTimer);
    this.ageTimer = null;
    this.idleTimer = null;
    this.socket = null;
    const closed: SocketClosed = {
      code,
      reason,
      error: this.lastSocketError,
      initiatedByUs: this.closingByUs,
      opened: this.opened,
    };
    if (!closed.initiatedByUs) {
      this.options.log.warn(
        { provider: this.options.label, code, reason: closed.error?.message ?? reason },
        'market data: connection closed',
      );
    }
    this.options.onClose?.(closed);
    for (const resolve of this.closeWaiters.splice(0)) resolve();
    if (this.running) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const { baseDelayMs = DEFAULT_BASE_DELAY_MS, maxDelayMs = DEFAULT_MAX_DELAY_MS, random } = this.options;
    const delay = this.reconnectNow
      ? 0
      : Math.max(this.holdOffMs, reconnectDelay(this.attempt, baseDelayMs, maxDelayMs, random));
    if (!this.reconnectNow) this.attempt += 1;
    this.reconnectNow = false;
    this.holdOffMs = 0;
    this.options.log.info(
      { provider: this.options.label, delayMs: delay },
      'market data: reconnect scheduled',
    );
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
    this.reconnectTimer.unref();
  }
}

/** The HTTP status a provider answered instead of upgrading (429, 418, 400…), if that is why it failed. */
export function refusedStatus(closed: SocketClosed): number | null {
  const match = /Unexpected server response: (\d{3})/.exec(closed.error?.message ?? '');
  return match ? Number(match[1]) : null;
}

/** How a connection ended, as a clause for an admin's sentence ("could not connect (…)"). */
export function describeClose(closed: SocketClosed): string {
  if (!closed.opened) return `could not connect (${closed.error?.message ?? `code ${closed.code}`})`;
  if (closed.error) return `the connection failed (${closed.error.message})`;
  return closed.reason
    ? `the server closed the connection (code ${closed.code}: ${closed.reason})`
    : `the connection closed (code ${closed.code})`;
}

/** A wait as an admin reads it: "0.5 s", "5 min". */
export function formatDelay(ms: number): string {
  return ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 100) / 10} s`;
}
