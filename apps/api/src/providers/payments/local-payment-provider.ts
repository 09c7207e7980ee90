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
    async verifyCheckout(_sessionId, localStatus) {
      return { paid: localStatus === 'paid' || localStatus === 'completed' };
    },
    async setCancelAtPeriodEnd() {
      // Nothing recurs at a local provider: cancel only changes our own state.
    },
    async retrieveSubscription() {
      throw new Error('The local provider keeps no subscriptions of its own.');
    },
  };
}

/** The local checkout's test cards (Stripe's well-known numbers). */
export const LOCAL_TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;
