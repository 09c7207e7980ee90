import type { Drill, DrillAttempt } from '@candlewise/shared/courses/drill-contract';
import type { PracticeSession } from '@candlewise/shared/practice/practice-contract';
import { Alert, Button } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ApiError } from '@/lib/api-client';
import { useSessionDrill } from '../api/get-session-drill';
import { useScoreDrillAttempt } from '../api/score-drill-attempt';
import { DrillRules } from './drill-rules';
import './drill.css';

const MINUTE_MS = 60_000;

/** What the open book breaks right now (cheap checks on the screen; the score checks the fills). */
export function liveDrillWarnings(drill: Drill, session: PracticeSession, replayedTime: number): string[] {
  const warnings: string[] = [];
  const limit = drill.maxRiskPercent === null ? null : (drill.startingBalance * drill.maxRiskPercent) / 100;
  for (const position of session.positions) {
    if (drill.direction === 'long' && position.quantity < 0)
      warnings.push('You are short in a long-only drill.');
    if (drill.direction === 'short' && position.quantity > 0)
      warnings.push('You are long in a short-only drill.');
    if (drill.stopRequired && position.stopLoss === null)
      warnings.push('Your position has no stop-loss: this drill needs one on every entry.');
    if (limit !== null && position.stopLoss !== null) {
      const risk =
        Math.abs(position.averagePrice - position.stopLoss) *
        Math.abs(position.quantity) *
        session.instrument.contractSize;
      if (risk > limit + 0.005)
        warnings.push(
          `Your position risks ${risk.toLocaleString('en', { maximumFractionDigits: 2 })} ${session.currency}, more than ${limit.toLocaleString('en')} allowed.`,
        );
    }
  }
  if (drill.timeLimitMinutes !== null) {
    const deadline = Date.parse(`${drill.day}T${drill.startAt}:00Z`) + drill.timeLimitMinutes * MINUTE_MS;
    if (replayedTime > deadline && session.positions.length)
      warnings.push(`The ${drill.timeLimitMinutes}-minute time limit has passed: close your position.`);
  }
  return warnings;
}

/**
 * The drill banner on the practice session screen: the task, the rules, live warnings and "Finish
 * and score" (a replay that ends on its own is scored too). Renders nothing for a plain replay.
 */
export function DrillBanner({ session, replayedTime }: { session: PracticeSession; replayedTime: number }) {
  const found = useSessionDrill(session._id);
  if (!found.data) return null;
  return (
    <DrillBannerBody
      drill={found.data.drill}
      attempt={found.data.attempt}
      session={session}
      replayedTime={replayedTime}
    />
  );
}

function DrillBannerBody({
  drill,
  attempt,
  session,
  replayedTime,
}: {
  drill: Drill;
  attempt: DrillAttempt;
  session: PracticeSession;
  replayedTime: number;
}) {
  const score = useScoreDrillAttempt(drill._id);
  const navigate = useNavigate();
  const resultPath = `/courseVideos/${encodeURIComponent(drill.courseId)}?drill=${encodeURIComponent(drill._id)}`;
  const finish = () =>
    score.mutate(attempt._id, {
      onSuccess: (scored) => {
        toast.success(scored.passed ? 'Drill passed.' : 'Drill scored.');
        void navigate(resultPath);
      },
      onError: (error) =>
        toast.error(
          error instanceof ApiError ? error.message : 'The drill could not be scored. Please try again.',
        ),
    });
  // A replay that ended on its own (the day ran out, or End session) is scored once.
  const scoredOnEnd = useRef(false);
  const ended = session.state === 'ended';
  useEffect(() => {
    if (ended && attempt.state === 'running' && !scoredOnEnd.current) {
      scoredOnEnd.current = true;
      score.mutate(attempt._id);
    }
  }, [ended, attempt.state, attempt._id, score]);

  const warnings =
    attempt.state === 'running' && !ended ? liveDrillWarnings(drill, session, replayedTime) : [];
  const scored = attempt.state === 'scored' || score.data;
  return (
    <section className="cw-drill-banner" aria-label="Drill">
      <div className="cw-drill-banner__head">
        <div>
          <p className="cw-drill__eyebrow">Drill</p>
          <h2 className="cw-drill-banner__title">{drill.title}</h2>
        </div>
        {scored ? (
          <Link to={resultPath}>See your result</Link>
        ) : (
          <Button type="primary" loading={score.isPending} onClick={finish}>
            Finish and score
          </Button>
        )}
      </div>
      <p className="cw-drill__task">{drill.task}</p>
      <DrillRules drill={drill} />
      {warnings.length ? (
        <Alert
          type="warning"
          showIcon
          role="status"
          title="This breaks the drill’s rules"
          description={
            <ul className="cw-drill__warnings">
              {warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          }
        />
      ) : null}
    </section>
  );
}
