import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import { unrealizedPnl } from '@candlewise/shared/trading/trading-rules';
import { Suspense, useState } from 'react';
import { lazyAntd } from '@/components/antd-provider/lazy-antd';
import { PartBoundary } from '@/components/plain/part-boundary';
import { PlainButton } from '@/components/plain/plain-button';
import { type PlainColumn, PlainTable } from '@/components/plain/plain-table';
import { PlainTabs } from '@/components/plain/plain-tabs';
import { PlainTag } from '@/components/plain/plain-tag';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import { accountRates } from '../../api/account-rates';
import type { Instrument } from '../../api/get-instruments';
import type { TradingAccount } from '../../api/get-trading-account';
import { useCancelOrder, useClosePosition } from '../../api/trading-actions';
import type { Quote } from '../../api/use-competition-stream';
import {
  fillReasonText,
  formatPrice,
  formatQuotedPrice,
  formatSignedMoney,
  signClass,
} from '../../lib/trading-format';
import type { ProtectionTarget } from './protection-dialog';

/**
 * The two dialogs (antd's Modal and Form), fetched when a Close or SL / TP button is first pointed at,
 * focused or pressed: the desk itself is plain markup and loads without antd (ADR 021).
 */
const ClosePositionDialog = lazyAntd(() =>
  import('./close-position-dialog').then((module) => module.ClosePositionDialog),
);
const ProtectionDialog = lazyAntd(() =>
  import('./protection-dialog').then((module) => module.ProtectionDialog),
);

/** Starts fetching a dialog's code; a failure is left to the dialog itself, which says so when opened. */
const preload = (dialog: { preload: () => Promise<unknown> }) => void dialog.preload().catch(() => undefined);

type Instruments = ReadonlyMap<string, Instrument>;
type Position = TradingAccount['positions'][number];
type Order = TradingAccount['orders'][number];
type Fill = TradingAccount['fills'][number];

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
): PlainColumn<Row> {
  return {
    title: 'SL / TP',
    key: 'protect',
    align: 'right',
    render: (row) => {
      const tick = instruments.get(row.symbol)?.tickSize;
      return (
        <span className="cw-ticket__levels">
          {`${price(row.stopLoss, tick)} / ${price(row.takeProfit, tick)}`}
          {edit.allowed ? (
            <button
              type="button"
              className="cw-plain-icon-button"
              aria-label={edit.label(row)}
              aria-haspopup="dialog"
              title="Change the stop-loss and take-profit"
              onClick={() => edit.open(row)}
              onPointerEnter={() => preload(ProtectionDialog)}
              onFocus={() => preload(ProtectionDialog)}
            >
              <SvgIcon icon={EditOutlined} />
            </button>
          ) : null}
        </span>
      );
    },
  };
}

/** The column of a row's one button: its heading is for screen readers only. */
const actionsTitle = <span className="cw-visually-hidden">Actions</span>;

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
  const positions: PlainColumn<Position>[] = [
    { title: 'Symbol', key: 'symbol', render: (row) => row.symbol },
    {
      title: 'Side',
      key: 'side',
      render: (row) =>
        row.quantity > 0 ? <PlainTag tone="green">Long</PlainTag> : <PlainTag tone="red">Short</PlainTag>,
    },
    { title: 'Quantity', key: 'quantity', align: 'right', render: (row) => Math.abs(row.quantity) },
    {
      title: 'Avg price',
      key: 'avg',
      align: 'right',
      render: (row) => quoted(row.averagePrice, row.symbol, row.quoteCurrency),
    },
    {
      title: 'Mark',
      key: 'mark',
      align: 'right',
      render: (row) => quoted(row.markPrice, row.symbol, row.quoteCurrency),
    },
    { title: 'Unrealised P&L', key: 'pnl', align: 'right', render: (row) => pnl(row.unrealizedPnl) },
    protectionColumn<Position>(instruments, {
      allowed: canTrade,
      label: (row) => `Change the stop-loss and take-profit of the ${row.symbol} position`,
      open: (row) => setProtecting({ kind: 'position', key: row.symbol }),
    }),
    {
      title: actionsTitle,
      key: 'actions',
      align: 'right',
      render: (row) => (
        <PlainButton
          className="cw-plain-button--small"
          disabled={!canTrade}
          loading={closePosition.isPending && closePosition.variables === row.symbol}
          onClick={() => setClosing(row.symbol)}
          onPointerEnter={() => preload(ClosePositionDialog)}
          onFocus={() => preload(ClosePositionDialog)}
          aria-label={`Close ${row.symbol} position`}
          aria-haspopup="dialog"
        >
          Close
        </PlainButton>
      ),
    },
  ];
  const orders: PlainColumn<Order>[] = [
    { title: 'Symbol', key: 'symbol', render: (row) => row.symbol },
    { title: 'Order', key: 'order', render: (row) => `${row.side === 'buy' ? 'Buy' : 'Sell'} ${row.type}` },
    { title: 'Quantity', key: 'quantity', align: 'right', render: (row) => row.quantity },
    { title: 'Price', key: 'price', align: 'right', render: (row) => quoted(row.price, row.symbol) },
    protectionColumn<Order>(instruments, {
      allowed: canTrade,
      label: (row) =>
        `Change the stop-loss and take-profit of the ${row.side} ${row.type} order for ${row.symbol}`,
      open: (row) => setProtecting({ kind: 'order', key: row._id }),
    }),
    {
      title: actionsTitle,
      key: 'actions',
      align: 'right',
      render: (row) => (
        <PlainButton
          className="cw-plain-button--small"
          loading={cancelOrder.isPending && cancelOrder.variables === row._id}
          onClick={() => cancelOrder.mutate(row._id)}
          aria-label={`Cancel ${row.side} ${row.type} order for ${row.symbol}`}
        >
          Cancel
        </PlainButton>
      ),
    },
  ];
  const fills: PlainColumn<Fill>[] = [
    {
      title: 'Time',
      key: 'time',
      render: (row) => new Date(row.createdAt).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' }),
    },
    { title: 'Symbol', key: 'symbol', render: (row) => row.symbol },
    { title: 'Side', key: 'side', render: (row) => (row.side === 'buy' ? 'Buy' : 'Sell') },
    { title: 'Quantity', key: 'quantity', align: 'right', render: (row) => row.quantity },
    { title: 'Price', key: 'price', align: 'right', render: (row) => quoted(row.price, row.symbol) },
    { title: 'Realised P&L', key: 'pnl', align: 'right', render: (row) => pnl(row.realizedPnl) },
    { title: 'Why', key: 'reason', render: (row) => fillReasonText(row.reason) },
  ];
  return (
    <>
      <PlainTabs
        className="cw-trading__tabs"
        label="Your positions, orders and trades"
        items={[
          {
            key: 'positions',
            label: `Positions (${account.positions.length})`,
            children: (
              <PlainTable
                caption="Open positions"
                columns={positions}
                rows={account.positions}
                rowKey={(row) => row.symbol}
                empty="No open positions"
                minWidth={620}
              />
            ),
          },
          {
            key: 'orders',
            label: `Orders (${account.orders.length})`,
            children: (
              <PlainTable
                caption="Open orders"
                columns={orders}
                rows={account.orders}
                rowKey={(row) => row._id}
                empty="No open orders"
                minWidth={560}
              />
            ),
          },
          {
            key: 'fills',
            label: 'History',
            children: (
              <PlainTable
                caption="Your trades"
                columns={fills}
                rows={account.fills}
                rowKey={(row) => row._id}
                empty="No trades yet"
                minWidth={560}
              />
            ),
          },
        ]}
      />
      {/* A dialog whose code cannot be fetched says so here; the tables stay. */}
      <PartBoundary what="dialog">
        <Suspense fallback={null}>
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
        </Suspense>
      </PartBoundary>
    </>
  );
}
