import type { TradingAccount } from '../../api/get-trading-account';
import { formatMoney, formatSignedMoney, formatSignedPercent, signClass } from '../../lib/trading-format';

/**
 * The member's numbers at a glance, money in the account currency: equity, balance, P&L, peak,
 * drawdown against the limit, buying power and exposure against leverage × equity, trades, freezes.
 */
export function AccountStats({
  account,
  threshold,
}: {
  account: TradingAccount['account'];
  threshold: number | undefined;
}) {
  const money = (value: number) => formatMoney(value, account.currency);
  const pnl = account.equity - account.startingBalance;
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
      value: `${account.drawdownPercent.toFixed(2)}%`,
      className:
        threshold !== undefined && account.drawdownPercent >= threshold * 0.75
          ? 'cw-trading__loss'
          : undefined,
    },
    {
      label: 'Buying power',
      value: money(account.buyingPower),
      className: account.buyingPower <= 0 ? 'cw-trading__loss' : undefined,
    },
    { label: 'Exposure', value: money(account.exposure), note: `of ${account.leverage}× equity` },
    { label: 'Trades', value: String(account.trades) },
    { label: 'Freezes', value: String(account.freezes) },
  ];
  return (
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
}
