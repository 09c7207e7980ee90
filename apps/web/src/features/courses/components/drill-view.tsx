import type { Drill, DrillAttempt } from '@candlewise/shared/courses/drill-contract';
import { Alert, Button, Empty, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { type ChartLevel, PracticeChart } from '@/features/practice';
import { ApiError } from '@/lib/api-client';
import { useDrill } from '../api/get-drill';
import { useScoreDrillAttempt } from '../api/score-drill-attempt';
import { useStartDrill } from '../api/start-drill';
import { DrillRules, formatR } from './drill-rules';
import './drill.css';

/**
 * ?drill=<id> on the course page: the drill's task and rules, Start / Retry (a practice replay at the
 * drill's minute, opened with the drill banner), and the learner's attempts with their results and charts.
 */
export function DrillView({ drillId }: { drillId: string }) {
  const detail = useDrill(drillId);
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (detail.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={
          detail.error instanceof ApiError && detail.error.status === 404
            ? 'We could not find that drill.'
            : 'The drill could not be loaded.'
        }
        action={<Button onClick={() => void detail.refetch()}>Try again</Button>}
      />
    );
  const { drill, attempts } = detail.data;
  return <DrillPanel drill={drill} attempts={attempts} />;
}

function DrillPanel({ drill, attempts }: { drill: Drill; attempts: DrillAttempt[] }) {
  const start = useStartDrill(drill._id);
  const score = useScoreDrillAttempt(drill._id);
  const navigate = useNavigate();
  const running = attempts.find((attempt) => attempt.state === 'running' && attempt.sessionId);
  const begin = () =>
    start.mutate(undefined, {
      onSuccess: ({ sessionId }) => void navigate(`/practice/${encodeURIComponent(sessionId)}`),
      onError: (error) =>
        toast.error(
          error instanceof ApiError ? error.message : 'The drill could not start. Please try again.',
        ),
    });
  return (
    <article className="cw-drill" aria-labelledby="cw-drill-title">
      <div className="cw-drill__head">
        <div>
          <p className="cw-drill__eyebrow">
            Drill · {drill.symbol} · {drill.day} from {drill.startAt} UTC
          </p>
          <h2 id="cw-drill-title" className="cw-drill__title">
            {drill.title}
          </h2>
        </div>
        <div className="cw-drill__head">
          {running ? (
            <>
              <Link to={`/practice/${encodeURIComponent(running.sessionId!)}`}>Continue the attempt</Link>
              <Button loading={score.isPending} onClick={() => score.mutate(running._id)}>
                Finish and score
              </Button>
            </>
          ) : (
            <Button type="primary" loading={start.isPending} onClick={begin}>
              {attempts.length ? 'Retry' : 'Start'}
            </Button>
          )}
        </div>
      </div>
      <p className="cw-drill__task">{drill.task}</p>
      <section aria-label="Rules">
        <h3 className="cw-drill__section-title">Rules</h3>
        <DrillRules drill={drill} />
      </section>
      <section aria-label="Your attempts">
        <h3 className="cw-drill__section-title">Your attempts</h3>
        {attempts.length ? (
          <ol className="cw-drill__attempts">
            {attempts.map((attempt, index) => (
              <AttemptCard
                key={attempt._id}
                drill={drill}
                attempt={attempt}
                number={attempts.length - index}
              />
            ))}
          </ol>
        ) : (
          <Empty description="No attempts yet. Start the drill to trade the day from its minute." />
        )}
      </section>
    </article>
  );
}

function AttemptCard({ drill, attempt, number }: { drill: Drill; attempt: DrillAttempt; number: number }) {
  const [chartOpen, setChartOpen] = useState(number === 1 && attempt.state === 'scored');
  const started = new Date(attempt.startedAt).toLocaleString();
  if (attempt.state === 'running')
    return (
      <li className="cw-drill__attempt">
        <strong>
          Attempt {number} · started {started}
        </strong>
        <span>In progress.</span>
      </li>
    );
  const levels: ChartLevel[] = attempt.fills.map((fill) => ({
    price: fill.price,
    title: `${fill.side === 'buy' ? 'Buy' : 'Sell'} ${fill.quantity} (${fill.reason.replace('_', ' ')})`,
    kind: fill.reason === 'stop_loss' ? 'stop' : fill.reason === 'take_profit' ? 'target' : 'entry',
  }));
  return (
    <li className="cw-drill__attempt">
      <div className="cw-drill__head">
        <strong>
          Attempt {number} · {started}
        </strong>
        {attempt.passed ? <Tag color="success">Passed</Tag> : <Tag color="error">Not passed</Tag>}
      </div>
      <p className="cw-drill__figures">
        <span>
          Score <strong>{attempt.score ?? 0}</strong>/100
        </span>
        <span>
          Best <strong>{formatR(attempt.rBest)}</strong> of {drill.targetR}R
        </span>
        <span>
          Final <strong>{formatR(attempt.rFinal)}</strong>
        </span>
        <span>
          MAE <strong>{formatR(attempt.mae)}</strong>
        </span>
        <span>
          MFE <strong>{formatR(attempt.mfe)}</strong>
        </span>
      </p>
      {attempt.fills.length === 0 ? <p className="cw-drill__task">No trade was made.</p> : null}
      {attempt.breaches.length ? (
        <ul className="cw-drill__breaches" aria-label="Rules broken">
          {attempt.breaches.map((breach) => (
            <li key={breach.rule}>{breach.message}</li>
          ))}
        </ul>
      ) : null}
      {attempt.chart.length ? (
        <>
          <Button size="small" aria-expanded={chartOpen} onClick={() => setChartOpen((open) => !open)}>
            {chartOpen ? 'Hide chart' : 'Show chart'}
          </Button>
          {chartOpen ? (
            <div className="cw-drill-chart">
              <PracticeChart symbol={drill.symbol} candles={attempt.chart} tickSize={0.01} levels={levels} />
            </div>
          ) : null}
        </>
      ) : null}
    </li>
  );
}
