import type { DatabaseHandle } from '@candlewise/db';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper.ts';
import { EngineLeadership, type LeaseHooks, LostLeadershipError } from './leadership.ts';

// Without a pool (the embedded database, one process) taking the lead always succeeds and bumps
// the epoch: two leaderships on one database play a former and a new leader.

const log = pino({ level: 'silent' });
let database: DatabaseHandle;

function lease() {
  const calls: string[] = [];
  const hooks: LeaseHooks = {
    onAcquire: async () => void calls.push('acquire'),
    onLose: (reason) => void calls.push(`lose: ${reason}`),
  };
  return { leadership: new EngineLeadership({ db: database.db, log, retryMs: 60_000 }, hooks), calls };
}

beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.close());

describe('EngineLeadership', () => {
  it('leads every competition once acquired, and fences its own transactions through', async () => {
    const { leadership, calls } = lease();
    expect(leadership.isLeading('group-running')).toBe(false);
    expect(await leadership.tryLead()).toBe(true);
    expect(calls).toEqual(['acquire']);
    expect(leadership.isLeading()).toBe(true);
    expect(leadership.isLeading('group-running')).toBe(true);
    await database.db.transaction((tx) => leadership.fence(tx, 'group-running'));
    await leadership.stop();
    expect(leadership.isLeading()).toBe(false);
    expect(calls).toEqual(['acquire', 'lose: stopped']);
  });

  it('a former leader is fenced out once a newer one took the epoch, and steps down', async () => {
    const former = lease();
    const successor = lease();
    await former.leadership.tryLead();
    await successor.leadership.tryLead();
    expect(successor.leadership.epoch).toBe(former.leadership.epoch + 1);
    await expect(database.db.transaction((tx) => former.leadership.fence(tx))).rejects.toBeInstanceOf(
      LostLeadershipError,
    );
    expect(former.leadership.isLeading()).toBe(false);
    expect(former.calls).toEqual(['acquire', 'lose: a newer leader holds the epoch']);
    await successor.leadership.stop();
  });

  it('gives the lead back when taking over fails', async () => {
    const leadership = new EngineLeadership(
      { db: database.db, log, retryMs: 60_000 },
      {
        onAcquire: async () => {
          throw new Error('cannot load');
        },
        onLose: () => {},
      },
    );
    expect(await leadership.tryLead()).toBe(false);
    expect(leadership.isLeading()).toBe(false);
    await leadership.stop();
  });
});
