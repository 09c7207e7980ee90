import { checkoutSessions, type Database, subscriptions, users, webhookEvents } from '@candlewise/db';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { EventBus } from '../../providers/events/event-bus.ts';
import type {
  PaymentProvider,
  ProviderInvoice,
  ProviderSubscriptionState,
} from '../../providers/payments/payment-provider.ts';
import { invoiceSubscriptionId } from '../../providers/payments/stripe-payment-provider.ts';
import { notify } from '../notifications/notify.ts';
import { completeCheckout } from './checkout.ts';
import { recordPayment } from './record-payment.ts';

/** Our plan status for a Stripe subscription state. */
export function planStatusFor(state: ProviderSubscriptionState): 'active' | 'canceled' | 'Not Subscribed' {
  if (['canceled', 'unpaid', 'incomplete_expired'].includes(state.status)) return 'Not Subscribed';
  if (state.cancelAtPeriodEnd) return 'canceled';
  return 'active';
}

/**
 * Handles one verified Stripe event. Events are de-duplicated by id, and the state is re-read
 * from Stripe rather than taken from the payload (events arrive late, twice, or out of order).
 * A paid invoice is recorded as a payment (renewals); the first invoice of a checkout has the id
 * the checkout recorded, so it is never recorded twice, whichever arrives first.
 */
export async function handleStripeEvent(
  db: Database,
  bus: EventBus,
  provider: PaymentProvider,
  event: Stripe.Event,
): Promise<'handled' | 'duplicate' | 'ignored'> {
  const [seen] = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, event.id));
  if (seen) return 'duplicate';

  const object = event.data.object as unknown as Record<string, unknown>;
  let state: ProviderSubscriptionState | null = null;
  let paidInvoice: ProviderInvoice | null = null;
  switch (event.type) {
    case 'checkout.session.completed': {
      const sessionId = String(object.id);
      const [known] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
      if (known) await completeCheckout(db, bus, provider, sessionId);
      break;
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      state = await provider.retrieveSubscription(String(object.id));
      break;
    case 'invoice.paid': {
      const invoice = await provider.retrieveInvoice(String(object.id));
      const subscriptionId = invoice.providerSubscriptionId ?? invoiceSubscriptionId(object);
      if (subscriptionId) state = await provider.retrieveSubscription(subscriptionId);
      if (invoice.paid) paidInvoice = invoice;
      break;
    }
    case 'invoice.payment_failed': {
      const subscriptionId = invoiceSubscriptionId(object);
      if (subscriptionId) state = await provider.retrieveSubscription(subscriptionId);
      break;
    }
    default:
      break;
  }

  return db.transaction(async (tx) => {
    const [first] = await tx
      .insert(webhookEvents)
      .values({ id: event.id, provider: 'stripe', type: event.type })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (!first) return 'duplicate' as const;
    if (!state)
      return event.type === 'checkout.session.completed' ? ('handled' as const) : ('ignored' as const);

    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, state.providerSubscriptionId));
    if (!subscription) return 'ignored' as const;
    await tx
      .update(subscriptions)
      .set({
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        currentPeriodEnd: state.currentPeriodEnd,
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.userId, subscription.userId));
    await tx
      .update(users)
      .set({
        planStatus: planStatusFor(state),
        planExpirationDate: state.currentPeriodEnd,
        updatedAt: new Date(),
      })
      .where(eq(users.id, subscription.userId));
    if (paidInvoice) {
      await recordPayment(tx, {
        userId: subscription.userId,
        provider: 'stripe',
        providerPaymentId: paidInvoice.charge.providerPaymentId,
        checkoutSessionId: null,
        amountMinor: paidInvoice.charge.amountMinor,
        currency: paidInvoice.charge.currency,
        paymentMethod: paidInvoice.charge.paymentMethod ?? state.paymentMethod ?? null,
        periodStart: paidInvoice.periodStart,
        periodEnd: paidInvoice.periodEnd,
        ...(paidInvoice.paidAt ? { paidAt: new Date(paidInvoice.paidAt * 1000) } : {}),
      });
    }
    if (event.type === 'invoice.payment_failed') {
      await notify(tx, bus, {
        userId: subscription.userId,
        kind: 'subscription_changed',
        title: 'Payment failed',
        message: 'We could not charge your card for Pro. Update your payment method to keep Pro.',
        link: '/manage-subscription',
      });
    }
    return 'handled' as const;
  });
}
