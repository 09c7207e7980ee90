import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryEventBus, createRedisEventBus } from './event-bus.ts';

// `watched` lets the engine skip frames nobody reads (publish-tick.ts): it must never say "nobody"
// while someone listens, on one process or across processes sharing a Redis.

describe('the memory event bus', () => {
  it('says a channel is watched exactly while a handler is subscribed', async () => {
    const bus = createMemoryEventBus();
    expect(bus.watched('standings:g1')).toBe(false);
    const unsubscribe = await bus.subscribe('standings:g1', () => undefined);
    expect(bus.watched('standings:g1')).toBe(true);
    expect(bus.watched('standings:g2')).toBe(false);
    await unsubscribe();
    expect(bus.watched('standings:g1')).toBe(false);
  });

  it('knows the names subscribers gave, each as long as one of its subscriptions lasts', async () => {
    const bus = createMemoryEventBus();
    const first = await bus.subscribe('standings:g1', () => undefined, 'user-1');
    const again = await bus.subscribe('standings:g1', () => undefined, 'user-1');
    const other = await bus.subscribe('standings:g1', () => undefined, 'user-2');
    await bus.subscribe('quotes', () => undefined);
    expect([...bus.listeners('standings:g1')!].sort()).toEqual(['user-1', 'user-2']);
    expect([...bus.listeners('quotes')!]).toEqual([]);
    await first();
    await other();
    expect([...bus.listeners('standings:g1')!]).toEqual(['user-1']);
    await again();
    expect([...bus.listeners('standings:g1')!]).toEqual([]);
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('the Redis event bus across two processes', () => {
  const namespace = `cw-test-watch-${process.pid}-${Date.now()}:`;
  const connections: Redis[] = [];
  const bus = () => {
    const redis = new Redis(redisUrl!);
    connections.push(redis);
    return createRedisEventBus(redis, namespace);
  };
  afterAll(async () => {
    for (const redis of connections) redis.disconnect();
  });

  it('counts a channel as watched until Redis says nobody listens, and again once another process subscribes', async () => {
    const publisher = bus();
    const viewer = bus();
    // Not yet asked: a publisher publishes rather than lose a frame someone may read.
    expect(publisher.watched('standings:g1')).toBe(true);
    await expect.poll(() => publisher.watched('standings:g1'), { timeout: 5_000, interval: 100 }).toBe(false);

    const received: unknown[] = [];
    const unsubscribe = await viewer.subscribe('standings:g1', (payload) => received.push(payload));
    await expect.poll(() => publisher.watched('standings:g1'), { timeout: 5_000, interval: 100 }).toBe(true);
    await publisher.publish('standings:g1', [{ rank: 1 }]);
    await expect.poll(() => received, { timeout: 5_000 }).toEqual([[{ rank: 1 }]]);

    await unsubscribe();
    await expect.poll(() => publisher.watched('standings:g1'), { timeout: 5_000, interval: 100 }).toBe(false);
    // Its own subscribers count at once, whatever Redis last said.
    const own = await publisher.subscribe('standings:g1', () => undefined);
    expect(publisher.watched('standings:g1')).toBe(true);
    await own();
    await publisher.close();
    await viewer.close();
  });

  it('hears the names another process’s subscribers gave, and forgets them when they leave', async () => {
    const publisher = bus();
    const viewer = bus();
    // Not known until Redis was asked: a publisher then sends everything.
    expect(publisher.listeners('standings:g2')).toBeNull();
    await expect
      .poll(() => publisher.listeners('standings:g2'), { timeout: 5_000, interval: 100 })
      .toEqual(new Set());
    const leave = await viewer.subscribe('standings:g2', () => undefined, 'user-7');
    await expect
      .poll(() => publisher.listeners('standings:g2'), { timeout: 5_000, interval: 100 })
      .toEqual(new Set(['user-7']));
    // Its own subscribers' names count at once.
    const own = await publisher.subscribe('standings:g2', () => undefined, 'user-8');
    expect(publisher.listeners('standings:g2')).toEqual(new Set(['user-7', 'user-8']));
    await own();
    await leave();
    await expect
      .poll(() => publisher.listeners('standings:g2'), { timeout: 5_000, interval: 100 })
      .toEqual(new Set());
    // A process that closes takes its names with it.
    await viewer.subscribe('standings:g2', () => undefined, 'user-9');
    await expect
      .poll(() => publisher.listeners('standings:g2'), { timeout: 5_000, interval: 100 })
      .toEqual(new Set(['user-9']));
    await viewer.close();
    await expect
      .poll(() => publisher.listeners('standings:g2'), { timeout: 5_000, interval: 100 })
      .toEqual(new Set());
    await publisher.close();
  });
});
