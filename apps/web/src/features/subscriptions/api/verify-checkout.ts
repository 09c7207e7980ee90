import type { PublicUser } from '@candlewise/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type PlanFields = Pick<PublicUser, 'planStatus' | 'planExpirationDate'>;

/** What a verified checkout answers: the plan and the payment it recorded (its receipt). */
export type VerifiedCheckout = PlanFields & { paymentId?: string | null };

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
