import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import { useQueryClient } from '@tanstack/react-query';
import { memo, type ReactNode, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { lazyAntd } from '@/components/antd-provider/lazy-antd';
import { PartBoundary } from '@/components/plain/part-boundary';
import { PlainAlert } from '@/components/plain/plain-alert';
import { PlainButton } from '@/components/plain/plain-button';
import { PlainTag } from '@/components/plain/plain-tag';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import { groupKeys } from '../../api/group-query-keys';
import {
  CHALLENGE_STATUS_TAGS,
  type Challenge,
  challengeEventTitle,
  challengeEventWhen,
  challengePhaseLine,
  isPracticeRuleSet,
  OBJECTIVE_STATUS_TAGS,
  type Objective,
  objectiveBar,
  objectiveGoalText,
  objectiveValueText,
} from '../../lib/challenge-text';
import { formatGroupDateTime, formatGroupTime } from '../../lib/group-date-text';
import { formatMoney } from '../../lib/trading-format';
import { useNow } from '../../lib/use-now';
import { DeskCard } from './desk-card';
import './objectives-panel.css';

/** The evidence dialog (antd's Modal, the equity chart): its code comes when it is first wanted. */
const ChallengeEvidenceDialog = lazyAntd(() =>
  import('./challenge-evidence-dialog').then((module) => module.ChallengeEvidenceDialog),
);

export type EvidenceOpener = { open: (eventId: string) => void; preload: () => void };

/**
 * The evidence dialog of the desk: `opener.open(eventId)` shows one decision's evidence;
 * `opener.preload` fetches the dialog's code when a button that opens it is pointed at or focused;
 * `dialog` goes in the page.
 */
export function useEvidenceDialog(groupId: string, currency: string) {
  const [eventId, setEventId] = useState<string | null>(null);
  // Stable, so the memoised panel is not drawn again for it.
  const opener = useMemo<EvidenceOpener>(() => ({ open: setEventId, preload: preloadEvidenceDialog }), []);
  const dialog = eventId ? (
    <PartBoundary what="dialog">
      <Suspense fallback={null}>
        <ChallengeEvidenceDialog
          groupId={groupId}
          eventId={eventId}
          currency={currency}
          onClose={() => setEventId(null)}
        />
      </Suspense>
    </PartBoundary>
  ) : null;
  return { opener, dialog };
}

/** A failed preload (offline) is left to the dialog's own load, which says so in its place. */
const preloadEvidenceDialog = () => void ChallengeEvidenceDialog.preload().catch(() => {});

/** A button that opens one decision's evidence, its code fetched as it is pointed at or focused. */
function EvidenceButton({
  evidence,
  eventId,
  label,
  children,
  small = false,
}: {
  evidence: EvidenceOpener;
  eventId: string;
  label?: string;
  children: ReactNode;
  small?: boolean;
}) {
  return (
    <PlainButton
      className={small ? 'cw-plain-button--small' : undefined}
      aria-label={label}
      onPointerEnter={evidence.preload}
      onFocus={evidence.preload}
      onClick={() => evidence.open(eventId)}
    >
      {children}
    </PlainButton>
  );
}

/** '5:00 PM' today, 'Nov 20, 2026, 5:00 PM' on another day. */
function resumeText(until: string, now: number): string {
  return new Date(until).toDateString() === new Date(now).toDateString()
    ? formatGroupTime(until)
    : formatGroupDateTime(until);
}

/**
 * Above the desk, for a challenge: the failure (the rule, the moment, the equity, and the evidence a
 * button away), or the pause a day-ending breach brings until the next day. When the pause ends the
 * account is read again, so the ticket opens as soon as the engine allows.
 */
export function ChallengeBanner({
  groupId,
  challenge,
  currency,
  evidence,
}: {
  groupId: string;
  challenge: Challenge;
  currency: string;
  evidence: EvidenceOpener;
}) {
  // The clock runs only while a pause is shown, to end it on time.
  const now = useNow(1000, challenge.pausedUntil !== null);
  const queryClient = useQueryClient();
  const pausedUntil = challenge.pausedUntil ? Date.parse(challenge.pausedUntil) : null;
  const paused = pausedUntil !== null && pausedUntil > now;
  const resumed = pausedUntil !== null && pausedUntil <= now;
  useEffect(() => {
    if (resumed) void queryClient.invalidateQueries({ queryKey: groupKeys.account(groupId) });
  }, [resumed, groupId, queryClient]);
  const { failure } = challenge;
  if (failure) {
    return (
      <div className="cw-plain-alert cw-plain-alert--error cw-challenge-banner" role="status">
        <SvgIcon icon={CloseCircleFilled} className="cw-plain-alert__icon" />
        <p className="cw-challenge-banner__text">
          <strong>Challenge failed:</strong> {`${failure.label} at ${challengeEventWhen(failure, currency)}.`}
        </p>
        <EvidenceButton evidence={evidence} eventId={failure.eventId}>
          See the evidence
        </EvidenceButton>
      </div>
    );
  }
  if (paused && challenge.pausedUntil) {
    return (
      <PlainAlert
        type="warning"
        role="status"
        className="cw-challenge-banner"
        message={`Daily loss limit reached: trading resumes at ${resumeText(challenge.pausedUntil, now)}.`}
      />
    );
  }
  return null;
}

/** One objective: its label and status, what it asks and where the member stands, a bar, the detail. */
function ObjectiveRow({
  objective,
  currency,
  initial,
  practice,
}: {
  objective: Objective;
  currency: string;
  initial: number;
  practice: boolean;
}) {
  const labelId = useId();
  const detailId = useId();
  const tag = practice
    ? objective.status === 'failed'
      ? { label: 'Reached', tone: 'red' as const }
      : { label: 'Within limit', tone: 'cyan' as const }
    : OBJECTIVE_STATUS_TAGS[objective.status];
  const bar = objectiveBar(objective, { initial });
  const percent = bar ? Math.round(bar.fraction * 100) : 0;
  const barTone = !bar
    ? ''
    : bar.kind === 'progress'
      ? objective.status === 'met'
        ? 'cw-objectives__bar--met'
        : ''
      : percent >= 100 || objective.status === 'failed'
        ? 'cw-objectives__bar--danger'
        : percent >= 75
          ? 'cw-objectives__bar--warning'
          : 'cw-objectives__bar--usage';
  return (
    <li className="cw-objectives__row" aria-labelledby={labelId} aria-describedby={detailId}>
      <div className="cw-objectives__head">
        <span id={labelId} className="cw-objectives__label">
          {objective.label}
        </span>
        <PlainTag tone={tag.tone}>{tag.label}</PlainTag>
      </div>
      <p className="cw-objectives__figures">
        <span>{objectiveGoalText(objective, currency)}</span>
        <span className="cw-objectives__value">{objectiveValueText(objective, currency)}</span>
      </p>
      {bar ? (
        <div
          className={`cw-objectives__bar ${barTone}`}
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={bar.kind === 'progress' ? `${percent}% reached` : `${percent}% used`}
        >
          <span className="cw-objectives__bar-fill" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      <p id={detailId} className="cw-objectives__detail">
        {objective.detail}
      </p>
    </li>
  );
}

/**
 * The objectives panel (FTMO-style): the rule set and phase, the challenge's status, each objective
 * and limit with where the member stands, and the decisions so far with their evidence. A Practice
 * group's panel is its freeze rule's limits under "Practice rules", with nothing to pass or fail.
 */
function ObjectivesPanelView({
  challenge,
  objectives,
  currency,
  initial,
  evidence,
}: {
  challenge: Challenge;
  objectives: readonly Objective[];
  currency: string;
  /** The phase's initial balance (the account's starting balance). */
  initial: number;
  evidence: EvidenceOpener;
}) {
  const practice = isPracticeRuleSet(challenge.ruleSet);
  if (practice && objectives.length === 0) return null;
  const status = CHALLENGE_STATUS_TAGS[challenge.status];
  return (
    <DeskCard
      className="cw-objectives"
      title={practice ? 'Practice rules' : 'Objectives'}
      extra={practice ? null : <PlainTag tone={status.tone}>{status.label}</PlainTag>}
    >
      {practice ? (
        <p className="cw-objectives__phase">
          Reaching a limit closes your positions and pauses trading; there is nothing to pass or fail.
        </p>
      ) : (
        <p className="cw-objectives__phase">{challengePhaseLine(challenge)}</p>
      )}
      {objectives.length > 0 ? (
        <ul
          className="cw-objectives__list"
          aria-label={practice ? 'Practice rules' : 'Objectives and limits'}
        >
          {objectives.map((objective) => (
            <ObjectiveRow
              key={objective.key}
              objective={objective}
              currency={currency}
              initial={initial}
              practice={practice}
            />
          ))}
        </ul>
      ) : (
        <p className="cw-objectives__empty">This phase has no objectives to show yet.</p>
      )}
      {challenge.events.length > 0 ? (
        <section className="cw-objectives__events" aria-label="Decisions">
          <h4 className="cw-objectives__events-title">Decisions</h4>
          <ol className="cw-objectives__event-list">
            {challenge.events.map((event) => {
              const title = challengeEventTitle(event, challenge.phase.count);
              return (
                <li key={event._id} className={`cw-objectives__event cw-objectives__event--${event.kind}`}>
                  <span className="cw-objectives__event-text">
                    <strong>{title}</strong>{' '}
                    <span className="cw-objectives__event-when">
                      at {formatGroupDateTime(event.at)}, equity {formatMoney(event.equity, currency)}
                    </span>
                  </span>
                  <EvidenceButton
                    evidence={evidence}
                    eventId={event._id}
                    label={`See the evidence: ${title}`}
                    small
                  >
                    Evidence
                  </EvidenceButton>
                </li>
              );
            })}
          </ol>
        </section>
      ) : null}
    </DeskCard>
  );
}

/** Drawn again when the account's objectives or challenge change, not on each price or clock tick. */
export const ObjectivesPanel = memo(ObjectivesPanelView);
