import { describe, expect, it } from 'vitest';
import { CallerGenerations } from './caller-generations.ts';

describe('CallerGenerations', () => {
  it("moves only the writer's generation", () => {
    const generations = new CallerGenerations();
    const [asha, bala] = [generations.of('asha'), generations.of('bala')];
    generations.bump('asha');
    expect(generations.of('asha')).not.toBe(asha);
    expect(generations.of('bala')).toBe(bala);
  });

  it('never gives a user dropped from the map a generation they had before', () => {
    const generations = new CallerGenerations(2);
    const seen = new Map<string, Set<number>>();
    const note = (user: string) => {
      const values = seen.get(user) ?? new Set<number>();
      seen.set(user, values);
      return values;
    };
    for (const user of ['a', 'b', 'c', 'a', 'd', 'b', 'e', 'c', 'a']) {
      for (const other of ['a', 'b', 'c', 'd', 'e']) note(other).add(generations.of(other));
      const before = note(user);
      generations.bump(user);
      expect(before.has(generations.of(user))).toBe(false);
      for (const other of ['a', 'b', 'c', 'd', 'e']) {
        if (other === user) continue;
        // a user not written since keeps their generation, or moves to one they never had
        const now = generations.of(other);
        if (!note(other).has(now)) expect(now).toBeGreaterThan(Math.max(...note(other)));
      }
    }
  });
});
