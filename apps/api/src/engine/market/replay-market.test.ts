import { type DatabaseHandle, replayBars } from '@candlewise/db';
import { MINUTE_MS } from '@candlewise/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helper.ts';
import { groupOf, quoteOf, recordingBus, T0 } from '../testing/engine-fixtures.ts';
import { ReplayMarket } from './replay-market.ts';

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
});
