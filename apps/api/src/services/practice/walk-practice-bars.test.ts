import type { ReplayBar } from '@candlewise/shared';
import { describe, expect, it } from 'vitest';
import type { AccountState } from '../../engine/account-book.ts';
import { accountOf } from '../../engine/testing/engine-fixtures.ts';
import { type PracticeInstrument, walkPracticeBars } from './walk-practice-bars.ts';

const T = Date.parse('2023-03-10T10:00:00Z');
const bar = (minute: number, open: number, high: number, low: number, close: number): ReplayBar => ({
  time: T + minute * 60_000,
  open,
  high,
  low,
  close,
  volume: 1,
});
const instrument = (spread = 0): PracticeInstrument => ({
  symbol: 'XYZ',
  tickSize: 0.5,
  spread,
  contractSize: 1,
  currency: 'USD',
});

function account(openOrders: AccountState['openOrders'] = []): AccountState {
  return accountOf('a', { groupId: '', userId: 'u', name: '', currency: 'USD', version: 0, openOrders });
}

const order = (
  overrides: Partial<AccountState['openOrders'][number]>,
): AccountState['openOrders'][number] => ({
  id: 'o1',
  symbol: 'XYZ',
  side: 'buy',
  type: 'limit',
  quantity: 10,
  price: 95,
  stopLoss: null,
  takeProfit: null,
  ...overrides,
});

// 10:00 rises and holds; 10:01 falls through 95 (open → high → low → close); 10:02 rises to 101.5.
const bars = [bar(0, 100, 101, 99, 100), bar(1, 100, 102, 94, 96), bar(2, 97, 101.5, 96, 101)];

describe('the practice bar walk', () => {
  it('fills a limit at its level where the path crosses it, then takes profit in a later bar, in one walk', () => {
    const book = account([order({ stopLoss: 93, takeProfit: 101 })]);
    const events = walkPracticeBars(book, instrument(), bars, T, T + 3 * 60_000);
    const fills = events.flatMap((event) => event.fills.map((fill) => ({ ...fill, time: event.time })));
    expect(fills.map((fill) => [fill.reason, fill.price])).toEqual([
      ['order', 95],
      ['take_profit', 101],
    ]);
    // 10:01's path: 102 at 20 s, 94 at 40 s: 95 is crossed at 37.5 s.
    expect(fills[0].time).toBe(T + 60_000 + 37_500);
    expect(fills[1].time).toBeGreaterThan(T + 120_000);
    expect(book.balance).toBe(100_060);
    expect(book.positions.size).toBe(0);
  });

  it('settles the same whether walked at once (60×) or a few seconds at a time', () => {
    const atOnce = account([order({ stopLoss: 93, takeProfit: 101 })]);
    walkPracticeBars(atOnce, instrument(), bars, T, T + 3 * 60_000);
    const inSteps = account([order({ stopLoss: 93, takeProfit: 101 })]);
    for (let time = T; time < T + 3 * 60_000; time += 7_000)
      walkPracticeBars(inSteps, instrument(), bars, time, Math.min(time + 7_000, T + 3 * 60_000));
    expect(inSteps.balance).toBe(atOnce.balance);
    expect(inSteps.tradesCount).toBe(atOnce.tradesCount);
  });

  it('fills a stop at the open when the bar gaps past it, as the live rules do', () => {
    const gapped = [bar(0, 100, 101, 99, 100), bar(1, 110, 111, 109, 110)];
    const book = account([order({ type: 'stop', price: 105 })]);
    const events = walkPracticeBars(book, instrument(), gapped, T, T + 2 * 60_000);
    expect(events.flatMap((event) => event.fills).map((fill) => fill.price)).toEqual([110]);
  });

  it('fills on the market side of the spread: a buy limit waits until the ask reaches it', () => {
    const book = account([order({ price: 95 })]);
    // Spread 2: the ask is mid + 1, so the low of 94 brings the ask to 95 exactly.
    walkPracticeBars(book, instrument(2), bars, T, T + 2 * 60_000);
    expect(book.positions.get('XYZ')).toMatchObject({ quantity: 10, averagePrice: 95 });
    const missed = account([order({ price: 94.5 })]);
    walkPracticeBars(missed, instrument(2), bars, T, T + 2 * 60_000);
    expect(missed.positions.size).toBe(0);
    expect(missed.openOrders).toHaveLength(1);
  });

  it('stops out before taking profit when the bar reaches the stop first', () => {
    const book = account();
    book.positions.set('XYZ', {
      symbol: 'XYZ',
      quantity: 10,
      averagePrice: 100,
      stopLoss: 95,
      takeProfit: 101.5,
    });
    // 10:01 falls: its path reaches 102 (a take-profit of 101.5) before 94 — so TP first.
    walkPracticeBars(book, instrument(), bars, T + 60_000, T + 120_000);
    expect(book.balance).toBe(100_015);
    const short = account();
    short.positions.set('XYZ', {
      symbol: 'XYZ',
      quantity: -10,
      averagePrice: 100,
      stopLoss: 101.5,
      takeProfit: 95,
    });
    walkPracticeBars(short, instrument(), bars, T + 60_000, T + 120_000);
    expect(short.balance).toBe(99_985); // the stop at 101.5 on the way up, before 95 on the way down
  });

  it('never fills from a bar after the end of the walk', () => {
    const book = account([order({ price: 95 })]);
    walkPracticeBars(book, instrument(), bars, T, T + 60_000 + 30_000); // 10:01:30, before 95 is crossed
    expect(book.openOrders).toHaveLength(1);
  });
});
