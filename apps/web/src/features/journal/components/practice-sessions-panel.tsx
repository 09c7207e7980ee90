import { Alert, Button, Empty, Skeleton, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { useJournalPracticeSessions } from '../api/practice-sessions';

const STATE_TAGS = { playing: 'green', paused: 'blue', ended: 'default' } as const;

/**
 * The journal's Practice tab: the learner's practice replays with their P&L, fills and decisions,
 * each opening its desk (chart, fills and decision log). Kept apart from real trades: none of this
 * counts in the Trades or the Statistics tabs.
 */
export function PracticeSessionsPanel() {
  const sessions = useJournalPracticeSessions();
  return (
    <section className="cw-journal-practice" aria-labelledby="journal-practice-title">
      <div className="cw-journal-practice__head">
        <h2 id="journal-practice-title" className="cw-journal-practice__title">
          Practice sessions
        </h2>
        <Link to="/practice">Start a practice replay</Link>
      </div>
      <p className="cw-journal-practice__note">
        Replays you drove yourself, reviewed apart from your real trades: they do not count in your
        statistics.
      </p>
      {sessions.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : sessions.isError ? (
        <Alert
          type="error"
          showIcon
          title="Your practice sessions could not be loaded."
          action={<Button onClick={() => sessions.refetch()}>Try again</Button>}
        />
      ) : !sessions.data.length ? (
        <Empty description="No practice sessions yet." image={Empty.PRESENTED_IMAGE_SIMPLE}>
          <Link to="/practice">Replay a day</Link>
        </Empty>
      ) : (
        <Table
          size="small"
          rowKey="_id"
          scroll={{ x: true }}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          dataSource={sessions.data}
          columns={[
            {
              title: 'Session',
              key: 'session',
              render: (_, session) => (
                <Link to={`/practice/${session._id}`}>
                  {session.symbol} · {session.day}
                </Link>
              ),
            },
            {
              title: 'State',
              dataIndex: 'state',
              render: (state: keyof typeof STATE_TAGS) => <Tag color={STATE_TAGS[state]}>{state}</Tag>,
            },
            {
              title: 'P&L',
              key: 'pnl',
              render: (_, session) => (
                <span
                  className={session.pnl >= 0 ? 'cw-journal-practice__profit' : 'cw-journal-practice__loss'}
                >
                  {session.pnl.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}{' '}
                  {session.currency}
                </span>
              ),
            },
            { title: 'Fills', dataIndex: 'fills' },
            { title: 'Decisions', dataIndex: 'decisions' },
            {
              title: 'Started',
              dataIndex: 'createdAt',
              render: (createdAt: string) => createdAt.slice(0, 10),
            },
          ]}
        />
      )}
    </section>
  );
}
