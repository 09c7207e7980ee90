import { describe, expect, it } from 'vitest';
import { cloneAccount } from '../account-book.ts';
import {
  accountOf,
  buyLimit,
  groupOf,
  longNifty,
  marketOf,
  quoteOf,
  T0,
} from '../testing/engine-fixtures.ts';
import { planAccount, planFinalize, planStart, planTickWork } from './plan-tick.ts';

// The plan stage with plain objects: no database, no clock, no bus.

describe('planTickWork', () => {
  it('touches only accounts the quotes change, and sorts competitions into starting, running and ending', () => {
    const waiting = accountOf('a1', { openOrders: [buyLimit('o1', 19_000)] });
    const filling = accountOf('a2', { openOrders: [buyLimit('o2', 20_500)] });
    const running = groupOf([waiting, filling], { startAnnounced: false });
    const ending = groupOf([], { id: 'g2', endMs: T0 - 1 });
    const future = groupOf([accountOf('a3', { openOrders: [buyLimit('o3', 25_000)] })], {
      id: 'g3',
      startMs: T0 + 1,
    });
    const done = groupOf([], { id: 'g4', finalized: true, endMs: T0 - 1 });
    const market = marketOf(quoteOf('NIFTY50', 20_000));

    const work = planTickWork([running, ending, future, done], () => market, T0);

    expect(work.touched).toEqual(['a2']);
    expect(work.starting.map((group) => group.id)).toEqual(['g1']);
    expect(work.running.map((group) => group.id)).toEqual(['g1']);
    expect(work.ending.map((group) => group.id)).toEqual(['g2']);
  });

  it('leaves a replay’s accounts to the bar walk: at the tick’s own moment they are only marked', () => {
    const filling = accountOf('a1', {
      openOrders: [buyLimit('o1', 20_500)],
      positions: longNifty(1, 19_000),
    });
    const replay = groupOf([filling], { replay: { from: T0, speed: 60 } });
    const work = planTickWork([replay], () => marketOf(quoteOf('NIFTY50', 20_000)), T0);
    expect(work.touched).toEqual([]);
    expect(work.running.map((group) => group.id)).toEqual(['g1']);
    expect(filling.equity).toBe(101_000);
  });

  it('fills nothing on a stale quote', () => {
    const group = groupOf([accountOf('a1', { openOrders: [buyLimit('o1', 20_500)] })]);
    const market = marketOf(quoteOf('NIFTY50', 20_000, { stale: true }));
    expect(planTickWork([group], () => market, T0).touched).toEqual([]);
  });
});

describe('planAccount', () => {
  it('fills a triggered order on a copy: the stored state it was given is left as it was', () => {
    const before = accountOf('a1', { openOrders: [buyLimit('o1', 20_500, 2)] });
    const snapshot = cloneAccount(before);
    const plan = planAccount(before, undefined, groupOf([before]), marketOf(quoteOf('NIFTY50', 20_000)), T0);

    expect(plan.write).not.toBeNull();
    if (!plan.write) return;
    expect(plan.write.before).toEqual(snapshot);
    expect(plan.write.filledOrders).toEqual([{ id: 'o1', price: 20_000 }]);
    expect(plan.write.after.positions.get('NIFTY50')?.quantity).toBe(2);
    expect(plan.events).toEqual([
      { type: 'fills', accountId: 'a1', fills: [expect.objectContaining({ orderId: 'o1', quantity: 2 })] },
    ]);
    expect(plan.notifications).toEqual([]);
  });

  it('freezes an account past the drawdown limit: the event and the user’s notification', () => {
    // 10 lots bought at 20,000 marked at 19,000: 10,000 lost of 100,000 (10% > 5%).
    const before = accountOf('a1', { positions: longNifty(10, 20_000) });
    const group = groupOf([before]);
    const plan = planAccount(before, undefined, group, marketOf(quoteOf('NIFTY50', 19_000)), T0);

    expect(plan.write?.after.frozenUntil).toBe(T0 + 600_000);
    if (!plan.write) return;
    expect(plan.events).toEqual([
      {
        type: 'freeze',
        accountId: 'a1',
        until: T0 + 600_000,
        reason: 'drawdown',
        fills: [expect.objectContaining({ reason: 'freeze', quantity: 10 })],
        canceledOrderIds: [],
      },
    ]);
    expect(plan.notifications).toEqual([
      {
        userId: 'user-a1',
        kind: 'account_frozen',
        title: 'Account frozen',
        message: `Your drawdown in Autumn Cup reached the limit of 5%, measured from your highest equity since the last release. Positions were closed and trading pauses until ${new Date(T0 + 600_000).toISOString()}.`,
        link: '/group/g1/leaderboard',
      },
    ]);
  });

  it('releases a freeze that is over', () => {
    const before = accountOf('a1', { frozenUntil: T0 - 1, frozenReason: 'drawdown' });
    const plan = planAccount(before, undefined, groupOf([before]), marketOf(quoteOf('NIFTY50', 20_000)), T0);
    if (!plan.write) throw new Error('expected a write');
    expect(plan.write.after.frozenUntil).toBeNull();
    expect(plan.events).toEqual([{ type: 'release', accountId: 'a1' }]);
    expect(plan.notifications.map((n) => [n.kind, n.message])).toEqual([
      [
        'account_released',
        'Your account in Autumn Cup is active again after the drawdown freeze. Your drawdown limit of 5% is measured from your highest equity since the last release.',
      ],
    ]);
  });

  it('releases a daily-loss freeze on the next day with a message naming the daily loss limit', () => {
    const before = accountOf('a1', { frozenUntil: T0 - 1, frozenReason: 'daily_loss' });
    const group = { ...groupOf([before]), dailyLossLimit: 3 };
    const plan = planAccount(before, undefined, group, marketOf(quoteOf('NIFTY50', 20_000)), T0);
    if (!plan.write) throw new Error('expected a write');
    expect(plan.notifications.map((n) => n.message)).toEqual([
      'Your account in Autumn Cup is active again: a new trading day began, and the daily loss limit of 3% is measured from your equity at its start.',
    ]);
  });

  it('keeps the running peak of memory, and asks for a reload when memory is older than the store', () => {
    const stored = accountOf('a1', { version: 5, peakEquity: 100_000 });
    const memory = accountOf('a1', { version: 3, peakEquity: 104_000 });
    const plan = planAccount(stored, memory, groupOf([memory]), marketOf(quoteOf('NIFTY50', 20_000)), T0);
    expect(plan).toEqual({ write: null, reload: true });
    const current = planAccount(stored, accountOf('a1', { version: 5 }), groupOf([]), marketOf(), T0);
    expect(current).toEqual({ write: null, reload: false });
  });
});

describe('planStart and planFinalize', () => {
  it('tells every member still in the competition that it started, unless it is already over', () => {
    const group = groupOf([accountOf('a1'), accountOf('a2', { removed: true })]);
    const started = planStart(group, T0);
    expect(started.events).toEqual([{ type: 'start', groupId: 'g1' }]);
    expect(started.notifications.map((n) => [n.userId, n.kind, n.title])).toEqual([
      ['user-a1', 'competition_started', 'Autumn Cup has started'],
    ]);
    expect(planStart(group, group.endMs).notifications).toEqual([]);
  });

  it('closes every position at the market, ranks by equity and tells each member their rank', () => {
    const winner = accountOf('a1', { positions: longNifty(1, 19_000) });
    const loser = accountOf('a2', { positions: longNifty(1, 21_000) });
    const group = groupOf([winner, loser], { endMs: T0 });
    const planned = planFinalize(group, [loser, winner], marketOf(quoteOf('NIFTY50', 20_000)));

    expect(
      planned.writes.map((write) => [write.after.id, write.after.positions.size, write.after.finalRank]),
    ).toEqual([
      ['a2', 0, 2],
      ['a1', 0, 1],
    ]);
    expect(planned.writes.every((write) => write.fills[0]?.reason === 'competition_end')).toBe(true);
    expect(planned.events).toEqual([
      {
        type: 'finalize',
        groupId: 'g1',
        ranks: [
          { accountId: 'a1', rank: 1 },
          { accountId: 'a2', rank: 2 },
        ],
      },
    ]);
    expect(planned.notifications.map((n) => [n.userId, n.message])).toEqual([
      ['user-a1', 'You finished #1 of 2.'],
      ['user-a2', 'You finished #2 of 2.'],
    ]);
    // The accounts it was given (the stored copies) are untouched.
    expect(winner.positions.size).toBe(1);
  });

  it('ranks the final standings by the group’s ranking: under Calmar the steadier member finishes first', () => {
    // Bigger but wilder: +5 % after a 10 % drawdown (Calmar 0.5); steadier: +2 % after 1 % (2.0).
    const wild = accountOf('a1', { balance: 105_000, equity: 105_000, maxDrawdownPercent: 10 });
    const steady = accountOf('a2', { balance: 102_000, equity: 102_000, maxDrawdownPercent: 1 });
    const market = marketOf(quoteOf('NIFTY50', 20_000));
    const byReturn = planFinalize(groupOf([wild, steady], { endMs: T0 }), [wild, steady], market);
    expect(byReturn.writes.map((write) => [write.after.id, write.after.finalRank])).toEqual([
      ['a1', 1],
      ['a2', 2],
    ]);
    const byCalmar = planFinalize(
      groupOf([wild, steady], { endMs: T0, ranking: 'calmar' }),
      [wild, steady],
      market,
    );
    expect(byCalmar.writes.map((write) => [write.after.id, write.after.finalRank])).toEqual([
      ['a1', 2],
      ['a2', 1],
    ]);
  });
});
