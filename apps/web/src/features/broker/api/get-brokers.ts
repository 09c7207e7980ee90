import type { DataOf } from '@candlewise/shared/api/contract';
import type { brokerContract } from '@candlewise/shared/broker/broker-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { brokerKeys } from './broker-query-keys';

type Brokers = DataOf<typeof brokerContract.listBrokers>;

/** GET /api/v1/broker/brokers: each broker with the fields of its connect form and their help. */
export async function getBrokers(signal?: AbortSignal): Promise<Brokers> {
  const response = await apiClient.get<Brokers>('/broker/brokers', { signal });
  return response.data;
}

export function brokersQueryOptions() {
  return queryOptions({
    queryKey: brokerKeys.brokers(),
    queryFn: ({ signal }) => getBrokers(signal),
    staleTime: 600_000,
  });
}

export function useBrokers() {
  return useQuery(brokersQueryOptions());
}
