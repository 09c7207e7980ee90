// The engine's clock cuts each second into slots (trading-engine.ts): the market steps in the first
// and each held competition ticks in one of them, so a competition's tick waits only for the few
// competitions of its slot. Pure arithmetic: which slots a turn of the clock covers and which
// competitions a tick of those slots takes.

/** Slots per second. */
export const SLOTS = 10;
export const SLOT_MS = 1000 / SLOTS;

/** The slots (0 … SLOTS − 1) one tick covers. */
export type TickSlots = ReadonlySet<number>;

/** Every slot: a whole second in one tick (tests, scripted scenarios). */
export const EVERY_SLOT: TickSlots = new Set(Array.from({ length: SLOTS }, (_, slot) => slot));

export type SlotTurn = {
  /** The slots whose turn came since the last tick (several when a tick ran long). */
  slots: TickSlots;
  /** The absolute slot (time ÷ SLOT_MS) the clock reached: the next turn starts after it. */
  reached: number;
  /** Whole seconds a slot missed (its turn passed more than once): each ticks once for them. */
  skipped: number;
};

/**
 * The turn at `now` after the clock last reached absolute slot `last` (0: never): every slot since,
 * each once, whatever the timer's jitter; null when no new slot began.
 */
export function slotTurn(last: number, now: number): SlotTurn | null {
  const reached = Math.floor(now / SLOT_MS);
  let from = last ? last + 1 : reached;
  if (from > reached) return null;
  let skipped = 0;
  if (reached - from >= SLOTS) {
    skipped = Math.floor((reached - from) / SLOTS);
    from = reached - SLOTS + 1;
  }
  const slots = new Set<number>();
  for (let slot = from; slot <= reached; slot += 1) slots.add(slot % SLOTS);
  return { slots, reached, skipped };
}

/**
 * The competitions a tick of `slots` takes (their place among those held, modulo SLOTS) and those
 * of them whose equity snapshot is due in this second (one in `snapshotEvery`, by place, in turn).
 */
export function slotCompetitions<T>(
  held: readonly T[],
  slots: TickSlots,
  second: number,
  snapshotEvery: number,
): { taken: T[]; snapshotDue: T[] } {
  const taken: T[] = [];
  const snapshotDue: T[] = [];
  held.forEach((item, index) => {
    if (!slots.has(index % SLOTS)) return;
    taken.push(item);
    if ((index + second) % snapshotEvery === 0) snapshotDue.push(item);
  });
  return { taken, snapshotDue };
}
