import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { ApiError, apiClient } from '@/lib/api-client';
import { groupKeys } from './group-query-keys';

export type OrderRequest = {
  symbol: string;
  side: 'buy' | 'sell';
  type: 'market' | 'limit' | 'stop';
  quantity: number;
  price?: number;
  stopLoss?: number;
  takeProfit?: number;
};

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

/** Every trading action refreshes the account and the standings on success and on refusal alike. */
function useTradingMutation<Variables>(
  groupId: string,
  mutationFn: (variables: Variables) => Promise<{ message?: string }>,
  fallback: string,
) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: groupKeys.account(groupId) }),
      queryClient.invalidateQueries({ queryKey: groupKeys.leaderboard(groupId) }),
    ]);
  return useMutation({
    mutationFn,
    onSuccess: (response) => {
      if (response.message) toast.success(response.message);
      return refresh();
    },
    onError: (error) => {
      toast.error(failure(error, fallback));
      return refresh();
    },
  });
}

const base = (groupId: string) => `/group/${encodeURIComponent(groupId)}`;

/** POST /group/{groupId}/orders: 201 'Order filled.' or 'Order placed.'; 423 while frozen. */
export function usePlaceOrder(groupId: string) {
  return useTradingMutation(
    groupId,
    (order: OrderRequest) => apiClient.post(`${base(groupId)}/orders`, order),
    'The order could not be placed. Please try again.',
  );
}

export function useCancelOrder(groupId: string) {
  return useTradingMutation(
    groupId,
    (orderId: string) => apiClient.delete(`${base(groupId)}/orders/${encodeURIComponent(orderId)}`),
    'The order could not be canceled. Please try again.',
  );
}

export function useClosePosition(groupId: string) {
  return useTradingMutation(
    groupId,
    (symbol: string) => apiClient.post(`${base(groupId)}/positions/${encodeURIComponent(symbol)}/close`, {}),
    'The position could not be closed. Please try again.',
  );
}
