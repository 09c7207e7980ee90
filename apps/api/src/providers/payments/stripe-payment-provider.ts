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

/** current_period_start, read the same way. */
function periodStart(subscription: Stripe.Subscription): number | undefined {
  const legacy = (subscription as unknown as { current_period_start?: number }).current_period_start;
  const item = subscription.items?.data?.[0] as unknown as { current_period_start?: number } | undefined;
  return legacy ?? item?.current_period_start;
}

const CARD_BRANDS: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  rupay: 'RuPay',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** What a receipt says about how it was paid, e.g. 'Visa ending in 4242'; null when not expanded. */
export function describePaymentMethod(
  method: string | Stripe.PaymentMethod | null | undefined,
): string | null {
  if (!method || typeof method === 'string') return null;
  if (method.type === 'card' && method.card) {
    const brand = CARD_BRANDS[method.card.brand] ?? 'Card';
    return `${brand} ending in ${method.card.last4}`;
  }
  if (method.type === 'upi') return 'UPI';
  const words = method.type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The invoice's subscription: newer API versions move it under parent.subscription_details. */
export function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const direct = invoice.subscription;
  if (typeof direct === 'string') return direct;
  if (direct && typeof direct === 'object' && 'id' in direct) return String((direct as { id: string }).id);
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | undefined | null;
  const nested = parent?.subscription_details?.subscription;
  if (typeof nested === 'string') return nested;
  if (nested && typeof nested === 'object' && 'id' in nested) return String((nested as { id: string }).id);
  return null;
}

export function toSubscriptionState(subscription: Stripe.Subscription): ProviderSubscriptionState {
  return {
    providerSubscriptionId: subscription.id,
    providerCustomerId:
      typeof subscription.customer === 'string' ? subscription.customer : (subscription.customer?.id ?? null),
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: periodEnd(subscription),
    paymentMethod: describePaymentMethod(subscription.default_payment_method),
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
    async verifyCheckout(stored) {
      const session = await client.checkout.sessions.retrieve(stored.id, {
        expand: ['subscription', 'subscription.default_payment_method'],
      });
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
        currentPeriodStart: subscription ? periodStart(subscription) : undefined,
        charge: {
          // The first invoice's id: its invoice.paid webhook then finds the same payment.
          providerPaymentId:
            (typeof session.invoice === 'string' ? session.invoice : session.invoice?.id) ?? session.id,
          amountMinor: session.amount_total ?? 0,
          currency: (session.currency ?? 'inr').toUpperCase(),
          paymentMethod: describePaymentMethod(subscription?.default_payment_method),
        },
      };
    },
    async setCancelAtPeriodEnd(providerSubscriptionId, cancel) {
      if (!providerSubscriptionId) throw new Error('No Stripe subscription is linked to this plan.');
      await client.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: cancel });
    },
    async retrieveSubscription(providerSubscriptionId) {
      return toSubscriptionState(
        await client.subscriptions.retrieve(providerSubscriptionId, { expand: ['default_payment_method'] }),
      );
    },
    async retrieveInvoice(invoiceId) {
      const invoice = await client.invoices.retrieve(invoiceId);
      const period = invoice.lines?.data?.[0]?.period;
      return {
        paid: invoice.status === 'paid',
        providerSubscriptionId: invoiceSubscriptionId(invoice as unknown as Record<string, unknown>),
        charge: {
          providerPaymentId: invoice.id ?? invoiceId,
          amountMinor: invoice.amount_paid,
          currency: invoice.currency.toUpperCase(),
          paymentMethod: null,
        },
        periodStart: period?.start ?? null,
        periodEnd: period?.end ?? null,
        paidAt: invoice.status_transitions?.paid_at ?? null,
      };
    },
  };
}
