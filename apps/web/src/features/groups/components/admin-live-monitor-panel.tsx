import { useQueries } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useGroups } from '../api/get-groups';
import { leaderboardQueryOptions, type StandingRow } from '../api/get-leaderboard';
import { phaseOf } from '../lib/group-date-text';
import { formatSignedPercent } from '../lib/trading-format';
import { useNow } from '../lib/use-now';
import './admin-live-monitor-panel.css';

/** How often the monitor refreshes each running competition's standings. */
const MONITOR_POLL_MS = 5000;

function summarise(rows: StandingRow[], now: number) {
  const frozen = rows.filter((row) => row.frozenUntil && Date.parse(row.frozenUntil) > now);
  return {
    members: rows.length,
    leader: rows[0] ?? null,
    frozen: frozen.length,
    trades: rows.reduce((sum, row) => sum + row.trades, 0),
    freezes: rows.reduce((sum, row) => sum + row.freezes, 0),
    inLoss: rows.filter((row) => row.pnlPercent < 0).length,
  };
}

/**
 * /admin → Live competitions, the monitor (docs/architecture.md §Admin): for each running competition, its members,
 * the leader, who is frozen now, trades and freezes so far, refreshed every 5 seconds, with a way
 * into the live leaderboard.
 */
export default function LiveCompetitionsMonitor() {
  const groups = useGroups();
  const running = (groups.data ?? []).filter((group) => phaseOf(group) === 'running');
  const now = useNow(MONITOR_POLL_MS, running.length > 0);
  const boards = useQueries({
    queries: running.map((group) => ({
      ...leaderboardQueryOptions(group._id),
      refetchInterval: MONITOR_POLL_MS,
    })),
  });

  return (
    <section className="cw-admin-monitor" aria-labelledby="cw-admin-monitor-heading">
      <h2 id="cw-admin-monitor-heading" className="cw-admin-monitor__heading">
        Live competitions
      </h2>
      <p className="cw-admin-monitor__muted">
        Every running competition at a glance, refreshed every 5 seconds: open one for the live leaderboard.
      </p>
      {groups.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : groups.isError ? (
        <Alert
          type="error"
          showIcon
          title="The competitions could not be loaded."
          action={
            <Button size="small" onClick={() => void groups.refetch()}>
              Try again
            </Button>
          }
        />
      ) : running.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No competition is running right now." />
      ) : (
        <ul className="cw-admin-monitor__list">
          {running.map((group, index) => {
            const board = boards[index];
            const summary = board?.data ? summarise(board.data.rows, now) : null;
            return (
              <li key={group._id}>
                <Card size="small" className="cw-admin-monitor__card" title={group.name}>
                  {board?.isError ? (
                    <p className="cw-admin-monitor__muted">
                      The standings could not be loaded: {board.error.message}
                    </p>
                  ) : !summary ? (
                    <Skeleton active title={false} paragraph={{ rows: 2 }} />
                  ) : (
                    <dl className="cw-admin-monitor__facts">
                      <div>
                        <dt>Members</dt>
                        <dd>{summary.members}</dd>
                      </div>
                      <div>
                        <dt>Leader</dt>
                        <dd>
                          {summary.leader
                            ? `${summary.leader.name} (${formatSignedPercent(summary.leader.pnlPercent)})`
                            : '—'}
                        </dd>
                      </div>
                      <div>
                        <dt>Frozen now</dt>
                        <dd className={summary.frozen > 0 ? 'cw-admin-monitor__alert' : undefined}>
                          {summary.frozen}
                        </dd>
                      </div>
                      <div>
                        <dt>In loss</dt>
                        <dd>{summary.inLoss}</dd>
                      </div>
                      <div>
                        <dt>Trades</dt>
                        <dd>{summary.trades}</dd>
                      </div>
                      <div>
                        <dt>Freezes</dt>
                        <dd>{summary.freezes}</dd>
                      </div>
                    </dl>
                  )}
                  <Link to={`/group/${encodeURIComponent(group._id)}/leaderboard`}>
                    Open the live leaderboard
                  </Link>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
