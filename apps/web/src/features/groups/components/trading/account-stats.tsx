import type { TradingAccount } from '../../api/get-trading-account';
import { formatMoney, formatSignedPercent, signClass } from '../../lib/trading-format';

/** The member's numbers at a glance: equity, balance, P&L %, drawdown against the limit, trades, freezes. */
export function AccountStats({
  account,
  threshold,
}: {
  account: TradingAccount['account'];
  threshold: number | undefined;
}) {
  const items: Array<{ label: string; value: string; className?: string }> = [
    { label: 'Equity', value: formatMoney(account.equity) },
    { label: 'Balance', value: formatMoney(account.balance) },
    {
      label: 'PnL %',
      value: formatSignedPercent(account.pnlPercent),
      className: signClass(account.pnlPercent),
    },
    {
      label: threshold !== undefined ? `Drawdown (limit ${threshold}%)` : 'Drawdown',
      value: `${account.drawdownPercent.toFixed(2)}%`,
      className:
        threshold !== undefined && account.drawdownPercent >= threshold * 0.75
          ? 'cw-trading__loss'
          : undefined,
    },
    { label: 'Trades', value: String(account.trades) },
    { label: 'Freezes', value: String(account.freezes) },
  ];
  return (
    <dl className="cw-trading__stats" aria-label="My account">
      {items.map((item) => (
        <div key={item.label} className="cw-trading__stat">
          <dt>{item.label}</dt>
          <dd className={item.className}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
