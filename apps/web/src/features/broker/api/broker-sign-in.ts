import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { brokerContract } from '@candlewise/shared/broker/broker-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { brokerKeys } from './broker-query-keys';

export type StartBrokerSignInInput = BodyOf<typeof brokerContract.startSignIn>;
type BrokerSignInStart = DataOf<typeof brokerContract.startSignIn>;
type BrokerConnectionView = DataOf<typeof brokerContract.completeSignIn>;

/** POST /api/v1/broker/sign-in: the broker checks the app key and secret and answers its login page. */
export async function startBrokerSignIn(input: StartBrokerSignInInput): Promise<BrokerSignInStart> {
  const response = await apiClient.post<BrokerSignInStart>('/broker/sign-in', input);
  return response.data;
}

/** POST /api/v1/broker/connections/{id}/renew: a new sign-in with the key the connection keeps. */
export async function renewBrokerAccess(connectionId: string): Promise<BrokerSignInStart> {
  const response = await apiClient.post<BrokerSignInStart>(
    `/broker/connections/${encodeURIComponent(connectionId)}/renew`,
  );
  return response.data;
}

/** POST /api/v1/broker/sign-in/complete: the token the broker sent back becomes a connection. */
export async function completeBrokerSignIn(tokenId: string): Promise<BrokerConnectionView> {
  const response = await apiClient.post<BrokerConnectionView>('/broker/sign-in/complete', { tokenId });
  return response.data;
}

export function useStartBrokerSignIn() {
  return useMutation({ mutationFn: startBrokerSignIn });
}

export function useRenewBrokerAccess() {
  return useMutation({ mutationFn: renewBrokerAccess });
}

export function useCompleteBrokerSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeBrokerSignIn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: brokerKeys.connections() }),
  });
}
