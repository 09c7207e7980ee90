import { type DatabaseHandle, replayBars } from '@candlewise/db';
import { MINUTE_MS } from '@candlewise/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helper.ts';
import { groupOf, quoteOf, recordingBus, T0 } from '../testing/engine-fixtures.ts';
import { ReplayMarket, walkPoints } from './replay-market.ts';

let database: DatabaseHandle;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.close());

const from = Date.UTC(2025, 0, 6, 4, 0, 0);
const bar = (minute: number, price: number) => ({
  symbol: 'NIFTY50',
  time: new Date(from + minute * MINUTE_MS),
  open: price,
  high: price,
  low: price,
  close: price,
  volume: 1,
});

describe('ReplayMarket', () => {
  it('the leader loads a replay’s bars and prices it at the replayed time', async () => {
    await database.db.insert(replayBars).values([bar(0, 100), bar(1, 101), bar(500, 999)]);
    const replay = new ReplayMarket(database.db, recordingBus().bus);
    const group = groupOf([], {
      startMs: T0,
      endMs: T0 + 10 * MINUTE_MS,
      symbols: ['NIFTY50'],
      replay: { from, speed: 1 },
    });
    await replay.load(group);
    replay.step(group, new Map([['NIFTY50', { tickSize: 1, spread: 0 }]]), T0 + MINUTE_MS);
    expect(replay.quotesOf(group.id, true)?.get('NIFTY50')?.mid).toBe(101);
    expect([...replay.all().keys()]).toEqual([group.id]);
    replay.clear();
    expect(replay.quotesOf(group.id, true)).toBeUndefined();
  });

  it('a follower subscribes on first use and keeps what the leader publishes', async () => {
    const { bus, published } = recordingBus();
    const replay = new ReplayMarket(database.db, bus);
    expect(replay.quotesOf('r1', false)).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    await bus.publish('trading:group-quotes:r1', [quoteOf('NIFTY50', 123)]);
    expect(replay.quotesOf('r1', false)?.get('NIFTY50')?.mid).toBe(123);
    expect(published).toHaveLength(1);
    await replay.stop();
  });

  it('a tick that passed bars walks every point of their paths in order, a close before the next open', () => {
    const bars = new Map([
      [
        'NIFTY50',
        [
          { time: from, open: 100, high: 104, low: 99, close: 103, volume: 1 }, // rises: open, low, high, close
          { time: from + MINUTE_MS, open: 105, high: 106, low: 96, close: 97, volume: 1 }, // falls: high first
        ],
      ],
    ]);
    const walked = walkPoints(bars, from + 10_000, from + 2 * MINUTE_MS).map((point) => [
      point.time - from,
      point.mids.get('NIFTY50'),
    ]);
    expect(walked).toEqual([
      [20_000, 99],
      [40_000, 104],
      [60_000, 103],
      [60_000, 105],
      [80_000, 106],
      [100_000, 96],
      [120_000, 97],
    ]);
  });

  it('the leader walks from its last tick: nothing on its first, the bars passed on the next', async () => {
    await database.db.insert(replayBars).values([bar(0, 100), bar(1, 101), bar(2, 102), bar(3, 103)]);
    const replay = new ReplayMarket(database.db, recordingBus().bus);
    const group = groupOf([], {
      startMs: T0,
      endMs: T0 + 10 * MINUTE_MS,
      symbols: ['NIFTY50'],
      replay: { from, speed: 60 },
    });
    await replay.load(group);
    const instruments = new Map([['NIFTY50', { tickSize: 1, spread: 2 }]]);
    expect(replay.walk(group, instruments, T0 + 1000)).toBeNull();
    const walk = replay.walk(group, instruments, T0 + 3000)!;
    expect(walk.start.time).toBe(from + MINUTE_MS);
    expect(walk.end.time).toBe(from + 3 * MINUTE_MS);
    expect(walk.points.map((point) => point.mids.get('NIFTY50'))).toEqual([
      101, 101, 101, 102, 102, 102, 102, 103,
    ]);
    expect(walk.quotesAt(walk.end).get('NIFTY50')).toMatchObject({ bid: 102, ask: 104, mid: 103 });
    expect(walk.halfSpreads.get('NIFTY50')).toBe(1);
  });
});
