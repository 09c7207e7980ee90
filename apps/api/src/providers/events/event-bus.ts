import { randomUUID } from 'node:crypto';
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
  /**
   * Returns the function that unsubscribes. `listener` names who listens (a member's id), for
   * publishers that send each listener only their part (see `listeners`).
   */
  subscribe(channel: string, handler: EventHandler, listener?: string): Promise<() => Promise<void>>;
  /**
   * Whether anyone in the deployment may be listening on `channel`, so a publisher can skip
   * building a frame nobody reads (the engine's standings: 280 KB of JSON a second per competition
   * of a thousand members). The memory bus knows; the Redis bus asks Redis about the channels it
   * was asked for once a second (PUBSUB NUMSUB) and says yes until it knows, so a listener that
   * just subscribed is heard from within about a second.
   */
  watched(channel: string): boolean;
  /**
   * The names subscribers gave on `channel`, anywhere in the deployment, or null while that is not
   * known (a publisher then sends everything). The memory bus knows; each Redis bus writes its own
   * names to Redis and reads the others' once a second (a name lasts 30 s unless renewed, so a
   * process that died stops counting), so a listener is known within about two seconds.
   */
  listeners(channel: string): ReadonlySet<string> | null;
  close(): Promise<void>;
}

/** How often the Redis bus asks who listens on the channels publishers asked about. */
const WATCH_POLL_MS = 1000;
/** A channel no publisher asked about for this long is no longer polled. */
const WATCH_FORGET_MS = 30_000;
/** A process's listener names count this long after it last wrote them (it renews them every 10 s). */
const NAMES_LAST_MS = 30_000;
const NAMES_RENEW_EVERY_POLLS = 10;

/** Named listeners per channel in this process (how many subscriptions gave each name). */
class NamedListeners {
  private readonly byChannel = new Map<string, Map<string, number>>();

  add(channel: string, name: string): () => void {
    let names = this.byChannel.get(channel);
    if (!names) {
      names = new Map();
      this.byChannel.set(channel, names);
    }
    names.set(name, (names.get(name) ?? 0) + 1);
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      const left = (names.get(name) ?? 1) - 1;
      if (left > 0) names.set(name, left);
      else names.delete(name);
      if (names.size === 0 && this.byChannel.get(channel) === names) this.byChannel.delete(channel);
    };
  }

  of(channel: string): string[] {
    return [...(this.byChannel.get(channel)?.keys() ?? [])];
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }
}

export function createMemoryEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const named = new NamedListeners();
  return {
    async publish(channel, payload) {
      emitter.emit(channel, payload);
    },
    async subscribe(channel, handler, listener) {
      emitter.on(channel, handler);
      const unname = listener === undefined ? null : named.add(channel, listener);
      return async () => {
        emitter.off(channel, handler);
        unname?.();
      };
    },
    watched(channel) {
      return emitter.listenerCount(channel) > 0;
    },
    listeners(channel) {
      return new Set(named.of(channel));
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Redis pub/sub: one publishing connection (the app's) and one subscriber connection per process.
 * `namespace` is the deployment's REDIS_PREFIX: channels are `<namespace>events:<channel>`; the
 * listener names of a channel are a hash `<namespace>listeners:<channel>`, a field per process.
 */
export function createRedisEventBus(redis: Redis, namespace: string): EventBus {
  const prefix = `${namespace}events:`;
  const namesKey = (channel: string) => `${namespace}listeners:${channel}`;
  const processKey = randomUUID();
  // A subscriber connection answers only subscriber commands: no ready check (it would fail on a
  // reconnect), and its errors are logged rather than left unhandled (which would end the process).
  const subscriber = redis.duplicate({ enableReadyCheck: false });
  subscriber.on('error', (error: Error) => console.error(`Redis subscriber: ${error.message}`));
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const counts = new Map<string, number>();

  // This process's listener names (written to Redis when they change and every 10 s), and what
  // the others' were at the last poll, per channel a publisher asked about.
  const named = new NamedListeners();
  const namesChanged = new Set<string>();
  const remoteNames = new Map<string, Set<string>>();
  const namesAskedAt = new Map<string, number>();
  // Subscribers anywhere in the deployment, per channel a publisher asked about (see `watched`).
  const subscribers = new Map<string, number>();
  const askedAt = new Map<string, number>();
  let polls = 0;
  let polling = false;

  const forgetOld = (asked: Map<string, number>, known: Map<string, unknown>, now: number) => {
    for (const [channel, at] of asked)
      if (now - at > WATCH_FORGET_MS) {
        asked.delete(channel);
        known.delete(channel);
      }
  };

  const pollOnce = async () => {
    const now = Date.now();
    polls += 1;
    forgetOld(askedAt, subscribers, now);
    forgetOld(namesAskedAt, remoteNames, now);
    const writes = redis.pipeline();
    const renewAll = polls % NAMES_RENEW_EVERY_POLLS === 0;
    for (const channel of renewAll ? new Set([...named.channels(), ...namesChanged]) : namesChanged) {
      const names = named.of(channel);
      if (names.length === 0) writes.hdel(namesKey(channel), processKey);
      else {
        writes.hset(namesKey(channel), processKey, JSON.stringify({ until: now + NAMES_LAST_MS, names }));
        writes.pexpire(namesKey(channel), NAMES_LAST_MS * 2);
      }
    }
    namesChanged.clear();
    if (writes.length) await writes.exec();

    const channels = [...askedAt.keys()];
    if (channels.length) {
      const answer = (await redis.call(
        'PUBSUB',
        'NUMSUB',
        ...channels.map((channel) => prefix + channel),
      )) as Array<string | number>;
      for (let i = 0; i + 1 < answer.length; i += 2)
        subscribers.set(String(answer[i]).slice(prefix.length), Number(answer[i + 1]));
    }
    const namedChannels = [...namesAskedAt.keys()];
    if (namedChannels.length) {
      const reads = redis.pipeline();
      for (const channel of namedChannels) reads.hgetall(namesKey(channel));
      const answers = (await reads.exec()) ?? [];
      namedChannels.forEach((channel, index) => {
        const [error, fields] = answers[index] ?? [];
        if (error) return;
        const names = new Set<string>();
        for (const [field, value] of Object.entries((fields ?? {}) as Record<string, string>)) {
          if (field === processKey) continue;
          try {
            const entry = JSON.parse(value) as { until: number; names: string[] };
            if (entry.until > now) for (const name of entry.names) names.add(name);
          } catch {
            // another version's entry: not a name
          }
        }
        remoteNames.set(channel, names);
      });
    }
  };
  const poll = setInterval(() => {
    if (polling) return;
    polling = true;
    pollOnce()
      // Redis unreachable: what is known stays (unknown channels count as watched, by everyone).
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
    async subscribe(channel, handler, listener) {
      local.on(channel, handler);
      const count = (counts.get(channel) ?? 0) + 1;
      counts.set(channel, count);
      const unname = listener === undefined ? null : named.add(channel, listener);
      if (unname) namesChanged.add(channel);
      if (count === 1) await subscriber.subscribe(prefix + channel);
      return async () => {
        local.off(channel, handler);
        if (unname) {
          unname();
          namesChanged.add(channel);
        }
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
      const known = subscribers.get(channel);
      return known === undefined || known > 0;
    },
    listeners(channel) {
      namesAskedAt.set(channel, Date.now());
      const remote = remoteNames.get(channel);
      if (!remote) return null;
      const mine = named.of(channel);
      if (mine.length === 0) return remote;
      return new Set([...remote, ...mine]);
    },
    async close() {
      clearInterval(poll);
      const channels = named.channels();
      if (channels.length) {
        const removals = redis.pipeline();
        for (const channel of channels) removals.hdel(namesKey(channel), processKey);
        await removals.exec().catch(() => undefined);
      }
      local.removeAllListeners();
      subscriber.disconnect();
    },
  };
}
