import type { TradingAccount } from './get-trading-account';

/**
 * GET /group/{groupId}/account also answers `rates`: each quote currency traded in the competition
 * into the account currency, at the current mids. The order ticket values notional, margin and the
 * maximum quantity with them (empty while an older server does not send them).
 */
export type AccountRates = Readonly<Record<string, number>>;

export function accountRates(account: TradingAccount | undefined): AccountRates {
  const rates = (account as (TradingAccount & { rates?: unknown }) | undefined)?.rates;
  return rates && typeof rates === 'object' ? (rates as AccountRates) : {};
}
