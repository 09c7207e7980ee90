import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { brokerContract } from '@candlewise/shared/broker/broker-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { brokerKeys } from './broker-query-keys';

export type ConnectBrokerInput = BodyOf<typeof brokerContract.connect>;
type BrokerConnectionView = DataOf<typeof brokerContract.connect>;

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
