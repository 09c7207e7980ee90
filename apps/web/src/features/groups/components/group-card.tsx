import { CalendarOutlined, InfoCircleOutlined, TeamOutlined, TrophyOutlined } from '@ant-design/icons';
import type { GroupPhase } from '@candlewise/shared';
import { Button, Tag } from 'antd';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Group } from '../api/get-groups';
import { formatGroupDateTime, phaseLabels, phaseOf, scheduleSummary } from '../lib/group-date-text';
import { JoinButton, type JoinState } from './join-button';
import './group-card.css';

const phaseColors: Record<GroupPhase, string> = { upcoming: 'blue', running: 'green', ended: 'default' };

export function PhaseTag({ phase }: { phase: GroupPhase }) {
  return (
    <Tag color={phaseColors[phase]} className="cw-phase-tag">
      {phaseLabels[phase]}
    </Tag>
  );
}

type Props = {
  group: Group;
  joinState: JoinState;
  onInfo: () => void;
  onJoin: () => void;
};

/**
 * One competition (spec §2): name, 'N total joined', Info, the Join button that follows the user's
 * status, and the Leaderboard link for approved members only. Also its phase and when it starts
 * or ends, relative, so the card never repeats the Info dialog's dates.
 */
export function GroupCard({ group, joinState, onInfo, onJoin }: Props) {
  const titleId = useId();
  const phase = phaseOf(group);
  const schedule = scheduleSummary(group, phase);
  const registrationClosed = joinState === 'none' && (group.registrationOpen === false || phase === 'ended');
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
          <TeamOutlined aria-hidden="true" />
          <span>{`${group.participantsCount ?? 0} total joined`}</span>
        </li>
        <li>
          <CalendarOutlined aria-hidden="true" />
          {schedule.dateTime ? (
            <time dateTime={schedule.dateTime} title={formatGroupDateTime(schedule.dateTime)}>
              {schedule.text}
            </time>
          ) : (
            <span>{schedule.text}</span>
          )}
        </li>
      </ul>
      {registrationClosed ? (
        <p className="cw-group-card__note">Registration is closed for this group.</p>
      ) : null}
      <div className="cw-group-card__actions">
        <Button icon={<InfoCircleOutlined aria-hidden="true" />} onClick={onInfo}>
          Info
        </Button>
        <JoinButton state={joinState} onJoin={onJoin} />
        {joinState === 'approved' ? (
          <Link
            className="cw-group-card__leaderboard"
            to={`/group/${encodeURIComponent(group._id)}/leaderboard`}
          >
            <TrophyOutlined aria-hidden="true" />
            <span>Leaderboard</span>
          </Link>
        ) : null}
      </div>
    </article>
  );
}
