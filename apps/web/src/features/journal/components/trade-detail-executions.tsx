import { Grid, Table, type TableColumnsType, Tag } from 'antd';
import type { TradeExecution } from '../api/get-trade-detail';
import { currencySymbol, formatNumber } from '../lib/journal-time';

const kindTags: Partial<Record<TradeExecution['kind'], string>> = {
  typed: 'Typed in',
  opening: 'Opening holding',
};

function KindTag({ fill }: { fill: TradeExecution }) {
  const label = kindTags[fill.kind];
  return label ? (
    <Tag className="cw-trade-detail__kind" variant="filled">
      {label}
    </Tag>
  ) : null;
}

function Quantity({ fill }: { fill: TradeExecution }) {
  return fill.tradeQuantity === fill.quantity ? (
    formatNumber(fill.quantity, 8)
  ) : (
    <span title="The rest of this fill opened the next trade">
      {formatNumber(fill.tradeQuantity, 8)} of {formatNumber(fill.quantity, 8)}
    </span>
  );
}

const money = (value: number | null, currency: string, digits: number) =>
  value === null ? '—' : `${currencySymbol(currency)}${formatNumber(value, digits)}`;

const brokerIds = (fill: TradeExecution) =>
  [fill.brokerTradeId ? `Trade ${fill.brokerTradeId}` : null, fill.orderId ? `Order ${fill.orderId}` : null]
    .filter(Boolean)
    .join(' · ');

/**
 * The fills a trade was built from, in the order they were paired; a trade typed in shows its two
 * legs as the learner typed them. A table from 576 px; on a phone, one line per fill.
 */
export function TradeDetailExecutions({
  executions,
  timeZone,
}: {
  executions: TradeExecution[];
  timeZone: string;
}) {
  const screens = Grid.useBreakpoint();
  const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone });
  const clock = new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium', hourCycle: 'h23', timeZone });
  const when = (fill: TradeExecution) => {
    const time = new Date(fill.executedAt);
    return `${day.format(time)}, ${clock.format(time)}`;
  };
  const side = (fill: TradeExecution) => (fill.side === 'buy' ? 'Buy' : 'Sell');

  if (screens.sm === false) {
    if (executions.length === 0)
      return <p className="cw-journal-muted">No fills are stored for this trade.</p>;
    return (
      <ul className="cw-trade-detail__fills" aria-label="Executions">
        {executions.map((fill) => (
          <li key={fill.id} className="cw-trade-detail__fill">
            <span className="cw-trade-detail__fill-main">
              <strong>{side(fill)}</strong> <Quantity fill={fill} /> at {money(fill.price, fill.currency, 6)}
              <KindTag fill={fill} />
            </span>
            <span className="cw-journal-muted cw-trade-detail__fill-meta">
              {when(fill)}
              {fill.fee === null ? '' : ` · fee ${money(fill.fee, fill.currency, 4)}`}
              {brokerIds(fill) ? ` · ${brokerIds(fill)}` : ''}
            </span>
          </li>
        ))}
      </ul>
    );
  }

  const columns: TableColumnsType<TradeExecution> = [
    {
      title: 'Time',
      key: 'time',
      render: (_, fill) => <span className="cw-trade-detail__time">{when(fill)}</span>,
    },
    {
      title: 'Side',
      key: 'side',
      render: (_, fill) => (
        <>
          {side(fill)}
          <KindTag fill={fill} />
        </>
      ),
    },
    { title: 'Quantity', key: 'quantity', align: 'right', render: (_, fill) => <Quantity fill={fill} /> },
    {
      title: 'Price',
      key: 'price',
      align: 'right',
      render: (_, fill) => money(fill.price, fill.currency, 6),
    },
    { title: 'Fee', key: 'fee', align: 'right', render: (_, fill) => money(fill.fee, fill.currency, 4) },
    { title: 'Broker ids', key: 'ids', responsive: ['lg'], render: (_, fill) => brokerIds(fill) || '—' },
  ];
  return (
    <Table<TradeExecution>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={executions}
      pagination={executions.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      // Never wider than the page: a narrow window scrolls the table inside its card.
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No fills are stored for this trade.' }}
    />
  );
}
