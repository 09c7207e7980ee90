import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Popconfirm, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { ApiError } from '@/lib/api-client';
import {
  downloadExport,
  type TradesQuery,
  useBulkTag,
  useDeleteTrade,
  useJournalTrades,
} from '../api/journal-trades';
import type { JournalTrade, TradeFilters } from '../api/journal-types';
import { formatNumber, formatPnl, pnlClass, useJournalTimeZone } from '../lib/journal-time';
import { TradeFiltersBar } from './trade-filters-bar';
import { TradeFormModal } from './trade-form-modal';
import { TradeSource, TradeTags } from './trade-tags';

/** Every trade: filter, sort, page, tag several at once, edit, delete, export. */
export function TradesTable() {
  const [filters, setFilters] = useState<TradeFilters>({});
  const [sorting, setSorting] = useState<Pick<TradesQuery, 'sort' | 'order'>>({
    sort: 'date',
    order: 'desc',
  });
  const [page, setPage] = useState({ page: 1, pageSize: 25 });
  const [selected, setSelected] = useState<string[]>([]);
  const [bulkSetup, setBulkSetup] = useState<string[]>([]);
  const [bulkMistake, setBulkMistake] = useState<string[]>([]);
  const [editing, setEditing] = useState<JournalTrade | null>(null);
  const [adding, setAdding] = useState(false);
  const trades = useJournalTrades({ ...filters, ...sorting, ...page });
  const bulk = useBulkTag();
  const remove = useDeleteTrade();
  const facets = trades.data?.facets;
  // Times in the learner's profile zone, as the calendar and the statistics read them.
  const dateFormat = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: useJournalTimeZone(),
  });

  const applyBulk = async (mode: 'add' | 'remove') => {
    try {
      const result = await bulk.mutateAsync({
        tradeIds: selected,
        setupTags: bulkSetup,
        mistakeTags: bulkMistake,
        mode,
      });
      toast.success(
        `${result.updated} trade${result.updated === 1 ? '' : 's'} ${mode === 'add' ? 'tagged' : 'untagged'}.`,
      );
      setBulkSetup([]);
      setBulkMistake([]);
    } catch (error) {
      toast.error((error as ApiError).message);
    }
  };

  const sortOrder = (key: TradesQuery['sort']) =>
    sorting.sort === key ? (sorting.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  const columns: TableColumnsType<JournalTrade> = [
    {
      title: 'Date',
      key: 'date',
      sorter: true,
      sortOrder: sortOrder('date'),
      render: (_, trade) => dateFormat.format(new Date(trade.exitTime ?? trade.entryTime)),
    },
    {
      title: 'Symbol',
      key: 'symbol',
      sorter: true,
      sortOrder: sortOrder('symbol'),
      // A link, so the detail page opens from the keyboard (Enter) and in a new tab as well.
      render: (_, trade) => (
        <>
          <Link
            to={`/journal/trades/${encodeURIComponent(trade._id)}`}
            aria-label={`${trade.symbol} ${trade.side} trade details`}
          >
            <strong>{trade.symbol}</strong>
          </Link>{' '}
          <span className="cw-journal-muted">{trade.side}</span>
        </>
      ),
    },
    {
      title: 'Qty',
      key: 'quantity',
      sorter: true,
      sortOrder: sortOrder('quantity'),
      align: 'right',
      render: (_, t) => formatNumber(t.quantity, 6),
    },
    {
      title: 'Entry',
      key: 'entry',
      align: 'right',
      responsive: ['md'],
      render: (_, t) => formatNumber(t.entryPrice, 6),
    },
    {
      title: 'Exit',
      key: 'exit',
      align: 'right',
      responsive: ['md'],
      render: (_, t) => formatNumber(t.exitPrice, 6),
    },
    {
      title: 'P&L',
      key: 'pnl',
      sorter: true,
      sortOrder: sortOrder('pnl'),
      align: 'right',
      render: (_, trade) => (
        <span className={pnlClass(trade.pnl)}>{formatPnl(trade.pnl, trade.currency)}</span>
      ),
    },
    {
      title: 'R',
      key: 'r',
      align: 'right',
      responsive: ['lg'],
      render: (_, t) => (t.rMultiple === null ? '—' : `${t.rMultiple}R`),
    },
    { title: 'Tags', key: 'tags', responsive: ['lg'], render: (_, trade) => <TradeTags trade={trade} /> },
    {
      title: 'Source',
      key: 'source',
      responsive: ['md'],
      render: (_, trade) => <TradeSource trade={trade} />,
    },
    {
      title: <span className="cw-visually-hidden">Actions</span>,
      key: 'actions',
      render: (_, trade) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(trade)} aria-label={`Edit ${trade.symbol} trade`}>
            Edit
          </Button>
          {/* A trade rebuilt from fills comes back at the next import or sync: the API refuses its
              deletion (409), so it is not offered. */}
          {trade.fromFills ? null : (
            <Popconfirm
              title="Delete this trade?"
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutate(trade._id)}
            >
              <Button size="small" danger aria-label={`Delete ${trade.symbol} trade`}>
                Delete
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <section aria-label="Trades">
      <div className="cw-journal-toolbar">
        <TradeFiltersBar
          value={filters}
          onChange={(next) => {
            setFilters(next);
            setPage((current) => ({ ...current, page: 1 }));
          }}
          symbols={facets?.symbols ?? []}
          tags={[...new Set([...(facets?.setupTags ?? []), ...(facets?.mistakeTags ?? [])])]}
        />
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            Add trade
          </Button>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void downloadExport(filters).catch((error: Error) => toast.error(error.message))}
          >
            Export CSV
          </Button>
        </Space>
      </div>
      {selected.length > 0 ? (
        <fieldset className="cw-journal-bulk">
          <legend className="cw-visually-hidden">Tag the selected trades</legend>
          <span>{selected.length} selected</span>
          <Select
            mode="tags"
            aria-label="Setup tags to apply"
            placeholder="Setup tags"
            value={bulkSetup}
            onChange={setBulkSetup}
            options={(facets?.setupTags ?? []).map((tag) => ({ value: tag }))}
            style={{ minWidth: 160 }}
          />
          <Select
            mode="tags"
            aria-label="Mistake tags to apply"
            placeholder="Mistake tags"
            value={bulkMistake}
            onChange={setBulkMistake}
            options={(facets?.mistakeTags ?? []).map((tag) => ({ value: tag }))}
            style={{ minWidth: 160 }}
          />
          <Button
            type="primary"
            disabled={!bulkSetup.length && !bulkMistake.length}
            loading={bulk.isPending}
            onClick={() => void applyBulk('add')}
          >
            Add tags
          </Button>
          <Button
            disabled={!bulkSetup.length && !bulkMistake.length}
            onClick={() => void applyBulk('remove')}
          >
            Remove tags
          </Button>
        </fieldset>
      ) : null}
      {trades.error ? <Alert type="error" showIcon message={trades.error.message} /> : null}
      <Table<JournalTrade>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={trades.data?.trades ?? []}
        loading={trades.isPending || (trades.isFetching && trades.isPlaceholderData)}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        locale={{ emptyText: 'No trades yet. Add one, import a file, or trade in a competition.' }}
        scroll={{ x: true }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: trades.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [25, 50, 100],
        }}
        onChange={(pagination, _filters, sorter) => {
          const single = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = (single?.columnKey as TradesQuery['sort'] | undefined) ?? 'date';
          setSorting(
            single?.order
              ? { sort: key, order: single.order === 'ascend' ? 'asc' : 'desc' }
              : { sort: 'date', order: 'desc' },
          );
          setPage({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? 25 });
        }}
      />
      <TradeFormModal
        open={adding || Boolean(editing)}
        trade={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
    </section>
  );
}
