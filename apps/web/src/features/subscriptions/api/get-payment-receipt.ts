import type { DataOf } from '@candlewise/shared/api/contract';
import type { planContract } from '@candlewise/shared/subscription/plan-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { subscriptionKeys } from './subscription-query-keys';

export type PaymentReceipt = DataOf<typeof planContract.getPaymentReceipt>;

/** GET /api/v1/plans/payments/{paymentId}: one of the caller's payments as a receipt; 404 for anyone else's. */
export async function getPaymentReceipt(paymentId: string, signal?: AbortSignal): Promise<PaymentReceipt> {
  const response = await apiClient.get<PaymentReceipt>(`/plans/payments/${encodeURIComponent(paymentId)}`, {
    signal,
  });
  return response.data;
}

export function paymentReceiptQueryOptions(paymentId: string) {
  return queryOptions({
    queryKey: subscriptionKeys.payment(paymentId),
    queryFn: ({ signal }) => getPaymentReceipt(paymentId, signal),
  });
}

export function usePaymentReceipt(paymentId: string) {
  return useQuery(paymentReceiptQueryOptions(paymentId));
}
