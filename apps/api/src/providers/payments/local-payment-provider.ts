import { newId } from '@candlewise/db';
import type { PaymentProvider } from './payment-provider.ts';

/**
 * The built-in provider: a checkout page inside Candlewise with a test card form. The card step
 * marks the session paid in our database; verification reads that state.
 */
export function createLocalPaymentProvider(): PaymentProvider {
  return {
    name: 'local',
    async createCheckout() {
      const sessionId = `cs_local_${newId()}`;
      return { sessionId, url: `/checkout/${sessionId}`, localSession: true };
    },
    async verifyCheckout(session) {
      // The card step accepts one card only and charges what the session was started with.
      return {
        paid: session.status === 'paid' || session.status === 'completed',
        charge: {
          providerPaymentId: session.id,
          amountMinor: session.amountInr * 100,
          currency: 'INR',
          paymentMethod: LOCAL_PAYMENT_METHOD,
        },
      };
    },
    async setCancelAtPeriodEnd() {
      // Nothing recurs at a local provider: cancel only changes our own state.
    },
    async retrieveSubscription() {
      throw new Error('The local provider keeps no subscriptions of its own.');
    },
    async retrieveInvoice() {
      throw new Error('The local provider issues no invoices: nothing recurs.');
    },
  };
}

/** The local checkout's test cards (Stripe's well-known numbers). */
export const LOCAL_TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;

/** The one card a local checkout is paid with (Stripe's Visa test number), as a receipt names it. */
export const LOCAL_PAYMENT_METHOD = 'Visa test card ending in 4242';
