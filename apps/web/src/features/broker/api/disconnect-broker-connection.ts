import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { brokerKeys } from './broker-query-keys';

/** DELETE /api/v1/broker/connections/{id}: the stored credentials go; imported trades stay. */
export async function disconnectBrokerConnection(connectionId: string): Promise<void> {
  await apiClient.delete(`/broker/connections/${encodeURIComponent(connectionId)}`);
}

export function useDisconnectBrokerConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectBrokerConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brokerKeys.connections() }),
  });
}
