import type { PublicUser } from '@candlewise/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type PlanFields = Pick<PublicUser, 'planStatus' | 'planExpirationDate'>;

/**
 * POST /api/v1/plans/getsession: the server verifies the finished checkout with the provider and
 * switches Pro on (idempotent). 409 while the checkout is not paid.
 */
export async function verifyCheckout(input: { userId: string; sessionId: string }): Promise<PlanFields> {
  const response = await apiClient.post<PlanFields>('/plans/getsession', input);
  return response.data;
}

export function useVerifyCheckout() {
  return useMutation({ mutationFn: verifyCheckout });
}
