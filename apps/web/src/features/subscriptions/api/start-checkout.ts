import type { DataOf } from '@candlewise/shared/api/contract';
import type { planContract } from '@candlewise/shared/subscription/plan-contract';
import { useCallback, useState } from 'react';
import { apiClient } from '@/lib/api-client';

export type StartedCheckout = DataOf<typeof planContract.startCheckout>;

/**
 * POST /api/v1/plans/checkout: a Pro checkout at the configured provider. `url` is an in-app path
 * (/checkout/<id>) for the local provider and an https address for Stripe. 409 when already Pro.
 */
export async function startCheckout(): Promise<StartedCheckout> {
  const response = await apiClient.post<StartedCheckout>('/plans/checkout');
  return response.data;
}

/**
 * Opens the checkout: an in-app path (local provider) through the router, anything else (Stripe's
 * https page) as a full page load. `assign` is replaceable because jsdom's location cannot be spied on.
 */
export function openCheckout(
  url: string,
  navigate: (path: string) => void,
  assign: (href: string) => void = (href) => window.location.assign(href),
): void {
  if (url.startsWith('/') && !url.startsWith('//')) navigate(url);
  else assign(url);
}

/** A mutation-shaped hook with plain state: /pricing also renders where TanStack Query is not loaded. */
export function useStartCheckout() {
  const [isPending, setIsPending] = useState(false);
  const mutateAsync = useCallback(async () => {
    setIsPending(true);
    try {
      return await startCheckout();
    } finally {
      setIsPending(false);
    }
  }, []);
  return { mutateAsync, isPending };
}
