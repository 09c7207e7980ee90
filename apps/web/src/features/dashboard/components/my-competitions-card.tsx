import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import { useId } from 'react';
import { Link } from 'react-router';
import { PlainSkeleton } from '@/components/plain/plain-skeleton';
import { PlainTag } from '@/components/plain/plain-tag';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import {
  formatMoney,
  formatSignedPercent,
  type MyCompetition,
  PhaseTag,
  useMyCompetitions,
} from '@/features/groups';
import './my-competitions-card.css';
import { DashboardLoadFailed } from './dashboard-load-failed';

const statusText: Record<MyCompetition['status'], string> = {
  pending: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Not accepted',
};

function StandingLine({ competition }: { competition: MyCompetition }) {
  const { standing, status, group } = competition;
  if (status !== 'approved') return <span className="cw-my-competitions__muted">{statusText[status]}</span>;
  if (!standing) return <span className="cw-my-competitions__muted">Approved</span>;
  const frozen = standing.frozenUntil !== null && Date.parse(standing.frozenUntil) > Date.now();
  return (
    <span className="cw-my-competitions__standing">
      <strong>
        {group.phase === 'ended' ? 'Finished' : 'Rank'} #{standing.rank}
      </strong>{' '}
      of {standing.ranked}
      <span className={standing.pnlPercent >= 0 ? 'cw-my-competitions__up' : 'cw-my-competitions__down'}>
        {formatSignedPercent(standing.pnlPercent)}
      </span>
      <span className="cw-my-competitions__muted">Equity {formatMoney(standing.equity, group.currency)}</span>
      {frozen ? <PlainTag tone="orange">Frozen</PlainTag> : null}
    </span>
  );
}

/** /home: "My competitions and rank": each competition I asked to join, where I stand, a way in. */
export function MyCompetitionsCard() {
  const query = useMyCompetitions();
  const headingId = useId();
  return (
    <section className="cw-plain-card cw-my-competitions" aria-labelledby={headingId}>
      <h2 id={headingId} className="cw-my-competitions__heading">
        <SvgIcon icon={TeamOutlined} className="cw-my-competitions__icon" />
        My competitions and rank
      </h2>
      {query.isPending ? (
        <PlainSkeleton rows={2} label="Loading your competitions" />
      ) : query.error ? (
        <DashboardLoadFailed
          what="your competitions"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <p className="cw-my-competitions__empty">
          You have not joined a competition yet. <Link to="/group">Browse the groups</Link> and ask to join
          one: you trade a paper account and are ranked live.
        </p>
      ) : (
        <ul className="cw-my-competitions__list">
          {query.data.map((competition) => (
            <li key={competition.group._id} className="cw-my-competitions__item">
              <div className="cw-my-competitions__name">
                <span>{competition.group.name}</span>
                <PhaseTag phase={competition.group.phase} />
              </div>
              <StandingLine competition={competition} />
              {competition.status === 'approved' ? (
                // Named by its visible word, then the competition (WCAG 2.5.3, label in name).
                <Link to={`/group/${encodeURIComponent(competition.group._id)}/leaderboard`}>
                  {competition.group.phase === 'running' ? 'Trade' : 'Leaderboard'}{' '}
                  <span className="cw-visually-hidden">in {competition.group.name}</span>
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
