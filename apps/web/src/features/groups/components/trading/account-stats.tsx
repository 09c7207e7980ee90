import { type DrawdownBasis, drawdownFor } from '@candlewise/shared/trading/risk-rules';
import { memo } from 'react';
import type { TradingAccount } from '../../api/get-trading-account';
import { formatMoney, formatSignedMoney, formatSignedPercent, signClass } from '../../lib/trading-format';

/**
 * The drawdown as the competition measures it. The API's figure is from the peak; a group that
 * measures from the balance or the starting balance gets the same shared rule the engine applies.
 */
function drawdownOf(account: TradingAccount['account'], basis: DrawdownBasis | undefined): number {
  return !basis || basis === 'peak' ? account.drawdownPercent : drawdownFor(basis, account);
}

/**
 * The member's numbers at a glance, money in the account currency: equity, balance, P&L, peak,
 * drawdown against the limit, buying power and exposure against leverage × equity, trades, freezes.
 */
function AccountStatsView({
  account,
  threshold,
  basis,
  folded = false,
  freezeRule = true,
}: {
  account: TradingAccount['account'];
  threshold: number | undefined;
  basis?: DrawdownBasis;
  /** A phone: one line (equity, P&L, buying power) that opens on the rest, so the ticket is on screen. */
  folded?: boolean;
  /** Whether the group's freeze rule applies (Practice): a challenge has no freezes to count. */
  freezeRule?: boolean;
}) {
  const money = (value: number) => formatMoney(value, account.currency);
  const pnl = account.equity - account.startingBalance;
  const drawdown = drawdownOf(account, basis);
  const items: Array<{ label: string; value: string; note?: string; className?: string }> = [
    { label: 'Equity', value: money(account.equity) },
    { label: 'Balance', value: money(account.balance) },
    {
      label: 'P&L',
      value: formatSignedMoney(pnl, account.currency),
      note: formatSignedPercent(account.pnlPercent),
      className: signClass(account.pnlPercent),
    },
    { label: 'Peak equity', value: money(account.peakEquity) },
    {
      label: threshold !== undefined ? `Drawdown (limit ${threshold}%)` : 'Drawdown',
      value: `${drawdown.toFixed(2)}%`,
      className: threshold !== undefined && drawdown >= threshold * 0.75 ? 'cw-trading__loss' : undefined,
    },
    {
      label: 'Buying power',
      value: money(account.buyingPower),
      className: account.buyingPower <= 0 ? 'cw-trading__loss' : undefined,
    },
    { label: 'Exposure', value: money(account.exposure), note: `of ${account.leverage}× equity` },
    { label: 'Trades', value: String(account.trades) },
    ...(freezeRule ? [{ label: 'Freezes', value: String(account.freezes) }] : []),
  ];
  const list = (
    <dl className="cw-trading__stats" aria-label="My account">
      {items.map((item) => (
        <div key={item.label} className="cw-trading__stat">
          <dt>{item.label}</dt>
          <dd className={item.className}>
            {item.value}
            {item.note ? <span className="cw-trading__stat-note">{item.note}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
  if (!folded) return list;
  const line = items.filter((item) => ['Equity', 'P&L', 'Buying power'].includes(item.label));
  return (
    <details className="cw-trading__figures">
      <summary className="cw-trading__figures-line">
        {line.map((item) => (
          <span key={item.label} className="cw-trading__figures-item">
            {item.label} <strong className={item.className}>{item.value}</strong>
          </span>
        ))}
      </summary>
      {list}
    </details>
  );
}

/** Drawn again only when the account changes, not on every live price or clock tick. */
export const AccountStats = memo(AccountStatsView);
