import { Select } from 'antd';
import type { JournalCurrency } from '../api/journal-types';

/** Which currency the figures are in; hidden while the journal holds one currency only. */
export function CurrencySelect({
  currencies,
  value,
  onChange,
}: {
  currencies: JournalCurrency[];
  value: string;
  onChange: (currency: string) => void;
}) {
  if (currencies.length <= 1) return null;
  return (
    <Select
      aria-label="Currency"
      className="cw-journal-currency"
      value={value}
      onChange={onChange}
      options={currencies.map((row) => ({
        value: row.currency,
        label: `${row.currency} · ${row.trades} trade${row.trades === 1 ? '' : 's'}`,
      }))}
    />
  );
}
