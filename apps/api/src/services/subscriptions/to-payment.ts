import type { PaymentRow } from '@candlewise/db';
import type { Payment } from '@candlewise/shared/subscription/payment-schemas';

/** CW-000042: the payment's place in the one sequence of receipts. */
export function receiptNumber(sequence: number): string {
  return `CW-${String(sequence).padStart(6, '0')}`;
}

const isoFromSeconds = (seconds: number | null) =>
  seconds === null ? null : new Date(seconds * 1000).toISOString();

/** A payment row as the API shows it. */
export function toPayment(row: PaymentRow): Payment {
  return {
    _id: row.id,
    receiptNumber: receiptNumber(row.number),
    plan: row.plan,
    status: row.status,
    amountMinor: row.amountMinor,
    currency: row.currency,
    paidAt: row.paidAt.toISOString(),
    periodStart: isoFromSeconds(row.periodStart),
    periodEnd: isoFromSeconds(row.periodEnd),
    paymentMethod: row.paymentMethod,
  };
}
