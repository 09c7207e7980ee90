import { describe, expect, it } from 'vitest';
import { EVERY_SLOT, SLOT_MS, SLOTS, slotCompetitions, slotTurn } from './tick-slots.ts';

const T0 = 1_764_000_000_000; // a whole second

/** Drives the clock like setInterval does (late by `jitter(i)` ms), each tick busy for `busyMs`. */
function runClock(seconds: number, jitter: (i: number) => number, busyMs = 0) {
  const perSlot: number[] = Array(SLOTS).fill(0); // how often each slot ticked
  const sizes: number[] = []; // slots per tick
  let last = 0;
  let busyUntil = 0;
  let skipped = 0;
  for (let i = 0; i < seconds * SLOTS; i += 1) {
    const now = T0 + i * SLOT_MS + jitter(i);
    if (now < busyUntil) continue; // a tick runs: the turn waits
    const turn = slotTurn(last, now);
    if (!turn) continue;
    last = turn.reached;
    skipped += turn.skipped;
    sizes.push(turn.slots.size);
    for (const slot of turn.slots) perSlot[slot] += 1;
    busyUntil = now + busyMs;
  }
  return { perSlot, sizes, skipped };
}

describe('the clock cut into slots', () => {
  it('gives every slot its turn once a second whatever the timer jitter', () => {
    const { perSlot, sizes, skipped } = runClock(20, (i) => (i * 37) % 95);
    expect(perSlot).toEqual(Array(SLOTS).fill(20));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(2); // a late timer takes the slot it missed too
    expect(skipped).toBe(0);
  });

  it('puts the turns that passed during a long tick into the next one', () => {
    const turn = slotTurn(Math.floor(T0 / SLOT_MS) + 2, T0 + 6 * SLOT_MS + 3);
    expect([...turn!.slots].sort()).toEqual([3, 4, 5, 6]);
    expect(turn!.skipped).toBe(0);
    // Ticks of 250 ms: every slot still ticks once a second, three in a tick.
    const { perSlot, sizes, skipped } = runClock(10, () => 1, 250);
    for (const count of perSlot) expect(count).toBeGreaterThanOrEqual(9);
    expect(Math.max(...sizes)).toBe(3);
    expect(skipped).toBe(0);
  });

  it('counts a skipped tick when a slot missed a whole second, and ticks it once', () => {
    const last = Math.floor(T0 / SLOT_MS);
    const turn = slotTurn(last, T0 + 2_500);
    expect(turn!.slots).toEqual(EVERY_SLOT);
    expect(turn!.skipped).toBe(2); // 25 turns passed: five slots had three, each ticks once
    expect(slotTurn(turn!.reached, T0 + 2_550)).toBeNull(); // no new slot began
  });

  it('takes each held competition in one slot and snapshots one in five a second, in turn', () => {
    const held = Array.from({ length: 25 }, (_, i) => `c${i}`);
    const seen = new Map<string, number>();
    const snapshots = new Map<string, number>();
    for (let second = 0; second < 5; second += 1)
      for (let slot = 0; slot < SLOTS; slot += 1) {
        const { taken, snapshotDue } = slotCompetitions(held, new Set([slot]), second, 5);
        expect(taken.length).toBeLessThanOrEqual(Math.ceil(held.length / SLOTS));
        for (const id of taken) seen.set(id, (seen.get(id) ?? 0) + 1);
        for (const id of snapshotDue) snapshots.set(id, (snapshots.get(id) ?? 0) + 1);
      }
    // Five seconds: each ticked five times and was snapshotted once.
    expect([...seen.values()]).toEqual(Array(25).fill(5));
    expect(snapshots.size).toBe(25);
    expect([...snapshots.values()]).toEqual(Array(25).fill(1));
    expect(slotCompetitions(held, EVERY_SLOT, 0, 5).taken).toEqual(held);
  });
});
