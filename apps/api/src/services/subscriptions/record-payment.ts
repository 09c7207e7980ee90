import { type DbExecutor, newId, payments, users } from '@candlewise/db';
import { and, eq } from 'drizzle-orm';

export type NewPayment = {
  userId: string;
  provider: 'local' | 'stripe';
  providerPaymentId: string;
  checkoutSessionId: string | null;
  amountMinor: number;
  currency: string;
  /** Unix seconds. */
  periodStart: number | null;
  periodEnd: number | null;
  paymentMethod: string | null;
  paidAt?: Date;
};

/**
 * Records a payment the provider confirmed, in the caller's transaction (the one that activates or
 * extends the plan). Unique on (provider, provider payment id): a replay records nothing and
 * answers the payment recorded first. Who was billed is copied from the user as they are now.
 */
export async function recordPayment(tx: DbExecutor, payment: NewPayment): Promise<{ id: string }> {
  const [user] = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, payment.userId));
  const billedName = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim() || null;
  const [inserted] = await tx
    .insert(payments)
    .values({
      id: newId(),
      userId: payment.userId,
      provider: payment.provider,
      providerPaymentId: payment.providerPaymentId,
      checkoutSessionId: payment.checkoutSessionId,
      amountMinor: payment.amountMinor,
      currency: payment.currency.toUpperCase(),
      periodStart: payment.periodStart,
      periodEnd: payment.periodEnd,
      paymentMethod: payment.paymentMethod,
      billedName,
      billedEmail: user?.email ?? '',
      ...(payment.paidAt ? { paidAt: payment.paidAt } : {}),
    })
    .onConflictDoNothing({ target: [payments.provider, payments.providerPaymentId] })
    .returning({ id: payments.id });
  if (inserted) return inserted;
  const [existing] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(eq(payments.provider, payment.provider), eq(payments.providerPaymentId, payment.providerPaymentId)),
    );
  return existing;
}
