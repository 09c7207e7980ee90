import {
  checkoutSessions,
  type Database,
  payments,
  subscriptions,
  type UserRow,
  users,
} from '@candlewise/db';
import { hasPro, type PublicUser } from '@candlewise/shared';
import { and, eq, ne } from 'drizzle-orm';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import type { EventBus } from '../../providers/events/event-bus.ts';
import type { PaymentProvider } from '../../providers/payments/payment-provider.ts';
import { notify } from '../notifications/notify.ts';
import { toPublicUser } from '../users/to-public-user.ts';
import { recordPayment } from './record-payment.ts';

export const PRO_PERIOD_SECONDS = 30 * 86_400;

export type PlanFields = Pick<PublicUser, 'planStatus' | 'planExpirationDate'>;

export function planFields(user: UserRow): PlanFields {
  const { planStatus, planExpirationDate } = toPublicUser(user);
  return { planStatus, planExpirationDate };
}

/** Starts a checkout at the configured provider for the configured monthly price. */
export async function startCheckout(
  db: Database,
  provider: PaymentProvider,
  user: UserRow,
  options: { amountInr: number; publicUrl: string },
): Promise<{ url: string; sessionId: string }> {
  if (user.planStatus === 'active' && hasPro(user)) {
    throw conflict('You already have Pro. Manage it on the Manage Subscription page.');
  }
  const checkout = await provider.createCheckout({
    userId: user.id,
    email: user.email,
    amountInr: options.amountInr,
    successUrl: `${options.publicUrl}/success`,
    cancelUrl: `${options.publicUrl}/pricing`,
  });
  await db.insert(checkoutSessions).values({
    id: checkout.sessionId,
    userId: user.id,
    provider: provider.name,
    amountInr: options.amountInr,
  });
  return { url: checkout.url, sessionId: checkout.sessionId };
}

/** The plan after a checkout, and the payment it recorded (null only for sessions completed before payments were recorded). */
export type CompletedCheckout = PlanFields & { paymentId: string | null };

/**
 * Completes a paid checkout: verified with the provider, then Pro is activated exactly once —
 * the conditional update to 'completed' succeeds for one caller, every replay gets the plan as is.
 * The payment is recorded in the same transaction.
 */
export async function completeCheckout(
  db: Database,
  bus: EventBus,
  provider: PaymentProvider,
  sessionId: string,
  expectedUserId?: string,
): Promise<CompletedCheckout> {
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  if (!session || (expectedUserId && session.userId !== expectedUserId)) {
    throw notFound('We could not find that checkout. Start again from the Pricing page.');
  }
  const current = async () => {
    const [user] = await db.select().from(users).where(eq(users.id, session.userId));
    const [payment] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.checkoutSessionId, session.id))
      .limit(1);
    return { ...planFields(user), paymentId: payment?.id ?? null };
  };
  if (session.status === 'completed') return current();

  const verified = await provider.verifyCheckout(session);
  if (!verified.paid) {
    throw new AppError(
      409,
      'CONFLICT',
      'This checkout has not been paid yet. Finish the payment, or start again from the Pricing page.',
    );
  }

  const activated = await db.transaction(async (tx) => {
    const [won] = await tx
      .update(checkoutSessions)
      .set({
        status: 'completed',
        completedAt: new Date(),
        providerSubscriptionId: verified.providerSubscriptionId ?? null,
      })
      .where(and(eq(checkoutSessions.id, session.id), ne(checkoutSessions.status, 'completed')))
      .returning({ id: checkoutSessions.id });
    if (!won) return false;
    const [user] = await tx.select().from(users).where(eq(users.id, session.userId)).for('update');
    const now = Math.floor(Date.now() / 1000);
    const base =
      user.planExpirationDate && user.planExpirationDate > now && user.planStatus !== 'Not Subscribed'
        ? user.planExpirationDate
        : now;
    const periodEnd = verified.currentPeriodEnd ?? base + PRO_PERIOD_SECONDS;
    const periodStart = verified.currentPeriodStart ?? base;
    await tx
      .update(users)
      .set({ planStatus: 'active', planExpirationDate: periodEnd, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    const values = {
      provider: session.provider,
      providerCustomerId: verified.providerCustomerId ?? null,
      providerSubscriptionId: verified.providerSubscriptionId ?? null,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: periodEnd,
      updatedAt: new Date(),
    };
    await tx
      .insert(subscriptions)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: subscriptions.userId, set: values });
    await recordPayment(tx, {
      userId: user.id,
      provider: session.provider,
      checkoutSessionId: session.id,
      providerPaymentId: verified.charge?.providerPaymentId ?? session.id,
      amountMinor: verified.charge?.amountMinor ?? session.amountInr * 100,
      currency: verified.charge?.currency ?? 'INR',
      paymentMethod: verified.charge?.paymentMethod ?? null,
      periodStart,
      periodEnd,
    });
    return true;
  });
  if (activated) {
    await notify(db, bus, {
      userId: session.userId,
      kind: 'subscription_changed',
      title: 'Welcome to Pro',
      message: 'Your Pro plan is active: Pro courses, broker sync and full journal statistics are unlocked.',
      link: '/manage-subscription',
    });
  }
  return current();
}

/** The local checkout's card step: the test card pays, the decline card is refused; nothing else is accepted. */
export async function payLocalCheckout(
  db: Database,
  user: UserRow,
  sessionId: string,
  cardNumber: string,
): Promise<{ redirectUrl: string }> {
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  if (!session || session.userId !== user.id || session.provider !== 'local') {
    throw notFound('We could not find that checkout. Start again from the Pricing page.');
  }
  const redirectUrl = `/success?session_id=${encodeURIComponent(session.id)}`;
  if (session.status === 'paid' || session.status === 'completed') return { redirectUrl };
  const digits = cardNumber.replace(/\D/g, '');
  if (digits === '4000000000000002') {
    throw new AppError(
      402,
      'PAYMENT_DECLINED',
      'Your card was declined. No money was taken; try another card.',
      [{ path: 'cardNumber', message: 'This card was declined.' }],
    );
  }
  if (digits !== '4242424242424242') {
    throw new AppError(
      402,
      'PAYMENT_DECLINED',
      'This test checkout accepts only the test card 4242 4242 4242 4242.',
      [{ path: 'cardNumber', message: 'Use the test card 4242 4242 4242 4242.' }],
    );
  }
  await db
    .update(checkoutSessions)
    .set({ status: 'paid' })
    .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')));
  return { redirectUrl };
}

export async function getLocalCheckout(db: Database, user: UserRow, sessionId: string) {
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  if (!session || session.userId !== user.id || session.provider !== 'local') {
    throw notFound('We could not find that checkout. Start again from the Pricing page.');
  }
  return { _id: session.id, amountInr: session.amountInr, status: session.status, plan: 'Pro' as const };
}
