import { checkoutSessions, type Database, subscriptions, users, webhookEvents } from '@candlewise/db';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { EventBus } from '../../providers/events/event-bus.ts';
import type {
  PaymentProvider,
  ProviderSubscriptionState,
} from '../../providers/payments/payment-provider.ts';
import { notify } from '../notifications/notify.ts';
import { completeCheckout } from './checkout.ts';

/** Our plan status for a Stripe subscription state. */
export function planStatusFor(state: ProviderSubscriptionState): 'active' | 'canceled' | 'Not Subscribed' {
  if (['canceled', 'unpaid', 'incomplete_expired'].includes(state.status)) return 'Not Subscribed';
  if (state.cancelAtPeriodEnd) return 'canceled';
  return 'active';
}

function subscriptionIdOf(object: Record<string, unknown>): string | null {
  const direct = object.subscription;
  if (typeof direct === 'string') return direct;
  if (direct && typeof direct === 'object' && 'id' in direct) return String((direct as { id: string }).id);
  // Newer API versions move the invoice's subscription under parent.subscription_details.
  const parent = object.parent as { subscription_details?: { subscription?: string } } | undefined;
  return parent?.subscription_details?.subscription ?? null;
}

/**
 * Handles one verified Stripe event. Events are de-duplicated by id, and the state is re-read
 * from Stripe rather than taken from the payload (events arrive late, twice, or out of order).
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
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = subscriptionIdOf(object);
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
