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
});
