import { roundMoney } from '@candlewise/shared/trading/account-money';
import { drawdownPercent } from '@candlewise/shared/trading/trading-rules';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { StandingRow } from './get-leaderboard';
import { groupKeys } from './group-query-keys';

/** Money (balances, P&L, exposure) is in `account.currency`; prices in each instrument's quote currency. */
export type TradingAccount = {
  account: {
    _id: string;
    /** The competition's account currency. */
    currency: string;
    startingBalance: number;
    balance: number;
    equity: number;
    peakEquity: number;
    /** What positions and pending orders would hold at worst, valued in the account currency. */
    exposure: number;
    /** How much more exposure the account may take on: leverage × equity − exposure, at least 0. */
    buyingPower: number;
    /** Exposure may not pass this many times equity. */
    leverage: number;
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
    /** The currency averagePrice, markPrice, stopLoss and takeProfit are in. */
    quoteCurrency: string;
    /** In the account currency, converted at the current rate. */
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
    /** In the account currency, converted at fxRate (quote → account currency) when it filled. */
    realizedPnl: number;
    fxRate: number;
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

/**
 * The account at the engine moment of the member's own live standings row, so the desk and the
 * leaderboard show the same equity, balance and P&L at the same time (the account is otherwise read
 * every 5 s and the row arrives every second). Peak, drawdown and buying power follow the new
 * equity by the API's own rules; positions and orders wait for the next read.
 */
export function withStandingsRow(current: TradingAccount, row: StandingRow): TradingAccount {
  const { account } = current;
  const peakEquity = Math.max(account.peakEquity, row.equity);
  return {
    ...current,
    account: {
      ...account,
      balance: row.balance,
      equity: row.equity,
      pnlPercent: row.pnlPercent,
      trades: row.trades,
      freezes: row.freezes,
      frozenUntil: row.frozenUntil,
      peakEquity,
      drawdownPercent: roundMoney(drawdownPercent(peakEquity, row.equity)),
      buyingPower: roundMoney(Math.max(0, Math.max(0, row.equity) * account.leverage - account.exposure)),
    },
  };
}
