import { Button, Table, Tag } from 'antd';
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
  page,
  me = null,
}: {
  rows: StandingRow[];
  currency: string;
  loading: boolean;
  currentUserId: string | undefined;
  /** Pages read from the server (the leaderboard page); without it, pages of the rows given. */
  page?: { current: number; pageSize: number; total: number; onChange: (page: number) => void };
  /** The viewer's own row, said above the table when it is not on the page shown. */
  me?: StandingRow | null;
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
  const myPage = page && me ? Math.ceil(me.rank / page.pageSize) : null;
  const meElsewhere = page && me && !rows.some((row) => row.userId === me.userId);
  const table = (
    <Table<StandingRow>
      className="cw-trading__leaderboard"
      columns={columns}
      dataSource={rows}
      rowKey="userId"
      loading={loading}
      size="middle"
      scroll={{ x: 640 }}
      rowClassName={(row) => (row.userId === currentUserId ? 'cw-trading__my-row' : '')}
      pagination={
        page
          ? page.total > page.pageSize
            ? {
                current: page.current,
                pageSize: page.pageSize,
                total: page.total,
                onChange: page.onChange,
                showSizeChanger: false,
                showTotal: (total, [from, to]) => `Ranks ${from}–${to} of ${total.toLocaleString('en-US')}`,
              }
            : false
          : rows.length > 50
            ? { pageSize: 50, showSizeChanger: false }
            : false
      }
      locale={{ emptyText: 'No approved members yet' }}
    />
  );
  if (!meElsewhere || !me || !page || myPage === null) return table;
  return (
    <>
      <p className="cw-trading__my-rank" role="status">
        You are ranked {me.rank.toLocaleString('en-US')} of {page.total.toLocaleString('en-US')} ·{' '}
        <span className={signClass(me.pnlPercent)}>{formatSignedPercent(me.pnlPercent)}</span> ·{' '}
        {formatMoney(me.equity, currency)}{' '}
        <Button type="link" size="small" onClick={() => page.onChange(myPage)}>
          Show my rank
        </Button>
      </p>
      {table}
    </>
  );
}
