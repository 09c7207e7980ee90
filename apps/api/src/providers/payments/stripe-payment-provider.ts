import Stripe from 'stripe';
import type { PaymentProvider, ProviderSubscriptionState } from './payment-provider.ts';

export type StripeSettings = {
  secretKey: string;
  priceId: string;
  /** For tests against a local stand-in for the Stripe API. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(settings.host ? { host: settings.host } : {}),
    ...(settings.port ? { port: settings.port } : {}),
    ...(settings.protocol ? { protocol: settings.protocol } : {}),
  });
}

/** current_period_end moved from the subscription to its items in newer API versions: read either. */
function periodEnd(subscription: Stripe.Subscription): number {
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  const item = subscription.items?.data?.[0] as unknown as { current_period_end?: number } | undefined;
  return legacy ?? item?.current_period_end ?? Math.floor(Date.now() / 1000);
}

export function toSubscriptionState(subscription: Stripe.Subscription): ProviderSubscriptionState {
  return {
    providerSubscriptionId: subscription.id,
    providerCustomerId:
      typeof subscription.customer === 'string' ? subscription.customer : (subscription.customer?.id ?? null),
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: periodEnd(subscription),
  };
}

export function createStripePaymentProvider(
  settings: StripeSettings,
  client = createStripeClient(settings),
): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckout(input) {
      const session = await client.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: settings.priceId, quantity: 1 }],
        success_url: `${input.successUrl}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: input.cancelUrl,
        client_reference_id: input.userId,
        customer_email: input.email,
        metadata: { userId: input.userId },
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL.');
      return { sessionId: session.id, url: session.url, localSession: false };
    },
    async verifyCheckout(sessionId) {
      const session = await client.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] });
      const paid =
        session.status === 'complete' &&
        (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
      const subscription =
        session.subscription && typeof session.subscription === 'object' ? session.subscription : null;
      return {
        paid,
        providerCustomerId:
          typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null),
        providerSubscriptionId:
          subscription?.id ?? (typeof session.subscription === 'string' ? session.subscription : null),
        currentPeriodEnd: subscription ? periodEnd(subscription) : undefined,
      };
    },
    async setCancelAtPeriodEnd(providerSubscriptionId, cancel) {
      if (!providerSubscriptionId) throw new Error('No Stripe subscription is linked to this plan.');
      await client.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: cancel });
    },
    async retrieveSubscription(providerSubscriptionId) {
      return toSubscriptionState(await client.subscriptions.retrieve(providerSubscriptionId));
    },
  };
}
