/** Every query of this feature starts with 'subscriptions'. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  userDetails: (userId: string) => [...subscriptionKeys.all, 'user-details', userId] as const,
  checkout: (sessionId: string) => [...subscriptionKeys.all, 'checkout', sessionId] as const,
  payments: () => [...subscriptionKeys.all, 'payments'] as const,
  payment: (paymentId: string) => [...subscriptionKeys.payments(), paymentId] as const,
};
