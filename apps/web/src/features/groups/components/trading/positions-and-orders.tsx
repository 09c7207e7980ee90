import { Button, Table, Tabs, Tag } from 'antd';
import type { Instrument } from '../../api/get-instruments';
import type { TradingAccount } from '../../api/get-trading-account';
import { useCancelOrder, useClosePosition } from '../../api/trading-actions';
import { formatPrice, formatQuotedPrice, formatSignedMoney, signClass } from '../../lib/trading-format';

type Instruments = ReadonlyMap<string, Instrument>;

const price = (value: number | null, tick?: number) => (value === null ? '—' : formatPrice(value, tick));

/** The SL / TP column of the positions and the orders tables: each price at its symbol's tick size. */
function protectionColumn(instruments: Instruments) {
  return {
    title: 'SL / TP',
    key: 'protect',
    align: 'right' as const,
    render: (_: unknown, row: { symbol: string; stopLoss: number | null; takeProfit: number | null }) => {
      const tick = instruments.get(row.symbol)?.tickSize;
      return `${price(row.stopLoss, tick)} / ${price(row.takeProfit, tick)}`;
    },
  };
}

const fillReasons: Record<TradingAccount['fills'][number]['reason'], string> = {
  order: 'Order',
  stop_loss: 'Stop-loss',
  take_profit: 'Take-profit',
  freeze: 'Freeze',
  competition_end: 'Competition end',
  close: 'Closed',
};

/**
 * Open positions (close at market), open orders (cancel) and recent fills, as tabs. Prices carry
 * their instrument's quote currency; P&L is in the account currency, with its symbol.
 */
export function PositionsAndOrders({
  groupId,
  account,
  instruments,
  canTrade,
}: {
  groupId: string;
  account: TradingAccount;
  instruments: Instruments;
  canTrade: boolean;
}) {
  const closePosition = useClosePosition(groupId);
  const cancelOrder = useCancelOrder(groupId);
  const currency = account.account.currency;
  /** A price of `symbol` with the currency it is quoted in ('1.08457 USD'); '—' when there is none. */
  const quoted = (value: number | null, symbol: string, quoteCurrency?: string) => {
    const instrument = instruments.get(symbol);
    return value === null
      ? '—'
      : formatQuotedPrice(value, instrument?.tickSize, quoteCurrency ?? instrument?.currency);
  };
  const pnl = (value: number) => (
    <span className={signClass(value)}>{formatSignedMoney(value, currency)}</span>
  );
  const positions = (
    <Table
      rowKey="symbol"
      size="small"
      pagination={false}
      scroll={{ x: 620 }}
      dataSource={account.positions}
      locale={{ emptyText: 'No open positions' }}
      columns={[
        { title: 'Symbol', dataIndex: 'symbol', key: 'symbol' },
        {
          title: 'Side',
          key: 'side',
          render: (_, row) =>
            row.quantity > 0 ? <Tag color="green">Long</Tag> : <Tag color="red">Short</Tag>,
        },
        { title: 'Quantity', key: 'quantity', align: 'right', render: (_, row) => Math.abs(row.quantity) },
        {
          title: 'Avg price',
          key: 'avg',
          align: 'right',
          render: (_, row) => quoted(row.averagePrice, row.symbol, row.quoteCurrency),
        },
        {
          title: 'Mark',
          key: 'mark',
          align: 'right',
          render: (_, row) => quoted(row.markPrice, row.symbol, row.quoteCurrency),
        },
        {
          title: 'Unrealised P&L',
          dataIndex: 'unrealizedPnl',
          key: 'pnl',
          align: 'right',
          render: pnl,
        },
        protectionColumn(instruments),
        {
          title: <span className="cw-visually-hidden">Actions</span>,
          key: 'actions',
          align: 'right',
          render: (_, row) => (
            <Button
              size="small"
              disabled={!canTrade}
              loading={closePosition.isPending && closePosition.variables === row.symbol}
              onClick={() => closePosition.mutate(row.symbol)}
              aria-label={`Close ${row.symbol} position`}
            >
              Close
            </Button>
          ),
        },
      ]}
    />
  );
  const orders = (
    <Table
      rowKey="_id"
      size="small"
      pagination={false}
      scroll={{ x: 560 }}
      dataSource={account.orders}
      locale={{ emptyText: 'No open orders' }}
      columns={[
        { title: 'Symbol', dataIndex: 'symbol', key: 'symbol' },
        {
          title: 'Order',
          key: 'order',
          render: (_, row) => `${row.side === 'buy' ? 'Buy' : 'Sell'} ${row.type}`,
        },
        { title: 'Quantity', dataIndex: 'quantity', key: 'quantity', align: 'right' },
        {
          title: 'Price',
          key: 'price',
          align: 'right',
          render: (_, row) => quoted(row.price, row.symbol),
        },
        protectionColumn(instruments),
        {
          title: <span className="cw-visually-hidden">Actions</span>,
          key: 'actions',
          align: 'right',
          render: (_, row) => (
            <Button
              size="small"
              loading={cancelOrder.isPending && cancelOrder.variables === row._id}
              onClick={() => cancelOrder.mutate(row._id)}
              aria-label={`Cancel ${row.side} ${row.type} order for ${row.symbol}`}
            >
              Cancel
            </Button>
          ),
        },
      ]}
    />
  );
  const fills = (
    <Table
      rowKey="_id"
      size="small"
      pagination={false}
      scroll={{ x: 560 }}
      dataSource={account.fills}
      locale={{ emptyText: 'No trades yet' }}
      columns={[
        {
          title: 'Time',
          dataIndex: 'createdAt',
          key: 'time',
          render: (value: string) =>
            new Date(value).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' }),
        },
        { title: 'Symbol', dataIndex: 'symbol', key: 'symbol' },
        { title: 'Side', key: 'side', render: (_, row) => (row.side === 'buy' ? 'Buy' : 'Sell') },
        { title: 'Quantity', dataIndex: 'quantity', key: 'quantity', align: 'right' },
        {
          title: 'Price',
          key: 'price',
          align: 'right',
          render: (_, row) => quoted(row.price, row.symbol),
        },
        {
          title: 'Realised P&L',
          dataIndex: 'realizedPnl',
          key: 'pnl',
          align: 'right',
          render: pnl,
        },
        { title: 'Why', key: 'reason', render: (_, row) => fillReasons[row.reason] },
      ]}
    />
  );
  return (
    <Tabs
      className="cw-trading__tabs"
      items={[
        { key: 'positions', label: `Positions (${account.positions.length})`, children: positions },
        { key: 'orders', label: `Orders (${account.orders.length})`, children: orders },
        { key: 'fills', label: 'History', children: fills },
      ]}
    />
  );
}
