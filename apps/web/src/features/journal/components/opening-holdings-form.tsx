import { Alert, Button, InputNumber } from 'antd';
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { ApiError } from '@/lib/api-client';
import type { NeedsOpeningHoldings } from '../api/journal-types';
import { useSaveOpeningHoldings } from '../api/save-opening-holdings';
import { formatNumber } from '../lib/journal-time';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
const keyOf = (need: NeedsOpeningHoldings) => `${need.source}\n${need.account}\n${need.symbol}`;

/**
 * Shares sold with no purchase in the journal were held before its history starts: the learner
 * enters how many they held and at what average price, so each sale closes a long trade instead of
 * being left out (Candlewise never makes such a sale a short).
 */
export function OpeningHoldingsForm({ needs }: { needs: NeedsOpeningHoldings[] }) {
  const save = useSaveOpeningHoldings();
  const [values, setValues] = useState<
    Record<string, { quantity?: number | null; averagePrice?: number | null }>
  >(() => Object.fromEntries(needs.map((need) => [keyOf(need), { quantity: need.quantity }])));
  if (needs.length === 0) return null;
  const set = (key: string, field: 'quantity' | 'averagePrice', value: number | null) =>
    setValues((current) => ({ ...current, [key]: { ...current[key], [field]: value } }));
  const ready = needs.every((need) => {
    const value = values[keyOf(need)];
    return (value?.quantity ?? 0) > 0 && (value?.averagePrice ?? 0) > 0;
  });

  const submit = async () => {
    // One request per account: each account is rebuilt with its own holdings.
    const accounts = new Map<string, NeedsOpeningHoldings[]>();
    for (const need of needs) {
      const key = `${need.source}\n${need.account}`;
      accounts.set(key, [...(accounts.get(key) ?? []), need]);
    }
    try {
      let trades = 0;
      for (const group of accounts.values()) {
        const response = await save.mutateAsync({
          source: group[0].source,
          account: group[0].account,
          holdings: group.map((need) => ({
            symbol: need.symbol,
            quantity: values[keyOf(need)].quantity!,
            averagePrice: values[keyOf(need)].averagePrice!,
            currency: need.currency,
          })),
        });
        trades += response.data.addedTrades;
      }
      toast.success(
        `Opening holdings saved: ${trades} trade${trades === 1 ? '' : 's'} added to your journal.`,
      );
    } catch (error) {
      toast.error((error as ApiError).message);
    }
  };

  return (
    <section className="cw-journal-holdings" aria-label="Opening holdings">
      <Alert
        type="warning"
        showIcon
        message="Some sales have no purchase in your journal"
        description="You sold shares bought before the history you imported starts. Enter what you held before, and each sale becomes a long trade; until then it is left out of your trades and statistics (it is not a short)."
      />
      <table className="cw-journal-holdings__table cw-scroll-x">
        <thead>
          <tr>
            <th scope="col">Account</th>
            <th scope="col">Symbol</th>
            <th scope="col">Sold without a purchase</th>
            <th scope="col">Shares held before</th>
            <th scope="col">Average price</th>
          </tr>
        </thead>
        <tbody>
          {needs.map((need) => {
            const key = keyOf(need);
            return (
              <tr key={key}>
                <td>{need.accountLabel ?? (need.account || 'Imported files')}</td>
                <td>{need.symbol}</td>
                <td>
                  {formatNumber(need.quantity)} from {dateFormat.format(new Date(need.firstSaleAt))}
                </td>
                <td>
                  <InputNumber
                    aria-label={`Shares of ${need.symbol} held before`}
                    min={0}
                    value={values[key]?.quantity}
                    onChange={(value) => set(key, 'quantity', value)}
                  />
                </td>
                <td>
                  <InputNumber
                    aria-label={`Average price of ${need.symbol} (${need.currency})`}
                    min={0}
                    addonAfter={need.currency}
                    value={values[key]?.averagePrice}
                    onChange={(value) => set(key, 'averagePrice', value)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Button type="primary" onClick={() => void submit()} loading={save.isPending} disabled={!ready}>
        Save opening holdings
      </Button>
    </section>
  );
}
