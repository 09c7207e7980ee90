/**
 * Exact money for the competition ledger (docs/decisions/022-exact-money.md).
 *
 * Representation: amounts in the account currency are whole minor units (cents, paise). They
 * travel as JS numbers that are the double nearest to a decimal of at most 15 significant digits
 * (prices ≤ 10 decimals, quantities ≤ 8, rates 10, amounts 2): such a number prints back as that
 * decimal (String, JSON), so it carries the decimal exactly as long as no binary arithmetic is done
 * on it. Every product, sum and quotient of them is done here, exactly (big.js, or integer minor
 * units), and rounded by the ONE rule below.
 *
 * THE RULE: a value is rounded half away from zero, once, at the step that needs it:
 * - booking (fill): realised P&L = closed qty × (exit − entry) × contract size × rate, computed
 *   exactly, then rounded to the account currency's minor unit (2 decimals); fees likewise;
 * - conversion: a rate that is not a quoted mid (an inverse or a cross through USD) is the exact
 *   quotient rounded to RATE_DECIMALS (10);
 * - average price of a position: the exact weighted average rounded to PRICE_DECIMALS (10), fewer
 *   where it would pass 15 significant digits;
 * - mark to market: each position's unrealised P&L converted, rounded to the minor unit as if
 *   booked now; equity = balance + their sum (so equity is whole minor units too);
 * - percentages shown (P&L %, drawdown %): the exact ratio rounded to 2 decimals. Freeze rules
 *   compare the exact ratio, never a rounded one.
 * Fill prices are quotes, already on the instrument's tick (the feed rounds them); quantities are
 * whole lot steps (checked when an order is placed): neither is rounded here.
 */
import Big from 'big.js';

/** Half away from zero (big.js calls it ROUND_HALF_UP: "if equidistant, rounds away from zero"). */
const HALF_AWAY_FROM_ZERO = 1;
const TOWARDS_ZERO = 0;

/** Our own big.js constructors: other users' settings cannot change ours. */
const Exact = Big();
Exact.DP = 40;
Exact.RM = HALF_AWAY_FROM_ZERO;
Exact.strict = false;
/** For quotients: truncated at the wanted decimals, then rounded by the rule from the remainder. */
const Truncated = Big();
Truncated.RM = TOWARDS_ZERO;

export type Decimal = Big;

/** Minor units of the account currencies (INR paise, USD cents). */
export const MINOR_UNIT_DECIMALS = 2;
export const RATE_DECIMALS = 10;
export const PRICE_DECIMALS = 10;
export const QUANTITY_DECIMALS = 8;
/** What a JS number carries exactly as a decimal (and what JSON prints back unchanged). */
export const SIGNIFICANT_DIGITS = 15;

/**
 * A value as an exact decimal. A number is read as the decimal it prints as (its shortest
 * round-trip form, e.g. 0.1 → "0.1"), which is the decimal it was made from.
 */
export function decimal(value: number | string | Decimal): Decimal {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`not a decimal: ${value}`);
  return new Exact(value);
}

/** THE rounding rule: half away from zero at `decimals` places. */
export function roundHalfAway(value: Decimal, decimals: number): Decimal {
  return value.round(decimals, HALF_AWAY_FROM_ZERO);
}

/** numerator ÷ denominator rounded by the rule at `decimals` places (one rounding of the exact quotient). */
export function divideRounded(numerator: Decimal, denominator: Decimal, decimals: number): Decimal {
  Truncated.DP = decimals;
  const truncated = new Truncated(numerator).div(denominator);
  // What is left over, against half of the last place kept: exact products and differences.
  const step = new Exact(1).div(new Exact(10).pow(decimals));
  const remainder = numerator.minus(truncated.times(denominator)).abs();
  const half = remainder.times(2).cmp(denominator.abs().times(step));
  if (half < 0) return new Exact(truncated);
  return numerator.s * denominator.s > 0 ? new Exact(truncated).plus(step) : new Exact(truncated).minus(step);
}

/** The amount in whole minor units (an integer), rounded by the rule. */
export function toMinorUnits(amount: Decimal | number): number {
  const minor = Number(roundHalfAway(decimal(amount), MINOR_UNIT_DECIMALS).times(100).toFixed(0));
  return minor === 0 ? 0 : minor; // no −0
}

/**
 * Minor units as the amount: IEEE division is correctly rounded, so this is the double nearest the
 * decimal minor / 100, i.e. exactly the amount as a decimal-carrying number.
 */
export function fromMinorUnits(minor: number): number {
  return minor / 100;
}

/**
 * The minor units of an amount that is already whole minor units (balances, equity, starting
 * balances: every amount the ledger keeps). Exact: such a number is within one unit in the last
 * place of minor / 100, so ×100 lands within 1e-3 of the integer for any |amount| below 2^50 / 100.
 */
export function minorUnitsOf(amount: number): number {
  const minor = Math.round(amount * 100);
  return minor === 0 ? 0 : minor;
}

/** Minor units as the exact decimal string the database stores ("-12.05"). */
export function minorToDecimalText(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not whole minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const absolute = Math.abs(minor);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** A decimal as a number that prints back as it (at most 15 significant digits, else it throws). */
export function decimalToNumber(value: Decimal | string): number {
  const exact = typeof value === 'string' ? decimal(value) : value;
  const number = Number(exact.toString());
  if (!exact.eq(decimal(number)))
    throw new RangeError(`${exact.toString()} has more than ${SIGNIFICANT_DIGITS} significant digits`);
  return number;
}

/** Realised P&L of closing `closed` units at `exit` from `entry`, in minor units of the account currency. */
export function realizedMinorUnits({
  closed,
  entry,
  exit,
  long,
  contractSize,
  rate,
}: {
  closed: number;
  entry: number;
  exit: number;
  /** The position closed was long (a short profits when the price falls). */
  long: boolean;
  contractSize: number;
  rate: number;
}): number {
  const move = long ? decimal(exit).minus(entry) : decimal(entry).minus(exit);
  return toMinorUnits(move.times(closed).times(contractSize).times(rate));
}

/** The exact unrealised P&L in minor units, rounded by the rule (the slow, always exact path). */
function unrealizedMinorExact(
  quantity: number,
  average: number,
  exit: number,
  contractSize: number,
  rate: number,
) {
  return toMinorUnits(decimal(exit).minus(average).times(quantity).times(contractSize).times(rate));
}

const FLOAT_ERROR_BOUND = 2 ** -48;
const FLOAT_SAFE_MAGNITUDE = 2 ** 50;

/**
 * A signed position's unrealised P&L at `exit`, converted at `rate`, in minor units rounded by the
 * rule: what closing it now would book. Runs for every position every second, so it first computes
 * in binary floating point with a proven error bound (each input is within 2^-53 of its decimal;
 * a subtraction and four products add at most 24·2^-53 of |exit|+|entry| times the scale, < 2^-48)
 * and keeps that rounding only when no half minor unit lies within the bound (then it is the exact
 * decimal's rounding); otherwise, about one call in 10^10, it computes in decimals.
 */
export function unrealizedMinorUnits(
  quantity: number,
  average: number,
  exit: number,
  contractSize: number,
  rate: number,
): number {
  const scale = quantity * contractSize * rate * 100;
  const approximate = (exit - average) * scale;
  const magnitude = Math.abs(approximate);
  if (magnitude < FLOAT_SAFE_MAGNITUDE) {
    const bound = (Math.abs(exit) + Math.abs(average)) * Math.abs(scale) * FLOAT_ERROR_BOUND;
    const fraction = magnitude - Math.floor(magnitude);
    if (Math.abs(fraction - 0.5) > bound) {
      const rounded = fraction > 0.5 ? Math.ceil(magnitude) : Math.floor(magnitude);
      if (rounded === 0) return 0;
      return approximate < 0 ? -rounded : rounded;
    }
  }
  return unrealizedMinorExact(quantity, average, exit, contractSize, rate);
}

/** The net position after a fill, and the P&L it realises (docs/architecture.md §Competitions): exact, rounded by the rule. */
export function applyFillExact(
  position: { quantity: number; averagePrice: number },
  fill: { side: 'buy' | 'sell'; quantity: number; price: number },
  contractSize: number,
  rate: number,
): { position: { quantity: number; averagePrice: number }; realizedMinor: number } {
  const current = decimal(position.quantity);
  const signed = fill.side === 'buy' ? decimal(fill.quantity) : decimal(fill.quantity).neg();
  const next = current.plus(signed);
  const quantity = decimalToNumber(next);
  if (current.eq(0) || current.s === signed.s) {
    // Adding: the weighted average price of what is held.
    const cost = current.abs().times(position.averagePrice).plus(signed.abs().times(fill.price));
    return { position: { quantity, averagePrice: averagePrice(cost, next.abs()) }, realizedMinor: 0 };
  }
  const closed = current.abs().cmp(signed.abs()) <= 0 ? current.abs() : signed.abs();
  const long = current.s > 0;
  const realizedMinor = realizedMinorUnits({
    closed: decimalToNumber(closed),
    entry: position.averagePrice,
    exit: fill.price,
    long,
    contractSize,
    rate,
  });
  if (next.eq(0)) return { position: { quantity: 0, averagePrice: 0 }, realizedMinor };
  // Reduced: the rest keeps its price; crossed zero: the rest opened at the fill's price.
  const averageOfRest = next.s === current.s ? position.averagePrice : fill.price;
  return { position: { quantity, averagePrice: averageOfRest }, realizedMinor };
}

/** cost ÷ quantity by the rule: PRICE_DECIMALS, fewer where the price would pass 15 significant digits. */
function averagePrice(cost: Decimal, quantity: Decimal): number {
  const rough = cost.div(quantity);
  const integerDigits = rough.e >= 0 ? rough.e + 1 : 0;
  const decimals = Math.max(0, Math.min(PRICE_DECIMALS, SIGNIFICANT_DIGITS - integerDigits));
  return decimalToNumber(divideRounded(cost, quantity, decimals));
}

/**
 * The rate that turns an amount in `from` into `to`, from the mids the market quotes (USDINR,
 * EURUSD, …): the direct pair's mid as quoted; its inverse, or a cross through USD, as the exact
 * quotient rounded by the rule to RATE_DECIMALS. null when the market has no way to convert.
 */
export function exactConversionRate(
  from: string,
  to: string,
  midOf: (symbol: string) => number | undefined,
): number | null {
  if (from === to) return 1;
  /** A rate as numerator / denominator (exact decimals), or null. */
  const leg = (a: string, b: string): [Decimal, Decimal] | null => {
    const mid = midOf(`${a}${b}`);
    if (mid !== undefined && mid > 0) return [decimal(mid), decimal(1)];
    const inverse = midOf(`${b}${a}`);
    if (inverse !== undefined && inverse > 0) return [decimal(1), decimal(inverse)];
    return null;
  };
  const rateOf = ([numerator, denominator]: [Decimal, Decimal]) =>
    denominator.eq(1)
      ? decimalToNumber(roundHalfAway(numerator, RATE_DECIMALS))
      : decimalToNumber(divideRounded(numerator, denominator, RATE_DECIMALS));
  const direct = leg(from, to);
  if (direct) return rateOf(direct);
  if (from !== 'USD' && to !== 'USD') {
    const toUsd = leg(from, 'USD');
    const fromUsd = leg('USD', to);
    if (toUsd && fromUsd) return rateOf([toUsd[0].times(fromUsd[0]), toUsd[1].times(fromUsd[1])]);
  }
  return null;
}

/**
 * Whether the fall from `reference` to `equity` is at least `thresholdPercent` % of `reference`
 * (the freeze rules), decided exactly: (reference − equity) × 100 ≥ threshold × reference. Both
 * amounts are whole minor units; a threshold of 0 (or less) is off.
 */
export function lossReachesPercent(reference: number, equity: number, thresholdPercent: number): boolean {
  if (!(thresholdPercent > 0)) return false;
  const referenceMinor = minorUnitsOf(reference);
  const equityMinor = minorUnitsOf(equity);
  if (referenceMinor <= 0 || equityMinor >= referenceMinor) return false;
  const hundredths = thresholdPercent * 100;
  if (Number.isInteger(hundredths)) {
    // Integers below 2^53 compare exactly as numbers (thresholds are numeric(6, 2): whole hundredths).
    const left = (referenceMinor - equityMinor) * 10_000;
    const right = hundredths * referenceMinor;
    if (Number.isSafeInteger(left) && Number.isSafeInteger(right)) return left >= right;
  }
  return decimal(referenceMinor - equityMinor)
    .times(100)
    .gte(decimal(thresholdPercent).times(referenceMinor));
}

/**
 * (part ÷ whole) × 100 rounded by the rule to 2 decimals, both in minor units (P&L %, drawdown %);
 * 0 when whole is not positive.
 */
export function percentOfMinor(part: number, whole: number): number {
  if (whole <= 0) return 0;
  const scaled = part * 10_000;
  if (Number.isSafeInteger(scaled) && Number.isSafeInteger(whole)) {
    // Integer division with the remainder: exact, and the half decided on integers.
    const quotient = Math.trunc(scaled / whole);
    const remainder = scaled - quotient * whole;
    const rounded = Math.abs(remainder) * 2 >= whole ? quotient + Math.sign(scaled) : quotient;
    return rounded === 0 ? 0 : rounded / 100;
  }
  return decimalToNumber(divideRounded(decimal(part).times(100), decimal(whole), 2));
}

/** The change from `from` to `to` (amounts in whole minor units) in percent of `from`, rounded by the rule (P&L %). */
export function changePercent(from: number, to: number): number {
  const fromMinor = minorUnitsOf(from);
  return percentOfMinor(minorUnitsOf(to) - fromMinor, fromMinor);
}

/** An exact amount (a product not yet booked: exposure, buying power) rounded by the rule for display. */
export function roundedAmount(amount: Decimal): number {
  return fromMinorUnits(toMinorUnits(amount));
}

export type ExactExposureBook = {
  positions: Iterable<{ symbol: string; quantity: number }>;
  openOrders: Iterable<{ symbol: string; side: 'buy' | 'sell'; quantity: number }>;
};

/** One contract of a symbol in the account currency: mid × contract size × rate (exact), or null. */
export type UnitTerms = { price: number; contractSize: number; rate: number };

/**
 * The worst-case exposure (account-money.ts, worstCaseExposure) computed exactly: per symbol the
 * larger of |position + pending buys| and |position − pending sells| × price × contract size × rate.
 * A symbol without terms counts 0 (it cannot be valued now).
 */
export function exactExposure(
  book: ExactExposureBook,
  termsOf: (symbol: string) => UnitTerms | null,
): Decimal {
  const bySymbol = new Map<string, { position: Decimal; buys: Decimal; sells: Decimal }>();
  const entry = (symbol: string) => {
    let found = bySymbol.get(symbol);
    if (!found) {
      found = { position: decimal(0), buys: decimal(0), sells: decimal(0) };
      bySymbol.set(symbol, found);
    }
    return found;
  };
  for (const position of book.positions) {
    const found = entry(position.symbol);
    found.position = found.position.plus(position.quantity);
  }
  for (const order of book.openOrders) {
    const found = entry(order.symbol);
    if (order.side === 'buy') found.buys = found.buys.plus(order.quantity);
    else found.sells = found.sells.plus(order.quantity);
  }
  let exposure = decimal(0);
  for (const [symbol, { position, buys, sells }] of bySymbol) {
    const long = position.plus(buys).abs();
    const short = position.minus(sells).abs();
    const worst = long.gt(short) ? long : short;
    if (worst.eq(0)) continue;
    const terms = termsOf(symbol);
    if (!terms) continue;
    exposure = exposure.plus(worst.times(terms.price).times(terms.contractSize).times(terms.rate));
  }
  return exposure;
}

/**
 * Buying power, exactly: an exposure may grow only within leverage × equity (equity below 0 counts
 * as 0); one that does not grow is always allowed (reducing a position).
 */
export function withinBuyingPowerExact(
  before: Decimal,
  after: Decimal,
  equity: number,
  leverage: number,
): boolean {
  if (after.lte(before)) return true;
  const equityFloor = equity > 0 ? decimal(equity) : decimal(0);
  return after.lte(equityFloor.times(leverage));
}
