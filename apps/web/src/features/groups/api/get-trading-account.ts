import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { groupKeys } from './group-query-keys';

export type TradingAccount = {
  account: {
    _id: string;
    startingBalance: number;
    balance: number;
    equity: number;
    peakEquity: number;
    drawdownPercent: number;
    pnlPercent: number;
    frozenUntil: string | null;
    freezes: number;
    trades: number;
    finalRank: number | null;
  };
  positions: Array<{
    symbol: string;
    /** Signed: positive long, negative short. */
    quantity: number;
    averagePrice: number;
    stopLoss: number | null;
    takeProfit: number | null;
    markPrice: number | null;
    unrealizedPnl: number;
  }>;
  orders: Array<{
    _id: string;
    symbol: string;
    side: 'buy' | 'sell';
    type: 'market' | 'limit' | 'stop';
    quantity: number;
    price: number | null;
    stopLoss: number | null;
    takeProfit: number | null;
    createdAt: string;
  }>;
  fills: Array<{
    _id: string;
    symbol: string;
    side: 'buy' | 'sell';
    quantity: number;
    price: number;
    realizedPnl: number;
    reason: 'order' | 'stop_loss' | 'take_profit' | 'freeze' | 'competition_end' | 'close';
    createdAt: string;
  }>;
};

/**
 * GET /group/{groupId}/account: the member's paper account. Only asked for when the caller is an
 * approved member; refreshed every few seconds so unrealised P&L follows the market.
 */
export function useTradingAccount(groupId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: groupKeys.account(groupId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<TradingAccount>(`/group/${encodeURIComponent(groupId)}/account`, { signal })).data,
    enabled,
    refetchInterval: 5000,
  });
}
