/**
 * Money and quantities of a competition account (docs/architecture.md §Competitions): one account currency per
 * group, instruments quoted in their own currency and converted at the feed's current rate, lot
 * steps and tick sizes, and buying power that counts pending orders.
 */
import {
  decimal,
  exactConversionRate,
  minorToDecimalText,
  roundHalfAway,
  toMinorUnits,
} from '../money/money.ts';

/** The account currencies a competition can use (each needs a rate from every quote currency). */
export const ACCOUNT_CURRENCIES = ['INR', 'USD'] as const;
export type AccountCurrency = (typeof ACCOUNT_CURRENCIES)[number];

/** Buying power: the worst-case exposure of positions and pending orders may not pass 10 × equity. */
export const LEVERAGE = 10;

/**
 * The rate that turns an amount in `from` into `to`, from the mids of the currency pairs the
 * market quotes (USDINR, EURUSD, …): the direct pair, its inverse, or a cross through USD; an
 * inverse or a cross is the exact quotient rounded half away from zero to 10 decimals
 * (money/money.ts, the one rule). null when the market has no way to convert (then nothing in that
 * currency can be traded).
 */
export function conversionRate(
  from: string,
  to: string,
  midOf: (symbol: string) => number | undefined,
): number | null {
  return exactConversionRate(from, to, midOf);
}

/**
 * Rounds an amount to whole cents (paise) by the ledger's rule (half away from zero, on the exact
 * decimal the number carries) and returns the cents.
 */
export function toCents(amount: number): number {
  return toMinorUnits(amount);
}

/**
 * An amount (or percent) rounded to `digits` decimals, cents by default, by the ledger's rule:
 * the decimal the number carries (0.1 + 0.2 carries 0.30000000000000004), half away from zero
 * (0.125 → 0.13, −0.125 → −0.13, 1.005 → 1.01), never −0. Unlike `toCents` it returns the amount.
 */
export function roundMoney(value: number, digits = 2): number {
  const rounded = Number(roundHalfAway(decimal(value), digits).toString());
  return rounded === 0 ? 0 : rounded;
}

/** Cents as the exact decimal string the database stores. */
export function centsToDecimal(cents: number): string {
  return minorToDecimalText(cents);
}

/** Decimal places of a step such as 0.05 (2) or 1e-8 (8). */
export function stepDecimals(step: number): number {
  if (!(step > 0)) return 0;
  const text = step.toExponential();
  const [mantissa, exponent] = text.split('e');
  const mantissaDecimals = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, mantissaDecimals - Number(exponent));
}

/** Whether value is a whole number of steps (to the step's own precision). */
export function isMultipleOfStep(value: number, step: number): boolean {
  if (!(step > 0)) return true;
  const units = value / step;
  return Math.abs(units - Math.round(units)) < 1e-7 * Math.max(1, Math.abs(units));
}

/** Value snapped to the step's decimals (removes binary noise such as 0.30000000000000004). */
export function roundToStep(value: number, step: number): number {
  const decimals = Math.min(12, stepDecimals(step));
  return Number((Math.round(value / step) * step).toFixed(decimals));
}

/** A number as people write it: no exponent, no trailing zeros (0.0001, 1, 0.05). */
export function plainNumber(value: number): string {
  return value.toFixed(Math.min(12, stepDecimals(value))).replace(/\.?0+$/, '') || '0';
}

export type InstrumentSteps = {
  symbol: string;
  lotStep: number;
  minQuantity: number;
  tickSize: number;
};

/** The sentence for a quantity off the instrument's lot rules, or null when it is fine. */
export function quantityProblem(instrument: InstrumentSteps, quantity: number): string | null {
  if (quantity < instrument.minQuantity - 1e-12)
    return `The smallest ${instrument.symbol} order is ${plainNumber(instrument.minQuantity)}.`;
  if (!isMultipleOfStep(quantity, instrument.lotStep))
    return `${instrument.symbol} quantities go in steps of ${plainNumber(instrument.lotStep)}.`;
  return null;
}

/** The sentence for a price off the instrument's tick size, or null when it is fine. */
export function priceProblem(instrument: InstrumentSteps, price: number, label = 'Price'): string | null {
  if (!isMultipleOfStep(price, instrument.tickSize))
    return `${label} must be a multiple of ${instrument.symbol}'s tick size, ${plainNumber(instrument.tickSize)}.`;
  return null;
}

export type ExposureBook = {
  /** Net signed quantity per symbol. */
  positions: Iterable<{ symbol: string; quantity: number }>;
  /** Pending (limit and stop) orders. */
  openOrders: Iterable<{ symbol: string; side: 'buy' | 'sell'; quantity: number }>;
};

/**
 * The most the account could hold if its pending orders fill: per symbol, the larger of
 * |position + pending buys| and |position − pending sells|, valued at `priceOf` (mid × contract
 * size × rate into the account currency). Stacking resting orders therefore uses buying power
 * exactly as holding the position would, and orders that only reduce a position use none.
 */
export function worstCaseExposure(book: ExposureBook, unitValueOf: (symbol: string) => number): number {
  const bySymbol = new Map<string, { position: number; buys: number; sells: number }>();
  const entry = (symbol: string) => {
    let found = bySymbol.get(symbol);
    if (!found) {
      found = { position: 0, buys: 0, sells: 0 };
      bySymbol.set(symbol, found);
    }
    return found;
  };
  for (const position of book.positions) entry(position.symbol).position += position.quantity;
  for (const order of book.openOrders) {
    if (order.side === 'buy') entry(order.symbol).buys += order.quantity;
    else entry(order.symbol).sells += order.quantity;
  }
  let exposure = 0;
  for (const [symbol, { position, buys, sells }] of bySymbol) {
    const worst = Math.max(Math.abs(position + buys), Math.abs(position - sells));
    if (worst > 0) exposure += worst * unitValueOf(symbol);
  }
  return exposure;
}

/**
 * Whether a change of exposure is allowed: within LEVERAGE × equity, or not growing (reducing a
 * position is always allowed, even for an account already over the limit).
 */
export function withinBuyingPower(before: number, after: number, equity: number): boolean {
  return after <= Math.max(0, equity) * LEVERAGE + 1e-6 || after <= before + 1e-6;
}
