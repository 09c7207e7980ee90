import type { DataOf } from '@candlewise/shared/api/contract';
import type { planContract } from '@candlewise/shared/subscription/plan-contract';
import { useCallback, useEffect, useState } from 'react';
import { apiClient } from '@/lib/api-client';

/** Free and Pro with the configured monthly price (ADR 023: inferred from the contract). */
export type PlanCatalogue = DataOf<typeof planContract.listPlans>;
export type Plan = PlanCatalogue['plans'][number];

/** GET /api/v1/plans (public): Free and Pro with the configured monthly price. */
export async function getPlans(signal?: AbortSignal): Promise<PlanCatalogue> {
  const response = await apiClient.get<PlanCatalogue>('/plans', { signal });
  return response.data;
}

type PlansState =
  | { status: 'pending'; data: null; error: null }
  | { status: 'error'; data: null; error: unknown }
  | { status: 'success'; data: PlanCatalogue; error: null };

/**
 * The plans for /pricing and /sales. Plain state rather than TanStack Query: both pages also render
 * in the public layout, which has no QueryClientProvider (decision 004).
 */
export function usePlans() {
  const [state, setState] = useState<PlansState>({ status: 'pending', data: null, error: null });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger to fetch again.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'pending', data: null, error: null });
    getPlans(controller.signal).then(
      (data) => setState({ status: 'success', data, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', data: null, error });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const refetch = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, refetch };
}

/** The Pro plan of the catalogue, if the server lists one. */
export function findProPlan(catalogue: PlanCatalogue | null): Plan | undefined {
  return catalogue?.plans.find((plan) => plan.id === 'pro');
}
