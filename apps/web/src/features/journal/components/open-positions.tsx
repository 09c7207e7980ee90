import { Alert, Button, Skeleton, Table, Tag } from 'antd';
import { useOpenPositions } from '../api/get-open-positions';
import type { OpenPosition } from '../api/journal-types';
import { currencySymbol, formatNumber, useJournalTimeZone } from '../lib/journal-time';
import { OpeningHoldingsForm } from './opening-holdings-form';

/**
 * Positions still open in each account, rebuilt from the fills: not trades yet (a position becomes
 * a trade when it returns to zero, perhaps in a later file or sync). Sales that need opening holdings
 * are asked for above.
 */
export function OpenPositions() {
  const positions = useOpenPositions();
  const dateFormat = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: useJournalTimeZone(),
  });
  if (positions.error) {
    return (
      <Alert
        type="error"
        showIcon
        message={positions.error.message}
        action={<Button onClick={() => void positions.refetch()}>Try again</Button>}
      />
    );
  }
  if (positions.isPending)
    return <Skeleton active title={false} paragraph={{ rows: 5 }} aria-label="Loading open positions" />;
  const { needsOpeningHoldings } = positions.data;
  return (
    <section className="cw-journal-positions" aria-label="Open positions">
      <OpeningHoldingsForm
        key={needsOpeningHoldings.map((need) => `${need.account}:${need.symbol}:${need.quantity}`).join('|')}
        needs={needsOpeningHoldings}
      />
      <p className="cw-journal-muted">
        Positions you opened and have not closed, from your imported files, broker syncs and competitions.
        They become trades once closed.
      </p>
      <Table<OpenPosition>
        size="small"
        rowKey={(row) => `${row.source}:${row.account}:${row.symbol}`}
        dataSource={positions.data.positions}
        pagination={{ pageSize: 25, hideOnSinglePage: true }}
        scroll={{ x: true }}
        locale={{ emptyText: 'No open positions.' }}
        columns={[
          { title: 'Account', dataIndex: 'accountLabel' },
          {
            title: 'Symbol',
            render: (_, row) => (
              <>
                {row.symbol} {row.fromOpeningHoldings ? <Tag>Opening holding</Tag> : null}
              </>
            ),
          },
          {
            title: 'Side',
            dataIndex: 'side',
            render: (side: OpenPosition['side']) => (
              <Tag color={side === 'long' ? 'green' : 'volcano'}>{side}</Tag>
            ),
          },
          { title: 'Quantity', align: 'right', render: (_, row) => formatNumber(row.quantity, 6) },
          {
            title: 'Average price',
            align: 'right',
            render: (_, row) => `${currencySymbol(row.currency)}${formatNumber(row.averagePrice, 4)}`,
          },
          { title: 'Since', render: (_, row) => dateFormat.format(new Date(row.since)), responsive: ['md'] },
        ]}
      />
    </section>
  );
}
