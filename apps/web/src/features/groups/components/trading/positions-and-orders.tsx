import { Button, Table, Tabs, Tag } from 'antd';
import type { TradingAccount } from '../../api/get-trading-account';
import { useCancelOrder, useClosePosition } from '../../api/trading-actions';
import { formatMoney, formatPrice, signClass } from '../../lib/trading-format';

const price = (value: number | null, tick?: number) => (value === null ? '—' : formatPrice(value, tick));

/** The SL / TP column of the positions and the orders tables: each price at its symbol's tick size. */
function protectionColumn(tickSizes: ReadonlyMap<string, number | undefined>) {
  return {
    title: 'SL / TP',
    key: 'protect',
    align: 'right' as const,
    render: (_: unknown, row: { symbol: string; stopLoss: number | null; takeProfit: number | null }) =>
      `${price(row.stopLoss, tickSizes.get(row.symbol))} / ${price(row.takeProfit, tickSizes.get(row.symbol))}`,
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

/** Open positions (close at market), open orders (cancel) and recent fills, as tabs. */
export function PositionsAndOrders({
  groupId,
  account,
  tickSizes,
  canTrade,
}: {
  groupId: string;
  account: TradingAccount;
  tickSizes: ReadonlyMap<string, number | undefined>;
  canTrade: boolean;
}) {
  const closePosition = useClosePosition(groupId);
  const cancelOrder = useCancelOrder(groupId);
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
          render: (_, row) => price(row.averagePrice, tickSizes.get(row.symbol)),
        },
        {
          title: 'Mark',
          key: 'mark',
          align: 'right',
          render: (_, row) => price(row.markPrice, tickSizes.get(row.symbol)),
        },
        {
          title: 'Unrealised P&L',
          dataIndex: 'unrealizedPnl',
          key: 'pnl',
          align: 'right',
          render: (value: number) => <span className={signClass(value)}>{formatMoney(value)}</span>,
        },
        protectionColumn(tickSizes),
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
          render: (_, row) => price(row.price, tickSizes.get(row.symbol)),
        },
        protectionColumn(tickSizes),
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
          render: (_, row) => price(row.price, tickSizes.get(row.symbol)),
        },
        {
          title: 'Realised P&L',
          dataIndex: 'realizedPnl',
          key: 'pnl',
          align: 'right',
          render: (value: number) => <span className={signClass(value)}>{formatMoney(value)}</span>,
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
