import type { DataOf } from '@candlewise/shared/api/contract';
import type { brokerContract } from '@candlewise/shared/broker/broker-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { brokerKeys } from './broker-query-keys';

type BrokerSyncOutcome = DataOf<typeof brokerContract.sync>;

/** POST /api/v1/broker/connections/{id}/sync: imports new fills as journal trades (Pro). */
export async function syncBrokerConnection(connectionId: string): Promise<BrokerSyncOutcome> {
  const response = await apiClient.post<BrokerSyncOutcome>(
    `/broker/connections/${encodeURIComponent(connectionId)}/sync`,
  );
  return response.data;
}

export function useSyncBrokerConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncBrokerConnection,
    // A failed sync changes the connection too (last result, maybe "reconnect"): refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: brokerKeys.connections() }),
  });
}
