import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { type MarketInstrument, useMarketInstruments } from '../api/get-market-instruments';
import { formatQuoteAge, formatQuotePrice } from '../lib/format-quote';
import { providerLabel, sessionLabel } from '../lib/market-sources';
import { InstrumentSourceModal } from './instrument-source-modal';
import { ProviderStatusList } from './provider-status-list';
import { ReplayBarsCard } from './replay-bars-card';
import './admin-markets-panel.css';

/**
 * /admin → Markets (docs/architecture.md §Market data and paper trading, §Admin): the live providers' connections, then every instrument with
 * where its quotes come from, its market hours and its last quote (stale ones in the danger
 * colour); Edit changes the source and hours and can test the provider first. Below, the bars
 * stored for replay competitions and their upload.
 */
export default function AdminMarketsPanel() {
  const instruments = useMarketInstruments();
  const [editing, setEditing] = useState<MarketInstrument | null>(null);
  const now = instruments.dataUpdatedAt;

  const columns: TableColumnsType<MarketInstrument> = [
    {
      title: 'Instrument',
      key: 'instrument',
      render: (_, instrument) => (
        <div className="cw-admin-markets__stack">
          <span className="cw-admin-markets__symbol">{instrument.symbol}</span>
          <span className="cw-admin-markets__muted">{instrument.name}</span>
        </div>
      ),
    },
    { title: 'Provider', dataIndex: 'provider', render: (provider: string) => providerLabel(provider) },
    {
      title: 'Provider symbol',
      dataIndex: 'providerSymbol',
      render: (providerSymbol: string | null) =>
        providerSymbol ? <code className="cw-admin-markets__code">{providerSymbol}</code> : '—',
    },
    { title: 'Market hours', dataIndex: 'session', render: (session: string) => sessionLabel(session) },
    {
      title: 'Last quote',
      key: 'quote',
      render: (_, { quote, currency }) =>
        quote ? (
          <div className="cw-admin-markets__stack">
            <span className="cw-admin-markets__price">
              {formatQuotePrice(quote.bid)} / {formatQuotePrice(quote.ask)} {currency}
            </span>
            <span className="cw-admin-markets__muted">
              {formatQuoteAge(quote.time, now)}
              {quote.stale ? (
                <>
                  {' · '}
                  <Typography.Text type="danger" strong>
                    stale
                  </Typography.Text>
                </>
              ) : null}
            </span>
          </div>
        ) : (
          <span className="cw-admin-markets__muted">No quote yet</span>
        ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, instrument) => (
        <Button
          size="small"
          icon={<EditOutlined aria-hidden="true" />}
          aria-label={`Edit ${instrument.symbol}`}
          onClick={() => setEditing(instrument)}
        >
          Edit
        </Button>
      ),
    },
  ];

  return (
    <section className="cw-admin-markets" aria-labelledby="cw-admin-markets-heading">
      <div>
        <h2 id="cw-admin-markets-heading" className="cw-admin-markets__heading">
          Markets
        </h2>
        <p className="cw-admin-markets__description">
          Where each instrument's prices come from and when its market is open. A live provider's quotes go
          stale when it falls quiet: nothing fills on them until they are back.
        </p>
      </div>

      <ProviderStatusList />

      <Card size="small" title="Instruments" className="cw-admin-markets__table-card">
        {instruments.isError ? (
          <Alert
            type="error"
            showIcon
            title="The instruments could not be loaded."
            description={instruments.error.message}
            action={
              <Button size="small" onClick={() => void instruments.refetch()}>
                Try again
              </Button>
            }
          />
        ) : (
          <Table<MarketInstrument>
            rowKey="symbol"
            columns={columns}
            dataSource={instruments.data}
            loading={instruments.isPending}
            pagination={false}
            size="middle"
            // Wide on a phone: the table scrolls inside its card, the page does not.
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: 'No instruments.' }}
          />
        )}
      </Card>

      <ReplayBarsCard />

      {editing ? <InstrumentSourceModal instrument={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
