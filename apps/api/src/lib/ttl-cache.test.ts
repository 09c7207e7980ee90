import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

/** A load the test finishes itself, counting how often it was started. */
function gate<T>() {
  let finish!: (value: T) => void;
  let fail!: (error: unknown) => void;
  let started = 0;
  const load = () => {
    started += 1;
    return new Promise<T>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return {
    load,
    finish: (value: T) => finish(value),
    fail: (error: unknown) => fail(error),
    started: () => started,
  };
}

describe('the read cache', () => {
  it('asks once for the callers that miss together, and answers them all', async () => {
    const cache = new TtlCache();
    const count = gate<number>();
    const answers = Promise.all([1, 2, 3].map(() => cache.get('unread:u1', 60_000, count.load)));
    count.finish(4);
    expect(await answers).toEqual([4, 4, 4]);
    expect(count.started()).toBe(1);
    expect(await cache.get('unread:u1', 60_000, async () => 5)).toBe(4);
  });

  it('keeps no failed load: the next caller asks again', async () => {
    const cache = new TtlCache();
    const broken = gate<number>();
    const first = cache.get('k', 60_000, broken.load);
    const second = cache.get('k', 60_000, broken.load);
    broken.fail(new Error('database away'));
    await expect(first).rejects.toThrow('database away');
    await expect(second).rejects.toThrow('database away');
    expect(await cache.get('k', 60_000, async () => 7)).toBe(7);
  });

  it('does not keep what was being read when the entry was forgotten', async () => {
    const cache = new TtlCache();
    const old = gate<string>();
    const before = cache.get('groups:list', 60_000, old.load);
    cache.invalidate('groups:');
    // A caller after the write does not wait for the read that began before it.
    expect(await cache.get('groups:list', 60_000, async () => 'new')).toBe('new');
    old.finish('old');
    expect(await before).toBe('old');
    expect(await cache.get('groups:list', 60_000, async () => 'newer')).toBe('new');
  });
});
