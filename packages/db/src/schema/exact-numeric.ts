import { decimalToNumber } from '@candlewise/shared/money/money';
import { customType } from 'drizzle-orm/pg-core';

/**
 * A numeric column read and written as its exact decimal (docs/decisions/022-exact-money.md).
 * The driver hands numerics over as text; the value becomes the number that prints back as that
 * text, which is exact for the ≤ 15 significant digits the ledger keeps. A value with more digits
 * is off the rule and is refused rather than silently rounded in binary. Written as the number's
 * own decimal text (String), so nothing is rounded on the way in either.
 */
export const exactNumeric = (name: string, { precision, scale }: { precision: number; scale: number }) =>
  customType<{ data: number; driverData: string }>({
    dataType: () => `numeric(${precision}, ${scale})`,
    fromDriver: (value) => decimalToNumber(String(value)),
    toDriver: (value) => String(value),
  })(name);
