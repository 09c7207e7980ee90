import type { ApiSuccess } from '@candlewise/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { PlanFields } from './verify-checkout';

/** POST /api/v1/plans/cancel-subscription: Pro ends at the end of the paid period; 409 unless active. */
export function cancelSubscription(userId: string): Promise<ApiSuccess<PlanFields>> {
  return apiClient.post<PlanFields>('/plans/cancel-subscription', { userId });
}

export function useCancelSubscription() {
  return useMutation({ mutationFn: cancelSubscription });
}
