import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { StandingsFrame } from '../src/engine/compute-standings.ts';
import { ENGINE_CHANNELS } from '../src/engine/trading-engine.ts';
import { createRedisEventBus, type EventBus } from '../src/providers/events/event-bus.ts';
import { addApprovedMembers, type Member } from './competition-members.ts';
import { openEventStream } from './event-stream.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type StandingsEvent = {
  total: number;
  top?: Array<{ userId: string }>;
  me?: { userId: string; equity: number };
};

/**
 * Two API processes on one database and one Redis: the holder of a competition publishes frames of
 * the top and the rows of the members streaming it (ADR 020, amended), and a member streaming from
 * the other process sees their own row move, though it ranks below the top.
 */
describe.skipIf(!process.env.REDIS_URL)('standings frames between processes', () => {
  const namespace = `cw-frames-${process.pid}-${Date.now()}:`;
  const closers: Array<() => Promise<unknown>> = [];
  let holder: FastifyInstance;
  let viewerSide: FastifyInstance;
  let members: Member[];
  let buses: EventBus[];

  beforeAll(async () => {
    const database = await createTestDatabase();
    const redis = new Redis(process.env.REDIS_URL!);
    const config = testConfig({ redisPrefix: namespace });
    buses = [
      createRedisEventBus(redis, namespace),
      createRedisEventBus(redis, namespace),
      createRedisEventBus(redis, namespace),
    ];
    holder = await buildApp({ config, database, redis, eventBus: buses[0], logger: false });
    viewerSide = await buildApp({ config, database, redis, eventBus: buses[1], logger: false });
    closers.push(
      () => holder.close(),
      () => viewerSide.close(),
      ...buses.map((bus) => () => bus.close()),
      () => redis.quit(),
      () => database.close(),
    );
    await holder.tradingEngine.tryLead();
    members = await addApprovedMembers(database.db, config.appSecret, 'group-running', 15, 'frames');
    await holder.tradingEngine.announceGroupChange('group-running');
    await holder.tradingEngine.flush();
    await viewerSide.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  });

  it('sends the top and the viewer’s row, and the viewer on the other process sees its row move', async () => {
    expect(holder.tradingEngine.leads('group-running')).toBe(true);
    expect(viewerSide.tradingEngine.leads('group-running')).toBe(false);
    const viewer = members[members.length - 1];

    // What goes between the processes, read as a third process would.
    const frames: StandingsFrame[] = [];
    await buses[2].subscribe(ENGINE_CHANNELS.standings('group-running'), (payload) =>
      frames.push(payload as StandingsFrame),
    );

    const { port } = viewerSide.server.address() as { port: number };
    const stream = await openEventStream(port, '/group/group-running/stream', viewer.token);
    const standings = () =>
      stream.events
        .filter((event) => event.event === 'standings')
        .map((event) => event.data as StandingsEvent);

    const tickUntil = async (done: () => boolean) => {
      const deadline = Date.now() + 10_000;
      while (!done() && Date.now() < deadline) {
        await holder.tradingEngine.tickOnce(Date.now(), holder.tradingEngine.currentQuotes());
        await sleep(200);
      }
    };
    // Within about two seconds the holder knows who streams: its frames become the top and that row.
    await tickUntil(() => frames.some((frame) => !frame.complete));
    const knownAt = frames.length;
    const eventsBefore = standings().length;

    // The viewer buys and the market falls: its equity drops, to the bottom of the table.
    holder.tradingEngine.setPrice('NIFTY50', 20_000);
    const order = await holder.inject({
      method: 'POST',
      url: '/api/v1/group/group-running/orders',
      headers: bearer(viewer.token),
      payload: { symbol: 'NIFTY50', side: 'buy', quantity: 2 },
    });
    expect(order.statusCode).toBe(201);
    holder.tradingEngine.setPrice('NIFTY50', 19_500);

    const movedRow = () =>
      standings()
        .slice(eventsBefore)
        .find((event) => event.me && event.me.userId === viewer.userId && event.me.equity < 100_000);
    await tickUntil(() => Boolean(movedRow()));
    await stream.close();

    expect(standings()[0].total).toBeGreaterThanOrEqual(15);
    expect(movedRow()).toBeDefined();
    // Since the holder knew who streams: frames of the top ten and the viewer's row, not the table.
    const partial = frames.slice(knownAt - 1);
    expect(partial.length).toBeGreaterThan(1);
    for (const frame of partial) {
      expect(frame.complete).toBe(false);
      expect(frame.total).toBeGreaterThanOrEqual(15);
      expect(frame.rows.length).toBeLessThanOrEqual(11);
      expect(frame.rows.map((row) => row.userId)).toContain(viewer.userId);
    }
  });
});
