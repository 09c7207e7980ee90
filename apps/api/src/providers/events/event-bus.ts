import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

export type EventHandler = (payload: unknown) => void;

/**
 * Live events between the parts of the app (a notification made here, a stream open there).
 * In one process an EventEmitter does; with several API processes Redis pub/sub carries them, so
 * a stream open on any process sees events published by any other.
 */
export interface EventBus {
  publish(channel: string, payload: unknown): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(channel: string, handler: EventHandler): Promise<() => Promise<void>>;
  /**
   * Whether anyone in the deployment may be listening on `channel`, so a publisher can skip
   * building a frame nobody reads (the engine's standings: 280 KB of JSON a second per competition
   * of a thousand members). The memory bus knows; the Redis bus asks Redis about the channels it
   * was asked for once a second (PUBSUB NUMSUB) and says yes until it knows, so a listener that
   * just subscribed is heard from within about a second.
   */
  watched(channel: string): boolean;
  close(): Promise<void>;
}

/** How often the Redis bus asks who listens on the channels publishers asked about. */
const WATCH_POLL_MS = 1000;
/** A channel no publisher asked about for this long is no longer polled. */
const WATCH_FORGET_MS = 30_000;

export function createMemoryEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      emitter.emit(channel, payload);
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return async () => {
        emitter.off(channel, handler);
      };
    },
    watched(channel) {
      return emitter.listenerCount(channel) > 0;
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Redis pub/sub: one publishing connection (the app's) and one subscriber connection per process.
 * `namespace` is the deployment's REDIS_PREFIX: channels are `<namespace>events:<channel>`.
 */
export function createRedisEventBus(redis: Redis, namespace: string): EventBus {
  const prefix = `${namespace}events:`;
  // A subscriber connection answers only subscriber commands: no ready check (it would fail on a
  // reconnect), and its errors are logged rather than left unhandled (which would end the process).
  const subscriber = redis.duplicate({ enableReadyCheck: false });
  subscriber.on('error', (error: Error) => console.error(`Redis subscriber: ${error.message}`));
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const counts = new Map<string, number>();

  // Listeners anywhere in the deployment, per channel a publisher asked about (see `watched`).
  const listeners = new Map<string, number>();
  const askedAt = new Map<string, number>();
  let polling = false;
  const poll = setInterval(() => {
    if (polling || askedAt.size === 0) return;
    const now = Date.now();
    for (const [channel, at] of askedAt)
      if (now - at > WATCH_FORGET_MS) {
        askedAt.delete(channel);
        listeners.delete(channel);
      }
    const channels = [...askedAt.keys()];
    if (!channels.length) return;
    polling = true;
    redis
      .call('PUBSUB', 'NUMSUB', ...channels.map((channel) => prefix + channel))
      .then((answer) => {
        const flat = answer as Array<string | number>;
        for (let i = 0; i + 1 < flat.length; i += 2)
          listeners.set(String(flat[i]).slice(prefix.length), Number(flat[i + 1]));
      })
      // Redis unreachable: what is known stays (unknown channels count as watched).
      .catch(() => undefined)
      .finally(() => {
        polling = false;
      });
  }, WATCH_POLL_MS);
  poll.unref();

  subscriber.on('message', (channel: string, message: string) => {
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch {
      return;
    }
    local.emit(channel.slice(prefix.length), payload);
  });

  return {
    async publish(channel, payload) {
      await redis.publish(prefix + channel, JSON.stringify(payload));
    },
    async subscribe(channel, handler) {
      local.on(channel, handler);
      const count = (counts.get(channel) ?? 0) + 1;
      counts.set(channel, count);
      if (count === 1) await subscriber.subscribe(prefix + channel);
      return async () => {
        local.off(channel, handler);
        const left = (counts.get(channel) ?? 1) - 1;
        if (left <= 0) {
          counts.delete(channel);
          await subscriber.unsubscribe(prefix + channel).catch(() => undefined);
        } else {
          counts.set(channel, left);
        }
      };
    },
    watched(channel) {
      askedAt.set(channel, Date.now());
      if (counts.has(channel)) return true;
      const known = listeners.get(channel);
      return known === undefined || known > 0;
    },
    async close() {
      clearInterval(poll);
      local.removeAllListeners();
      subscriber.disconnect();
    },
  };
}
