import { describe, expect, it } from 'vitest';
import {
  applyFillExact,
  decimal,
  divideRounded,
  exactConversionRate,
  exactExposure,
  fromMinorUnits,
  lossReachesPercent,
  minorToDecimalText,
  minorUnitsOf,
  percentOfMinor,
  realizedMinorUnits,
  toMinorUnits,
  unrealizedMinorUnits,
  withinBuyingPowerExact,
} from './money.ts';

/** Opens at `entry` and closes at `exit`: the minor units the close books. */
function roundTrip(
  side: 'buy' | 'sell',
  quantity: number,
  entry: number,
  exit: number,
  contractSize = 1,
  rate = 1,
) {
  const opened = applyFillExact(
    { quantity: 0, averagePrice: 0 },
    { side, quantity, price: entry },
    contractSize,
    rate,
  );
  const closing = side === 'buy' ? 'sell' : 'buy';
  const closed = applyFillExact(
    opened.position,
    { side: closing, quantity, price: exit },
    contractSize,
    rate,
  );
  if (closed.position.quantity !== 0) throw new Error('the round trip did not close');
  return closed.realizedMinor;
}

/** Half away from zero on integers: tenths of a cent → cents (independent of the module). */
const halfAwayTenths = (tenths: number) => Math.sign(tenths) * Math.floor((Math.abs(tenths) + 5) / 10);

describe('exact decimals where binary floating point is off', () => {
  it('adds 0.1 + 0.2 to exactly 0.3', () => {
    expect(decimal(0.1).plus(0.2).eq(0.3)).toBe(true);
    expect(0.1 + 0.2).not.toBe(0.3); // what it replaces
  });
  it('books 3 × (1.1 − 1.0) as exactly 0.30', () => {
    const cents = roundTrip('buy', 3, 1.0, 1.1);
    expect(cents).toBe(30);
    expect(minorToDecimalText(cents)).toBe('0.30');
    expect(fromMinorUnits(cents)).toBe(0.3);
    expect(JSON.stringify({ pnl: fromMinorUnits(cents) })).toBe('{"pnl":0.3}');
  });
  it('books 1.005 and 1.015 as 1.01 and 1.02 (half away from zero), however binary rounds them', () => {
    expect(toMinorUnits(1.005)).toBe(101); // 1.005 × 100 is 100.49999999999999 in binary
    expect(toMinorUnits(1.015)).toBe(102);
    expect(toMinorUnits(-1.005)).toBe(-101);
    expect(toMinorUnits(0.125)).toBe(13);
    expect(toMinorUnits(-0.125)).toBe(-13);
    expect(Object.is(toMinorUnits(-0.004), 0)).toBe(true);
  });
  it('books EURUSD at five decimals converted into rupees once, at the cent', () => {
    // 1.3 lots of 100,000 euros, 1.08457 → 1.08391: −85.80 dollars exactly; at 84.12345 → −7,217.79201.
    expect(roundTrip('buy', 1.3, 1.08457, 1.08391, 100_000)).toBe(-8580);
    expect(roundTrip('buy', 1.3, 1.08457, 1.08391, 100_000, 84.12345)).toBe(-721779);
    // A short of 0.07 lots, 1.08455 → 1.08448: 0.49 dollars; at 83.125 → 40.73125 → ₹40.73.
    expect(roundTrip('sell', 0.07, 1.08455, 1.08448, 100_000, 83.125)).toBe(4073);
    // 0.01 lot, 1.08451 → 1.08456 at 84.7 rupees: 0.05 × 84.7 = 4.235 → ₹4.24 (a half, away from zero).
    expect(roundTrip('buy', 0.01, 1.08451, 1.08456, 100_000, 84.7)).toBe(424);
    expect(roundTrip('sell', 0.01, 1.08451, 1.08456, 100_000, 84.7)).toBe(-424);
  });
  it('keeps the average price of added lots exact to 10 decimals, rounded by the rule', () => {
    const first = applyFillExact(
      { quantity: 0, averagePrice: 0 },
      { side: 'buy', quantity: 1, price: 1.1 },
      1,
      1,
    );
    const second = applyFillExact(first.position, { side: 'buy', quantity: 2, price: 1.2 }, 1, 1);
    expect(second.position).toEqual({ quantity: 3, averagePrice: 1.1666666667 });
    const third = applyFillExact(second.position, { side: 'buy', quantity: 0.1, price: 1.2 }, 1, 1);
    expect(third.position.quantity).toBe(3.1); // not 3.1000000000000001
    // Closing at the average's 10-decimal price books exactly its difference.
    const closed = applyFillExact(
      { quantity: 3, averagePrice: 1.1666666667 },
      { side: 'sell', quantity: 3, price: 1.5 },
      1,
      1,
    );
    expect(closed.realizedMinor).toBe(100); // 3 × 0.3333333333 = 0.9999999999 → 1.00
  });
  it('crosses zero: the rest opens at the fill price', () => {
    const result = applyFillExact(
      { quantity: 2, averagePrice: 10 },
      { side: 'sell', quantity: 5, price: 10.5 },
      1,
      1,
    );
    expect(result).toEqual({ position: { quantity: -3, averagePrice: 10.5 }, realizedMinor: 100 });
  });
});

describe('14,000 exact half-cent amounts', () => {
  // Prices at three decimals, quantities 1–7 lots of 5: every closed P&L is an odd number of
  // half cents (…x.xx5), booked long and short, in dollars and converted at 1 (same currency).
  const cases: Array<{
    side: 'buy' | 'sell';
    quantity: number;
    entry: number;
    exit: number;
    tenths: number;
  }> = [];
  for (let i = 0; cases.length < 14_000; i += 1) {
    const quantity = 5 * (1 + (i % 7));
    const entryUnits = 100_000 + ((i * 7_919) % 900_000); // 100.000 … 999.999
    const moveUnits = (2 * (i % 1_000) + 1) * (i % 2 === 0 ? 1 : -1); // odd thousandths
    const exitUnits = entryUnits + moveUnits;
    const side = i % 3 === 0 ? 'sell' : 'buy';
    // P&L in thousandths of a dollar = quantity × move; in tenths of a cent the same number.
    const tenths = quantity * moveUnits * (side === 'buy' ? 1 : -1);
    if (Math.abs(tenths) % 10 !== 5) continue;
    cases.push({ side, quantity, entry: entryUnits / 1000, exit: exitUnits / 1000, tenths });
  }

  it('are all booked half away from zero, to the cent', () => {
    let wrong = 0;
    for (const item of cases) {
      const cents = roundTrip(item.side, item.quantity, item.entry, item.exit);
      if (cents !== halfAwayTenths(item.tenths)) wrong += 1;
    }
    expect(cases).toHaveLength(14_000);
    expect(wrong).toBe(0);
  }, 30_000);

  it('are cases the binary formula books wrongly (what the rule replaces)', () => {
    let floatWrong = 0;
    for (const item of cases) {
      const direction = item.side === 'buy' ? 1 : -1;
      const floatCents = Math.round((item.exit - item.entry) * item.quantity * direction * 100);
      if (floatCents !== halfAwayTenths(item.tenths)) floatWrong += 1;
    }
    expect(floatWrong).toBeGreaterThan(1_000);
  }, 30_000);
});

describe('unrealized P&L in minor units', () => {
  it('matches the exact decimal rounding, including exact halves', () => {
    let state = 12345;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    for (let i = 0; i < 20_000; i += 1) {
      const quantity = Number(((random() - 0.5) * 200).toFixed(i % 3 === 0 ? 0 : 2)) || 1;
      const average = Number((0.5 + random() * 2000).toFixed(1 + (i % 5)));
      const exit = Number((average + (random() - 0.5) * 10).toFixed(1 + (i % 5)));
      const contractSize = [1, 10, 100, 100_000][i % 4];
      const rate = [1, 84.12345, 0.0118764846, 1.085][i % 4];
      const exact = toMinorUnits(
        decimal(exit).minus(average).times(quantity).times(contractSize).times(rate),
      );
      expect(unrealizedMinorUnits(quantity, average, exit, contractSize, rate)).toBe(exact);
    }
    // Exact halves, which binary floating point lands on either side of.
    expect(unrealizedMinorUnits(5, 100.001, 100.002, 1, 1)).toBe(1); // 0.005 → 0.01
    expect(unrealizedMinorUnits(-5, 100.001, 100.002, 1, 1)).toBe(-1);
    expect(unrealizedMinorUnits(0.01, 1.08451, 1.08456, 100_000, 84.7)).toBe(424);
    expect(unrealizedMinorUnits(3, 1.0, 1.1, 1, 1)).toBe(30);
  }, 30_000);
});

describe('conversion rates', () => {
  const mids: Record<string, number> = { USDINR: 84, EURUSD: 1.1, GBPUSD: 1.27 };
  const midOf = (symbol: string) => mids[symbol];
  it('uses a quoted pair as it is, and an inverse or a cross rounded to 10 decimals', () => {
    expect(exactConversionRate('INR', 'INR', midOf)).toBe(1);
    expect(exactConversionRate('USD', 'INR', midOf)).toBe(84);
    expect(exactConversionRate('INR', 'USD', midOf)).toBe(0.0119047619);
    expect(exactConversionRate('EUR', 'INR', midOf)).toBe(92.4); // 1.1 × 84, not 92.4000000001
    expect(exactConversionRate('INR', 'EUR', midOf)).toBe(0.0108225108);
    expect(exactConversionRate('JPY', 'INR', midOf)).toBeNull();
  });
  it('rounds quotients once, half away from zero', () => {
    expect(divideRounded(decimal(1), decimal(8), 2).toString()).toBe('0.13');
    expect(divideRounded(decimal(-1), decimal(8), 2).toString()).toBe('-0.13');
    expect(divideRounded(decimal(2), decimal(3), 10).toString()).toBe('0.6666666667');
    expect(divideRounded(decimal(-2), decimal(3), 10).toString()).toBe('-0.6666666667');
  });
});

describe('risk rules on the exact cent', () => {
  it('freezes at 5 % of 100,000.00 at 95,000.00, not at 95,000.01', () => {
    expect(lossReachesPercent(100_000, 95_000, 5)).toBe(true);
    expect(lossReachesPercent(100_000, 95_000.01, 5)).toBe(false);
    expect(lossReachesPercent(100_000, 94_999.99, 5)).toBe(true);
    expect(lossReachesPercent(100_000, 97_500, 2.5)).toBe(true);
    expect(lossReachesPercent(100_000, 97_500.01, 2.5)).toBe(false);
    expect(lossReachesPercent(100_000, 90_000, 0)).toBe(false);
    // 0.3 of 1,000.10 is 3.0003: a loss of 3.00 is not enough, 3.01 is.
    expect(lossReachesPercent(1_000.1, 997.1, 0.3)).toBe(false);
    expect(lossReachesPercent(1_000.1, 997.09, 0.3)).toBe(true);
  });
  it('reports percentages rounded half away from zero', () => {
    expect(percentOfMinor(50, 40_000)).toBe(0.13); // 0.125 %
    expect(percentOfMinor(-50, 40_000)).toBe(-0.13);
    expect(percentOfMinor(100, 300)).toBe(33.33);
    expect(percentOfMinor(minorUnitsOf(0.3), minorUnitsOf(0.1 + 0.2))).toBe(100);
    expect(percentOfMinor(500, 0)).toBe(0);
    expect(percentOfMinor(1, 2 ** 52)).toBe(0);
  });
  it('reads whole minor units back exactly', () => {
    expect(minorUnitsOf(0.1 + 0.2)).toBe(30);
    expect(minorUnitsOf(123_456_789.07)).toBe(12_345_678_907);
    expect(minorToDecimalText(-5)).toBe('-0.05');
  });
});

describe('buying power', () => {
  it('compares exact exposure with 10 × equity', () => {
    const terms = () => ({ price: 1.1, contractSize: 1, rate: 1 });
    const book = (quantity: number) => ({ positions: [{ symbol: 'X', quantity }], openOrders: [] });
    // 3 × 1.1 is 3.3 exactly (3.3000000000000003 in binary): equity 0.33 × 10 allows it.
    const after = exactExposure(book(3), terms);
    expect(after.toString()).toBe('3.3');
    expect(withinBuyingPowerExact(decimal(0), after, 0.33, 10)).toBe(true);
    expect(withinBuyingPowerExact(decimal(0), after, 0.32, 10)).toBe(false);
    // Reducing is always allowed.
    expect(withinBuyingPowerExact(after, exactExposure(book(1), terms), 0, 10)).toBe(true);
  });
  it('counts pending orders at their worst case per symbol', () => {
    const exposure = exactExposure(
      {
        positions: [{ symbol: 'X', quantity: 2 }],
        openOrders: [
          { symbol: 'X', side: 'buy', quantity: 1 },
          { symbol: 'X', side: 'sell', quantity: 6 },
        ],
      },
      () => ({ price: 10, contractSize: 1, rate: 1 }),
    );
    expect(exposure.toString()).toBe('40');
  });
  it('realised P&L helper rounds once', () => {
    expect(
      realizedMinorUnits({
        closed: 1,
        entry: 1.08451,
        exit: 1.08456,
        long: true,
        contractSize: 1000,
        rate: 84.7,
      }),
    ).toBe(424);
  });
});
