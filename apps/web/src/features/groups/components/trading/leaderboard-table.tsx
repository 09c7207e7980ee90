import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { StandingRow } from '../../api/get-leaderboard';
import { formatMoney, formatSignedPercent, signClass } from '../../lib/trading-format';
import { useNow } from '../../lib/use-now';

/** The Frozen tag names the rule that fired when the API says which ('Frozen · daily loss'). */
const FROZEN_TAG_TEXT = { drawdown: 'Frozen · drawdown', daily_loss: 'Frozen · daily loss' } as const;

/**
 * The standings: Rank, Name, PnL %, Balance, Equity, Trades, Freezes; the caller's row marked.
 * Balance and Equity are in the competition's account currency, shown with its symbol.
 */
export function LeaderboardTable({
  rows,
  currency,
  loading,
  currentUserId,
}: {
  rows: StandingRow[];
  currency: string;
  loading: boolean;
  currentUserId: string | undefined;
}) {
  const now = useNow(
    1000,
    rows.some((row) => row.frozenUntil !== null),
  );
  const columns: ColumnsType<StandingRow> = [
    { title: 'Rank', dataIndex: 'rank', key: 'rank', width: 72, align: 'right' },
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, row) => (
        <span className="cw-trading__name">
          {name}
          {row.userId === currentUserId ? <Tag color="blue">You</Tag> : null}
          {row.frozenUntil && Date.parse(row.frozenUntil) > now ? (
            <Tag color="orange">{row.frozenReason ? FROZEN_TAG_TEXT[row.frozenReason] : 'Frozen'}</Tag>
          ) : null}
        </span>
      ),
    },
    {
      title: 'PnL %',
      dataIndex: 'pnlPercent',
      key: 'pnlPercent',
      align: 'right',
      render: (value: number) => <span className={signClass(value)}>{formatSignedPercent(value)}</span>,
    },
    {
      title: 'Balance',
      dataIndex: 'balance',
      key: 'balance',
      align: 'right',
      render: (value: number) => formatMoney(value, currency),
    },
    {
      title: 'Equity',
      dataIndex: 'equity',
      key: 'equity',
      align: 'right',
      render: (value: number) => formatMoney(value, currency),
    },
    { title: 'Trades', dataIndex: 'trades', key: 'trades', align: 'right' },
    { title: 'Freezes', dataIndex: 'freezes', key: 'freezes', align: 'right' },
  ];
  return (
    <Table<StandingRow>
      className="cw-trading__leaderboard"
      columns={columns}
      dataSource={rows}
      rowKey="userId"
      loading={loading}
      size="middle"
      scroll={{ x: 640 }}
      rowClassName={(row) => (row.userId === currentUserId ? 'cw-trading__my-row' : '')}
      pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      locale={{ emptyText: 'No approved members yet' }}
    />
  );
}
