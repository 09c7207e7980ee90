import { describe, expect, it } from 'vitest';
import { rebuildPositions } from './round-trips.ts';
import { fillQuantitiesInTrade, tradeChartWindow, tradeExcursion } from './trade-detail.ts';

describe('tradeExcursion', () => {
  it('measures a long trade from the lowest low and the highest high, times quantity and multiplier', () => {
    expect(
      tradeExcursion(
        { side: 'long', entryPrice: 100, quantity: 2, multiplier: 10 },
        { low: 97.5, high: 104 },
      ),
    ).toEqual({ mae: 50, mfe: 80, maePrice: 97.5, mfePrice: 104 });
  });

  it('mirrors a short trade', () => {
    expect(
      tradeExcursion(
        { side: 'short', entryPrice: 100, quantity: 3, multiplier: 1 },
        { low: 99, high: 100.25 },
      ),
    ).toEqual({ mae: 0.75, mfe: 3, maePrice: 100.25, mfePrice: 99 });
  });

  it('never answers below 0 when the price stayed on one side of the entry', () => {
    expect(
      tradeExcursion({ side: 'long', entryPrice: 100, quantity: 1, multiplier: 1 }, { low: 101, high: 103 }),
    ).toEqual({ mae: 0, mfe: 3, maePrice: 101, mfePrice: 103 });
    expect(
      tradeExcursion({ side: 'short', entryPrice: 100, quantity: 1, multiplier: 1 }, { low: 101, high: 103 }),
    ).toEqual({ mae: 3, mfe: 0, maePrice: 103, mfePrice: 101 });
  });

  it('keeps money exact to the journal’s six decimals', () => {
    expect(
      tradeExcursion({ side: 'long', entryPrice: 1.1, quantity: 3, multiplier: 1 }, { low: 1, high: 1.3 })
        .mae,
    ).toBe(0.3);
  });
});

describe('fillQuantitiesInTrade', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 9, minute));

  it('gives a reversal fill’s closing part to the trade it closes and the rest to the one it opens', () => {
    const fills = [
      { id: 'f1', symbol: 'X', side: 'buy' as const, quantity: 2, price: 10, time: at(0) },
      { id: 'f2', symbol: 'X', side: 'buy' as const, quantity: 1, price: 11, time: at(1) },
      { id: 'f3', symbol: 'X', side: 'sell' as const, quantity: 5, price: 12, time: at(2) },
      { id: 'f4', symbol: 'X', side: 'sell' as const, quantity: 1, price: 12, time: at(3) },
      { id: 'f5', symbol: 'X', side: 'buy' as const, quantity: 3, price: 11, time: at(4) },
    ];
    const byId = new Map(fills.map((fill) => [fill.id, fill]));
    const [long, short] = rebuildPositions(fills).trips;
    const parts = (trip: typeof long) =>
      fillQuantitiesInTrade(
        { side: trip.side, quantity: trip.quantity, reversal: trip.externalId !== trip.fillIds[0] },
        trip.fillIds.map((id) => byId.get(id)!),
      );
    expect(long.fillIds).toEqual(['f1', 'f2', 'f3']);
    expect(parts(long)).toEqual([2, 1, 3]);
    expect(short.fillIds).toEqual(['f3', 'f4', 'f5']);
    expect(short.quantity).toBe(3);
    expect(parts(short)).toEqual([2, 1, 3]);
  });

  it('gives every fill wholly to a trade without a reversal', () => {
    expect(
      fillQuantitiesInTrade({ side: 'short', quantity: 4, reversal: false }, [
        { side: 'sell', quantity: 4 },
        { side: 'buy', quantity: 1 },
        { side: 'buy', quantity: 3 },
      ]),
    ).toEqual([4, 1, 3]);
  });
});

describe('tradeChartWindow', () => {
  it('runs from 30 minutes before the entry’s minute to 30 minutes after the exit’s', () => {
    const entry = Date.UTC(2026, 2, 2, 10, 5, 20);
    const exit = Date.UTC(2026, 2, 2, 10, 12, 40);
    expect(tradeChartWindow(entry, exit)).toEqual({
      from: Date.UTC(2026, 2, 2, 9, 35),
      to: Date.UTC(2026, 2, 2, 10, 42),
    });
    expect(tradeChartWindow(entry, null).to).toBe(Date.UTC(2026, 2, 2, 10, 35));
  });
});
