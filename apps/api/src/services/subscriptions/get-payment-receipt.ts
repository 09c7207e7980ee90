import { type Database, payments } from '@candlewise/db';
import type { PaymentReceipt } from '@candlewise/shared/subscription/payment-schemas';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../../lib/app-error.ts';
import { toPayment } from './to-payment.ts';

/** Who issues every receipt. */
export const RECEIPT_ISSUER = 'Candlewise';

/** One of the user's payments as a receipt; anyone else's is answered as not found (no probing). */
export async function getPaymentReceipt(
  db: Database,
  userId: string,
  paymentId: string,
): Promise<PaymentReceipt> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
  if (!row) {
    throw notFound('We could not find that payment. Open your receipts from the Manage Subscription page.');
  }
  return {
    ...toPayment(row),
    billedTo: { name: row.billedName, email: row.billedEmail },
    issuer: { name: RECEIPT_ISSUER },
  };
}
