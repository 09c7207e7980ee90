import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import InfoCircleOutlined from '@ant-design/icons-svg/es/asn/InfoCircleOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import TrophyOutlined from '@ant-design/icons-svg/es/asn/TrophyOutlined';
import { joinRefusal } from '@candlewise/shared/groups/group-phase';
import { useId } from 'react';
import { Link } from 'react-router';
import { PlainButton } from '@/components/plain/plain-button';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import type { Group } from '../api/get-groups';
import { formatGroupDateTime, phaseOf, scheduleSummary } from '../lib/group-date-text';
import { JoinButton, type JoinState } from './join-button';
import { PhaseTag } from './phase-tag';
import './group-card.css';

type Props = {
  group: Group;
  joinState: JoinState;
  onInfo: () => void;
  onJoin: () => void;
  /** Given while the learner's request is pending: the card offers 'Withdraw request'. */
  onWithdraw?: () => void;
  /** The withdrawal is on its way ('Withdrawing...'). */
  withdrawing?: boolean;
};

/**
 * One competition (docs/product-contract.md §2): name, 'N total joined', Info, the Join button that follows the user's
 * status, and the Leaderboard link for approved members only. Also its phase and when it starts
 * or ends, relative, so the card never repeats the Info dialog's dates. A competition that takes
 * no one (ended, registration closed) disables Join and says why; a pending request can be
 * withdrawn; an ended competition's final standings are open to everyone. Plain markup (ADR 021):
 * the card paints before antd, which comes with the dialogs it opens.
 */
export function GroupCard({ group, joinState, onInfo, onJoin, onWithdraw, withdrawing = false }: Props) {
  const titleId = useId();
  const refusalId = useId();
  const phase = phaseOf(group);
  const schedule = scheduleSummary(group, phase);
  const refusal = joinState === 'none' ? joinRefusal(group, phase) : null;
  const standingsPath = `/group/${encodeURIComponent(group._id)}/leaderboard`;
  return (
    <article className="cw-group-card" aria-labelledby={titleId} data-phase={phase}>
      <div className="cw-group-card__top">
        <h2 id={titleId} className="cw-group-card__name">
          {group.name}
        </h2>
        <PhaseTag phase={phase} />
      </div>
      <ul className="cw-group-card__facts">
        <li>
          <SvgIcon icon={TeamOutlined} />
          <span>{`${group.participantsCount ?? 0} total joined`}</span>
        </li>
        <li>
          <SvgIcon icon={CalendarOutlined} />
          {schedule.dateTime ? (
            <time dateTime={schedule.dateTime} title={formatGroupDateTime(schedule.dateTime)}>
              {schedule.text}
            </time>
          ) : (
            <span>{schedule.text}</span>
          )}
        </li>
      </ul>
      {refusal ? (
        <p id={refusalId} className="cw-group-card__note">
          <SvgIcon icon={LockOutlined} />
          <span>{refusal}</span>
        </p>
      ) : null}
      <div className="cw-group-card__actions">
        <PlainButton icon={<SvgIcon icon={InfoCircleOutlined} />} onClick={onInfo}>
          Info
        </PlainButton>
        <JoinButton state={joinState} onJoin={onJoin} refusalId={refusal ? refusalId : undefined} />
        {joinState === 'pending' && onWithdraw ? (
          <PlainButton
            variant="danger"
            className="cw-group-card__withdraw"
            loading={withdrawing}
            onClick={onWithdraw}
          >
            {withdrawing ? 'Withdrawing...' : 'Withdraw request'}
          </PlainButton>
        ) : null}
        {joinState === 'approved' ? (
          <Link className="cw-group-card__leaderboard" to={standingsPath}>
            <SvgIcon icon={TrophyOutlined} />
            <span>Leaderboard</span>
          </Link>
        ) : phase === 'ended' ? (
          <Link className="cw-group-card__leaderboard" to={standingsPath}>
            <SvgIcon icon={TrophyOutlined} />
            <span>Final standings</span>
          </Link>
        ) : null}
      </div>
    </article>
  );
}
