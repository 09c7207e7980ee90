import { type Database, payments } from '@candlewise/db';
import type { Payment } from '@candlewise/shared/subscription/payment-schemas';
import { desc, eq } from 'drizzle-orm';
import { toPayment } from './to-payment.ts';

/** The user's payments, newest first. */
export async function listPayments(db: Database, userId: string): Promise<Payment[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.paidAt), desc(payments.number));
  return rows.map(toPayment);
}
