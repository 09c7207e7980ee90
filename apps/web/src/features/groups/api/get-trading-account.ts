import type { DataOf } from '@candlewise/shared/api/contract';
import { roundMoney } from '@candlewise/shared/trading/account-money';
import type { tradingContract } from '@candlewise/shared/trading/trading-contract';
import { drawdownPercent } from '@candlewise/shared/trading/trading-rules';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { objectivesAtEquity } from '../lib/challenge-text';
import type { StandingRow } from './get-leaderboard';
import { groupKeys } from './group-query-keys';

/**
 * The member's paper account as the API sends it (ADR 023: inferred from the shared contract).
 * Money (balances, P&L, exposure) is in `account.currency`; prices in each instrument's quote currency.
 */
export type TradingAccount = DataOf<typeof tradingContract.getAccount>;

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
 * equity by the API's own rules, and so do the objectives measured on equity alone (the profit, the
 * maximum loss); positions, orders and the other objectives wait for the next read.
 */
export function withStandingsRow(current: TradingAccount, row: StandingRow): TradingAccount {
  const { account } = current;
  const peakEquity = Math.max(account.peakEquity, row.equity);
  return {
    ...current,
    objectives: objectivesAtEquity(current.objectives, {
      initial: account.startingBalance,
      equity: row.equity,
      status: current.challenge.status,
    }),
    account: {
      ...account,
      balance: row.balance,
      equity: row.equity,
      pnlPercent: row.pnlPercent,
      trades: row.trades,
      freezes: row.freezes,
      frozenUntil: row.frozenUntil,
      peakEquity,
      ledgerSeq: Math.max(account.ledgerSeq ?? 0, row.ledgerSeq ?? 0),
      drawdownPercent: roundMoney(drawdownPercent(peakEquity, row.equity)),
      buyingPower: roundMoney(Math.max(0, Math.max(0, row.equity) * account.leverage - account.exposure)),
    },
  };
}
