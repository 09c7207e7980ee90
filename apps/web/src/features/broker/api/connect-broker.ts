import type { BrokerConnectionView, BrokerId } from '@candlewise/shared/broker/broker-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { brokerKeys } from './broker-query-keys';

export type ConnectBrokerInput = { broker: BrokerId; fields: Record<string, string> };

/** POST /api/v1/broker/connections: the broker checks the credentials; 400 says what to fix. */
export async function connectBroker(input: ConnectBrokerInput): Promise<BrokerConnectionView> {
  const response = await apiClient.post<BrokerConnectionView>('/broker/connections', input);
  return response.data;
}

export function useConnectBroker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectBroker,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brokerKeys.connections() }),
  });
}
