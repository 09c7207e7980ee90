/** What the subscription service needs from a payment provider (local checkout or Stripe). */

/** The checkout as we stored it when it started. */
export type StoredCheckout = { id: string; status: string; amountInr: number };

export type VerifiedCheckout = {
  paid: boolean;
  providerCustomerId?: string | null;
  providerSubscriptionId?: string | null;
  /** Unix seconds; absent for the local provider, which bills one month at activation. */
  currentPeriodEnd?: number;
  currentPeriodStart?: number;
  /** What the provider charged (when paid). */
  charge?: ProviderCharge;
};

/** A charge as the provider records it: the row behind a receipt. */
export type ProviderCharge = {
  /** Stripe's invoice id, or the checkout session id when there is no invoice. */
  providerPaymentId: string;
  /** In the currency's minor unit. */
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** e.g. 'Visa ending in 4242'; null when the provider does not say. */
  paymentMethod: string | null;
};

/** A paid (or not yet paid) invoice of a subscription: how renewals are recorded. */
export type ProviderInvoice = {
  paid: boolean;
  providerSubscriptionId: string | null;
  charge: ProviderCharge;
  /** Unix seconds of the period the invoice pays for, when it says. */
  periodStart: number | null;
  periodEnd: number | null;
  /** Unix seconds. */
  paidAt: number | null;
};

export type ProviderSubscriptionState = {
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  /** active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused */
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: number;
  /** The card the subscription charges, e.g. 'Visa ending in 4242'; null when not known. */
  paymentMethod?: string | null;
};

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /** Creates the provider's checkout; returns where to send the browser and the session id to remember. */
  createCheckout(input: {
    userId: string;
    email: string;
    amountInr: number;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ sessionId: string; url: string; localSession: boolean }>;
  /** Asks the provider whether the checkout was paid (never trusts the browser). */
  verifyCheckout(session: StoredCheckout): Promise<VerifiedCheckout>;
  /** Cancel at period end (true) or resume (false). */
  setCancelAtPeriodEnd(providerSubscriptionId: string | null, cancel: boolean): Promise<void>;
  retrieveSubscription(providerSubscriptionId: string): Promise<ProviderSubscriptionState>;
  /** Re-reads an invoice (renewals arrive as invoice.paid webhooks; the payload is not trusted). */
  retrieveInvoice(invoiceId: string): Promise<ProviderInvoice>;
}
