/** What the subscription service needs from a payment provider (local checkout or Stripe). */
export type VerifiedCheckout = {
  paid: boolean;
  providerCustomerId?: string | null;
  providerSubscriptionId?: string | null;
  /** Unix seconds; absent for the local provider, which bills one month at activation. */
  currentPeriodEnd?: number;
};

export type ProviderSubscriptionState = {
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  /** active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused */
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: number;
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
  verifyCheckout(sessionId: string, localStatus: string): Promise<VerifiedCheckout>;
  /** Cancel at period end (true) or resume (false). */
  setCancelAtPeriodEnd(providerSubscriptionId: string | null, cancel: boolean): Promise<void>;
  retrieveSubscription(providerSubscriptionId: string): Promise<ProviderSubscriptionState>;
}
