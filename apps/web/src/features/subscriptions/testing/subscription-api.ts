import type { PublicUser } from '@candlewise/shared';
import type { Payment, PaymentReceipt } from '@candlewise/shared/subscription/payment-schemas';
import type { mockApi } from '@/testing/mock-api';

/** What the frame itself asks for on every page (notifications), answered empty. */
export const frameHandlers = {
  'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
  'GET /notification/unread-count': { body: { success: true, data: { unreadCount: 0 } } },
};

export const plansReply = (priceInr = 2000, provider: 'local' | 'stripe' = 'local') => ({
  body: {
    success: true,
    data: {
      currency: 'INR',
      provider,
      plans: [
        {
          id: 'free',
          name: 'Free',
          priceInr: 0,
          interval: 'month',
          features: ['Free courses with progress', 'Market news'],
        },
        {
          id: 'pro',
          name: 'Pro',
          priceInr,
          interval: 'month',
          features: ['Everything in Free', 'Pro courses', 'Broker sync into the journal'],
        },
      ],
    },
  },
});

export const userDetailsReply = (user: PublicUser) => ({
  body: { success: true, data: { userData: user } },
});

/**
 * Holds every request whose path contains `pathPart` until `release()` is called, so a test can look
 * at the page while that request is in flight.
 */
export function holdRequests(fetchMock: ReturnType<typeof mockApi>['fetchMock'], pathPart: string) {
  const answer = fetchMock.getMockImplementation()!;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input).includes(pathPart)) await gate;
    return answer(input, init);
  });
  return { release };
}

/** Unix seconds `days` from now, less a minute so "days remaining" rounds up to exactly `days`. */
export function expiryInDays(days: number): number {
  return Math.floor(Date.now() / 1000) + days * 86_400 - 60;
}

/** A payment as GET /plans/payments answers it (₹2,000 for Pro by default). */
export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    _id: 'pay_1',
    receiptNumber: 'CW-000001',
    plan: 'Pro',
    status: 'paid',
    amountMinor: 200_000,
    currency: 'INR',
    paidAt: '2030-10-22T12:00:00.000Z',
    periodStart: '2030-10-22T12:00:00.000Z',
    periodEnd: '2030-11-21T12:00:00.000Z',
    paymentMethod: 'Visa test card ending in 4242',
    ...overrides,
  };
}

export const paymentsReply = (payments: Payment[] = []) => ({ body: { success: true, data: payments } });

export function makeReceipt(overrides: Partial<PaymentReceipt> = {}): PaymentReceipt {
  return {
    ...makePayment(),
    billedTo: { name: 'Ada Lovelace', email: 'ada@example.com' },
    issuer: { name: 'Candlewise' },
    ...overrides,
  };
}
