import type { Database } from '@candlewise/db';
import { describe, expect, it } from 'vitest';
import { CompetitionMemory } from './competition-memory.ts';
import { accountOf, groupOf, marketOf, quoteOf } from './testing/engine-fixtures.ts';

// Installing saved states needs no database: only loading does (covered by the engine's tests).
const memoryWith = (...groups: ReturnType<typeof groupOf>[]) => {
  const memory = new CompetitionMemory({
    db: {} as Database,
    marketFor: () => marketOf(quoteOf('NIFTY50', 20_000)),
    onLoaded: async () => {},
    owns: () => true,
  });
  for (const group of groups) memory.groups.set(group.id, group);
  return memory;
};

describe('CompetitionMemory.install', () => {
  it('keeps the newest version whatever order the saved states arrive in', () => {
    const memory = memoryWith(groupOf([accountOf('a1', { version: 3, balance: 3 })]));
    expect(memory.install(accountOf('a1', { version: 2, balance: 2 }), { authoritativePeak: false })).toBe(
      false,
    );
    expect(memory.findAccount('a1')?.balance).toBe(3);
    expect(memory.install(accountOf('a1', { version: 4, balance: 4 }), { authoritativePeak: false })).toBe(
      true,
    );
    expect(memory.findAccount('a1')?.balance).toBe(4);
    expect(memory.groups.get('g1')?.standingsStale).toBe(true);
  });

  it('keeps the running peak for an order’s save, and takes a tick’s save as it is', () => {
    const memory = memoryWith(groupOf([accountOf('a1', { version: 1, peakEquity: 105_000 })]));
    memory.install(accountOf('a1', { version: 2, peakEquity: 100_000 }), { authoritativePeak: false });
    expect(memory.findAccount('a1')?.peakEquity).toBe(105_000);
    memory.install(accountOf('a1', { version: 3, peakEquity: 100_000 }), { authoritativePeak: true });
    expect(memory.findAccount('a1')?.peakEquity).toBe(100_000);
  });

  it('an account of a competition it does not hold asks for that competition to be loaded', () => {
    const memory = memoryWith();
    expect(memory.install(accountOf('a1', { groupId: 'g7' }), { authoritativePeak: false })).toBe(false);
    expect([...memory.groupReloads]).toEqual(['g7']);
  });

  it('answers standings sorted again after a change, and a member’s account', () => {
    const memory = memoryWith(
      groupOf([accountOf('a1', { equity: 90_000 }), accountOf('a2', { equity: 110_000 })], {
        standingsStale: true,
      }),
    );
    expect(memory.standings('g1')?.map((row) => row.userId)).toEqual(['user-a2', 'user-a1']);
    expect(memory.standings('nope')).toBeNull();
    expect(memory.accountOf('g1', 'user-a2')?.id).toBe('a2');
    memory.clear();
    expect(memory.groups.size).toBe(0);
  });

  it('takes a tick’s saved result: states installed, competitions marked, stale accounts queued', () => {
    const group = groupOf([accountOf('a1', { version: 1, peakEquity: 105_000 })], { startAnnounced: false });
    const ended = groupOf([], { id: 'g2' });
    const memory = memoryWith(group, ended);
    const after = accountOf('a1', { version: 2, peakEquity: 100_000 });
    memory.applySaved({
      writes: [{ before: accountOf('a1'), after, fills: [] }],
      events: [],
      notifications: [],
      started: [group],
      finalized: [ended],
      reload: ['a9'],
    });
    expect(memory.findAccount('a1')).toBe(after);
    expect(after.peakEquity).toBe(100_000); // a tick's save is authoritative
    expect([group.startAnnounced, ended.finalized]).toEqual([true, true]);
    expect([...memory.reloadQueue]).toEqual(['a9']);
  });

  it('a follower keeps the published standings for 3 seconds', () => {
    const memory = memoryWith();
    const rows = [{ rank: 1 } as never];
    memory.rememberStandings('g1', rows);
    expect(memory.publishedStandings('g1')).toBe(rows);
    expect(memory.publishedStandings('g2')).toBeNull();
  });
});
