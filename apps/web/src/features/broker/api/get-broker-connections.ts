import type { DataOf } from '@candlewise/shared/api/contract';
import type { brokerContract } from '@candlewise/shared/broker/broker-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { brokerKeys } from './broker-query-keys';

type BrokerConnections = DataOf<typeof brokerContract.listConnections>;

/** GET /api/v1/broker/connections: the caller's connections (the credentials never come back). */
export async function getBrokerConnections(signal?: AbortSignal): Promise<BrokerConnections> {
  const response = await apiClient.get<BrokerConnections>('/broker/connections', { signal });
  return response.data;
}

export function brokerConnectionsQueryOptions() {
  return queryOptions({
    queryKey: brokerKeys.connections(),
    queryFn: ({ signal }) => getBrokerConnections(signal),
  });
}

export function useBrokerConnections() {
  return useQuery(brokerConnectionsQueryOptions());
}
