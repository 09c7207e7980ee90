import {
  type InstrumentSteps,
  plainNumber,
  priceProblem,
  quantityProblem,
} from '@candlewise/shared/trading/account-money';

/**
 * The order ticket reads what is typed, not what a number input kept from before: these turn the
 * text of a field into a number or the one sentence that says what is wrong with it (issue #17:
 * `abc` must never send the previous quantity, `-5` never becomes 0).
 */

/** A plain decimal ('2', '0.5', '.5', '1,000.25'), or null for anything else (signs, letters, exponents). */
export function parseDecimal(text: string): number | null {
  const clean = text.trim().replace(/,/g, '');
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(clean)) return null;
  const value = Number(clean);
  return Number.isFinite(value) ? value : null;
}

const negative = (text: string) => /^-\s*(\d|\.\d)/.test(text.trim());

/**
 * The quantity field's problem: empty, not a number, not above 0, under the minimum, off the lot
 * step, or more than the buying power allows (`max`, when known), else null.
 */
export function quantityFieldProblem(
  text: string,
  steps: InstrumentSteps | null,
  max: number | null = null,
): string | null {
  if (!text.trim()) return 'Enter a quantity.';
  const value = parseDecimal(text);
  if (negative(text) || value === 0) return 'The quantity must be more than 0.';
  if (value === null)
    return `Enter the quantity as a number of lots, like ${plainNumber(steps?.minQuantity ?? 1)}.`;
  if (steps) {
    const lot = quantityProblem(steps, value);
    if (lot) return lot;
  }
  if (max !== null && value > max + 1e-9) {
    const symbol = steps?.symbol ?? 'this instrument';
    return max > 0
      ? `Your buying power allows at most ${plainNumber(max)} ${max === 1 ? 'lot' : 'lots'} of ${symbol} now.`
      : `Your buying power does not cover the smallest order of ${symbol} now.`;
  }
  return null;
}

/**
 * A price field's problem: empty when `required`, not a number, not above 0, or off the tick size,
 * else null. `name` is the field in a sentence ('limit price'); `label` starts the tick-size
 * sentence the API uses too ('Price', 'Stop-loss', 'Take-profit').
 */
export function priceFieldProblem(
  text: string,
  {
    name,
    label,
    required = false,
    steps,
  }: { name: string; label: string; required?: boolean; steps: InstrumentSteps | null },
): string | null {
  if (!text.trim()) return required ? `Enter the ${name}.` : null;
  const value = parseDecimal(text);
  if (negative(text) || value === 0) return `The ${name} must be more than 0.`;
  if (value === null) return `Enter the ${name} as a number.`;
  return steps ? priceProblem(steps, value, label) : null;
}
