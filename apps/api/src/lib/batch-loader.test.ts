import { describe, expect, it } from 'vitest';
import { BatchLoader } from './batch-loader.ts';

describe('BatchLoader', () => {
  it('answers the loads of one turn with one call, each its own value, a key asked twice once', async () => {
    const calls: string[][] = [];
    const loader = new BatchLoader<string, string>(
      async (keys) => {
        calls.push(keys);
        return new Map(keys.map((key) => [key, key.toUpperCase()]));
      },
      (key) => key,
    );
    const answers = await Promise.all(['a', 'b', 'a', 'c'].map((key) => loader.load(key)));
    expect(answers).toEqual(['A', 'B', 'A', 'C']);
    expect(calls).toEqual([['a', 'b', 'c']]);
  });

  it('puts a load asked while a batch runs into the next batch', async () => {
    const calls: string[][] = [];
    let release: () => void = () => {};
    const loader = new BatchLoader<string, number>(
      async (keys) => {
        calls.push(keys);
        if (calls.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return new Map(keys.map((key) => [key, calls.length]));
      },
      (key) => key,
    );
    const first = loader.load('x');
    await new Promise((resolve) => setImmediate(resolve));
    const second = loader.load('x');
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    expect(calls).toEqual([['x'], ['x']]);
  });

  it('fails every load of a failed batch, and a key the batch left out', async () => {
    const failing = new BatchLoader<string, string>(
      async () => {
        throw new Error('the database is closed');
      },
      (key) => key,
    );
    await expect(failing.load('a')).rejects.toThrow('the database is closed');
    const partial = new BatchLoader<string, string>(
      async () => new Map([['a', 'A']]),
      (key) => key,
    );
    const [a, b] = await Promise.allSettled([partial.load('a'), partial.load('b')]);
    expect(a).toEqual({ status: 'fulfilled', value: 'A' });
    expect(b.status).toBe('rejected');
  });
});
