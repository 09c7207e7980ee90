import type { DataOf } from '@candlewise/shared/api/contract';
import type { planContract } from '@candlewise/shared/subscription/plan-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { subscriptionKeys } from './subscription-query-keys';

export type CheckoutSession = DataOf<typeof planContract.getCheckout>;

/** GET /api/v1/plans/checkout/{sessionId}: the caller's local checkout; 404 for anyone else's or none. */
export async function getCheckoutSession(sessionId: string, signal?: AbortSignal): Promise<CheckoutSession> {
  const response = await apiClient.get<CheckoutSession>(`/plans/checkout/${encodeURIComponent(sessionId)}`, {
    signal,
  });
  return response.data;
}

export function checkoutSessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: subscriptionKeys.checkout(sessionId),
    queryFn: ({ signal }) => getCheckoutSession(sessionId, signal),
  });
}

export function useCheckoutSession(sessionId: string) {
  return useQuery(checkoutSessionQueryOptions(sessionId));
}
