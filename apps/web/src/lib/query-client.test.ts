import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, QUERY_GC_TIME_MS, retryDelay, shouldRetryQuery } from './query-client';

describe('query retries (docs/product-contract.md §9, decision 003)', () => {
  it('retries network failures and server errors three times', () => {
    const network = new ApiError(0, 'Cannot reach Candlewise.', 'NETWORK_ERROR');
    const server = new ApiError(503, 'Down for maintenance', 'SERVICE_UNAVAILABLE');
    for (const error of [network, server, new Error('parse failure')]) {
      expect([0, 1, 2, 3].map((failures) => shouldRetryQuery(failures, error))).toEqual([
        true,
        true,
        true,
        false,
      ]);
    }
  });

  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect(shouldRetryQuery(0, new ApiError(status, 'No', 'FORBIDDEN'))).toBe(false);
    }
  });

  it('waits 1 s, doubling, at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('keeps unused data for 5 minutes and never re-sends mutations', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.gcTime).toBe(QUERY_GC_TIME_MS);
    expect(QUERY_GC_TIME_MS).toBe(300_000);
    expect(defaults.queries?.retry).toBe(shouldRetryQuery);
    expect(defaults.mutations?.retry).toBe(false);
  });
});
