import type { BrokerConnectionView } from '@candlewise/shared/broker/broker-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { brokerKeys } from './broker-query-keys';

/** GET /api/v1/broker/connections: the caller's connections (the credentials never come back). */
export async function getBrokerConnections(signal?: AbortSignal): Promise<BrokerConnectionView[]> {
  const response = await apiClient.get<BrokerConnectionView[]>('/broker/connections', { signal });
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
