import type { DataOf } from '@candlewise/shared/api/contract';
import type { planContract } from '@candlewise/shared/subscription/plan-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { subscriptionKeys } from './subscription-query-keys';

export type Payment = DataOf<typeof planContract.listPayments>[number];

/** GET /api/v1/plans/payments: the caller's payments, newest first. */
export async function getPayments(signal?: AbortSignal): Promise<Payment[]> {
  const response = await apiClient.get<Payment[]>('/plans/payments', { signal });
  return response.data;
}

export function paymentsQueryOptions() {
  return queryOptions({
    queryKey: subscriptionKeys.payments(),
    queryFn: ({ signal }) => getPayments(signal),
    // A payment made in another tab (or just now at checkout) shows on the next visit.
    staleTime: 0,
  });
}

export function usePayments() {
  return useQuery(paymentsQueryOptions());
}
