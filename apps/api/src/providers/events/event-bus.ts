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
  close(): Promise<void>;
}

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
    async close() {
      local.removeAllListeners();
      subscriber.disconnect();
    },
  };
}
