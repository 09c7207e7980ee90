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

/** New stop-loss and take-profit: a price sets one, null removes it, a level left out stays. */
export type ProtectionRequest = { stopLoss?: number | null; takeProfit?: number | null };

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

/**
 * Whether every part of a refusal names one of `fields`: the form shows those under the fields
 * themselves, so a toast would only say it twice.
 */
export function refusesOnlyFields(error: unknown, fields: readonly string[]): boolean {
  return (
    error instanceof ApiError &&
    error.details.length > 0 &&
    error.details.every((detail) => fields.includes(detail.path))
  );
}

/**
 * Every trading action refreshes the account and the standings on success and on refusal alike. A
 * refusal is a toast in the server's words, except one that the caller's form shows under its
 * `fields`.
 */
function useTradingMutation<Variables>(
  groupId: string,
  mutationFn: (variables: Variables) => Promise<{ message?: string }>,
  fallback: string,
  fields: readonly string[] = [],
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
      if (!refusesOnlyFields(error, fields)) toast.error(failure(error, fallback));
      return refresh();
    },
  });
}

const base = (groupId: string) => `/group/${encodeURIComponent(groupId)}`;

/** The ticket's fields: a refusal naming only these is shown under them, not in a toast. */
export const ORDER_FIELDS = ['quantity', 'price', 'stopLoss', 'takeProfit'] as const;

/** POST /group/{groupId}/orders: 201 'Order filled.' or 'Order placed.'; 423 while frozen. */
export function usePlaceOrder(groupId: string) {
  return useTradingMutation(
    groupId,
    (order: OrderRequest) => apiClient.post(`${base(groupId)}/orders`, order),
    'The order could not be placed. Please try again.',
    ORDER_FIELDS,
  );
}

const PROTECTION_FIELDS = ['stopLoss', 'takeProfit'] as const;

/** PATCH /group/{groupId}/positions/{symbol}: new stop-loss and take-profit of an open position. */
export function useProtectPosition(groupId: string) {
  return useTradingMutation(
    groupId,
    ({ symbol, levels }: { symbol: string; levels: ProtectionRequest }) =>
      apiClient.patch(`${base(groupId)}/positions/${encodeURIComponent(symbol)}`, levels),
    'The stop-loss and take-profit could not be saved. Please try again.',
    PROTECTION_FIELDS,
  );
}

/** PATCH /group/{groupId}/orders/{orderId}: new stop-loss and take-profit of a pending order. */
export function useProtectOrder(groupId: string) {
  return useTradingMutation(
    groupId,
    ({ orderId, levels }: { orderId: string; levels: ProtectionRequest }) =>
      apiClient.patch(`${base(groupId)}/orders/${encodeURIComponent(orderId)}`, levels),
    'The stop-loss and take-profit could not be saved. Please try again.',
    PROTECTION_FIELDS,
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
