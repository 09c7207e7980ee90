import type { ApiSuccess } from '@candlewise/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { PlanFields } from './verify-checkout';

/** POST /api/v1/plans/re-activate-subscription: undoes a cancel before expiry; 409 unless canceled. */
export function reactivateSubscription(userId: string): Promise<ApiSuccess<PlanFields>> {
  return apiClient.post<PlanFields>('/plans/re-activate-subscription', { userId });
}

export function useReactivateSubscription() {
  return useMutation({ mutationFn: reactivateSubscription });
}
