import { EditOutlined } from '@ant-design/icons';
import { unrealizedPnl } from '@candlewise/shared';
import { Button, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { accountRates } from '../../api/account-rates';
import type { Instrument } from '../../api/get-instruments';
import type { TradingAccount } from '../../api/get-trading-account';
import { useCancelOrder, useClosePosition } from '../../api/trading-actions';
import type { Quote } from '../../api/use-competition-stream';
import { formatPrice, formatQuotedPrice, formatSignedMoney, signClass } from '../../lib/trading-format';
import { ClosePositionDialog } from './close-position-dialog';
import { ProtectionDialog, type ProtectionTarget } from './protection-dialog';

type Instruments = ReadonlyMap<string, Instrument>;
type Position = TradingAccount['positions'][number];

const price = (value: number | null, tick?: number) => (value === null ? '—' : formatPrice(value, tick));

/** The steps of an instrument when the API gave them all (the dialog checks the tick size with them). */
function stepsOf(instrument: Instrument | undefined) {
  if (!instrument) return null;
  const { symbol, lotStep, minQuantity, tickSize } = instrument;
  if (lotStep === undefined || minQuantity === undefined || tickSize === undefined) return null;
  return { symbol, lotStep, minQuantity, tickSize };
}

/**
 * The SL / TP column of the positions and the orders tables: each price at its symbol's tick size,
 * and a button that moves them (while trading is open).
 */
function protectionColumn<Row extends { symbol: string; stopLoss: number | null; takeProfit: number | null }>(
  instruments: Instruments,
  edit: { allowed: boolean; label: (row: Row) => string; open: (row: Row) => void },
) {
  return {
    title: 'SL / TP',
    key: 'protect',
    align: 'right' as const,
    render: (_: unknown, row: Row) => {
      const tick = instruments.get(row.symbol)?.tickSize;
      return (
        <span className="cw-ticket__levels">
          {`${price(row.stopLoss, tick)} / ${price(row.takeProfit, tick)}`}
          {edit.allowed ? (
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              aria-label={edit.label(row)}
              title="Change the stop-loss and take-profit"
              onClick={() => edit.open(row)}
            />
          ) : null}
        </span>
      );
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
 * Open positions (close at market after a confirmation that shows the estimated P&L; move the
 * stop-loss and take-profit), open orders (cancel; move their stop-loss and take-profit) and recent
 * fills, as tabs. Prices carry their instrument's quote currency; P&L is in the account currency,
 * with its symbol.
 */
export function PositionsAndOrders({
  groupId,
  account,
  instruments,
  canTrade,
  quotes,
}: {
  groupId: string;
  account: TradingAccount;
  instruments: Instruments;
  canTrade: boolean;
  /** The latest quotes: the estimated P&L of a close and the price a new stop is checked against. */
  quotes?: ReadonlyMap<string, Quote>;
}) {
  const closePosition = useClosePosition(groupId);
  const cancelOrder = useCancelOrder(groupId);
  const currency = account.account.currency;
  const [closing, setClosing] = useState<string | null>(null);
  const [protecting, setProtecting] = useState<{ kind: 'position' | 'order'; key: string } | null>(null);
  /** The price a position would close at now: a long's bid, a short's ask (the last mark without a quote). */
  const exitPrice = (position: Position) => {
    const quote = quotes?.get(position.symbol);
    if (!quote) return position.markPrice;
    return position.quantity > 0 ? quote.bid : quote.ask;
  };
  /** What closing now would realise, in the account currency: live where the rate is known. */
  const estimatedPnl = (position: Position) => {
    const quote = quotes?.get(position.symbol);
    const instrument = instruments.get(position.symbol);
    const rate = accountRates(account)[position.quoteCurrency];
    if (!quote || rate === undefined || instrument?.contractSize === undefined) return position.unrealizedPnl;
    return Math.round(unrealizedPnl(position, quote, instrument.contractSize) * rate * 100) / 100;
  };
  const closingPosition = closing ? account.positions.find((row) => row.symbol === closing) : undefined;
  // The dialog follows the row as it is now (a live price to check a stop against); a position or
  // order that is gone (stopped out, filled) closes it.
  const protectedPosition =
    protecting?.kind === 'position'
      ? account.positions.find((row) => row.symbol === protecting.key)
      : undefined;
  const protectedOrder =
    protecting?.kind === 'order' ? account.orders.find((row) => row._id === protecting.key) : undefined;
  const protectionTarget: ProtectionTarget | null = protectedPosition
    ? {
        kind: 'position',
        symbol: protectedPosition.symbol,
        quantity: protectedPosition.quantity,
        exitPrice: exitPrice(protectedPosition),
        stopLoss: protectedPosition.stopLoss,
        takeProfit: protectedPosition.takeProfit,
      }
    : protectedOrder
      ? {
          kind: 'order',
          orderId: protectedOrder._id,
          symbol: protectedOrder.symbol,
          side: protectedOrder.side,
          type: protectedOrder.type,
          quantity: protectedOrder.quantity,
          price: protectedOrder.price,
          stopLoss: protectedOrder.stopLoss,
          takeProfit: protectedOrder.takeProfit,
        }
      : null;
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
        protectionColumn<Position>(instruments, {
          allowed: canTrade,
          label: (row) => `Change the stop-loss and take-profit of the ${row.symbol} position`,
          open: (row) => setProtecting({ kind: 'position', key: row.symbol }),
        }),
        {
          title: <span className="cw-visually-hidden">Actions</span>,
          key: 'actions',
          align: 'right',
          render: (_, row) => (
            <Button
              size="small"
              disabled={!canTrade}
              loading={closePosition.isPending && closePosition.variables === row.symbol}
              onClick={() => setClosing(row.symbol)}
              aria-label={`Close ${row.symbol} position`}
              aria-haspopup="dialog"
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
        protectionColumn<TradingAccount['orders'][number]>(instruments, {
          allowed: canTrade,
          label: (row) =>
            `Change the stop-loss and take-profit of the ${row.side} ${row.type} order for ${row.symbol}`,
          open: (row) => setProtecting({ kind: 'order', key: row._id }),
        }),
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
    <>
      <Tabs
        className="cw-trading__tabs"
        items={[
          { key: 'positions', label: `Positions (${account.positions.length})`, children: positions },
          { key: 'orders', label: `Orders (${account.orders.length})`, children: orders },
          { key: 'fills', label: 'History', children: fills },
        ]}
      />
      {closingPosition ? (
        <ClosePositionDialog
          symbol={closingPosition.symbol}
          quantity={closingPosition.quantity}
          exitPrice={exitPrice(closingPosition)}
          tickSize={instruments.get(closingPosition.symbol)?.tickSize}
          quoteCurrency={closingPosition.quoteCurrency}
          estimatedPnl={estimatedPnl(closingPosition)}
          currency={currency}
          closing={closePosition.isPending}
          onCancel={() => setClosing(null)}
          onConfirm={() =>
            closePosition.mutate(closingPosition.symbol, { onSettled: () => setClosing(null) })
          }
        />
      ) : null}
      {protectionTarget ? (
        <ProtectionDialog
          groupId={groupId}
          target={protectionTarget}
          steps={stepsOf(instruments.get(protectionTarget.symbol))}
          quoteCurrency={instruments.get(protectionTarget.symbol)?.currency}
          onClose={() => setProtecting(null)}
        />
      ) : null}
    </>
  );
}
