import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/** docs/product-contract.md §9: 3 retries, 1 s doubling to at most 30 s, 5-minute cache retention. */
export const MAX_RETRIES = 3;
export const RETRY_BASE_DELAY_MS = 1000;
export const RETRY_MAX_DELAY_MS = 30_000;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

/**
 * Retry what can heal by itself: network failures (status 0) and server errors (5xx).
 * A 4xx is the server's considered answer about this request (invalid, not allowed, not found,
 * conflict); sending it again gives the same answer, only later, so it is not retried.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** 1 s, 2 s, 4 s, … capped at 30 s (failureCount starts at 0 for the first retry). */
export function retryDelay(failureCount: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** failureCount, RETRY_MAX_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, retryDelay, gcTime: QUERY_GC_TIME_MS },
      // Mutations are not idempotent in general (a join request, a payment): never re-sent silently.
      mutations: { retry: false },
    },
  });
}
