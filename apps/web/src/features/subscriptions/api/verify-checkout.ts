import type { DataOf } from '@candlewise/shared/api/contract';
import type { planContract } from '@candlewise/shared/subscription/plan-contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** What cancelling or re-activating answers: the plan's status and expiry. */
export type PlanFields = DataOf<typeof planContract.cancelSubscription>;

/** What a verified checkout answers: the plan and the payment it recorded (its receipt). */
export type VerifiedCheckout = DataOf<typeof planContract.verifyCheckout>;

/**
 * POST /api/v1/plans/getsession: the server verifies the finished checkout with the provider and
 * switches Pro on (idempotent). 409 while the checkout is not paid.
 */
export async function verifyCheckout(input: {
  userId: string;
  sessionId: string;
}): Promise<VerifiedCheckout> {
  const response = await apiClient.post<VerifiedCheckout>('/plans/getsession', input);
  return response.data;
}

export function useVerifyCheckout() {
  return useMutation({ mutationFn: verifyCheckout });
}
