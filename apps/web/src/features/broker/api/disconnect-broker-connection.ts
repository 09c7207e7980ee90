import type { DataOf } from '@candlewise/shared/api/contract';
import type { brokerContract } from '@candlewise/shared/broker/broker-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { brokerKeys } from './broker-query-keys';

/** DELETE /api/v1/broker/connections/{id}: the stored credentials go; imported trades stay. */
export async function disconnectBrokerConnection(connectionId: string): Promise<void> {
  await apiClient.delete<DataOf<typeof brokerContract.disconnect>>(
    `/broker/connections/${encodeURIComponent(connectionId)}`,
  );
}

export function useDisconnectBrokerConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectBrokerConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brokerKeys.connections() }),
  });
}
