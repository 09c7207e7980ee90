import { Alert, Button, Popconfirm, Skeleton } from 'antd';
import { Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header/page-header';
import { DrillBanner } from '@/features/courses'; // #42 drills
import { ApiError } from '@/lib/api-client';
import { useNow } from '@/lib/use-now';
import { usePracticeCandles, usePracticeSession } from '../api/get-practice-session';
import { useDriveClock, useEndPracticeSession } from '../api/practice-actions';
import { DecisionLog } from '../components/decision-log';
import { PracticeBook } from '../components/practice-book';
import { type ChartLevel, PracticeChart } from '../components/practice-chart';
import { PracticeControls } from '../components/practice-controls';
import { PracticeTicket } from '../components/practice-ticket';
import { shownReplayedTime } from '../lib/replayed-clock';
import './practice.css';

/** /practice/:sessionId: the replay desk — chart, clock and controls, ticket, book and decision log. */
export default function PracticeSessionPage() {
  const { sessionId = '' } = useParams();
  const session = usePracticeSession(sessionId);
  const playing = session.data?.state === 'playing';
  const candles = usePracticeCandles(sessionId, playing);
  const clock = useDriveClock(sessionId);
  const end = useEndPracticeSession(sessionId);
  const now = useNow(250, playing);

  if (session.isPending)
    return (
      <div className="cw-practice">
        <PageHeader title="Practice replay" />
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  if (session.isError)
    return (
      <div className="cw-practice">
        <PageHeader title="Practice replay" />
        <Alert
          type="error"
          showIcon
          title={
            session.error instanceof ApiError && session.error.status === 404
              ? 'We could not find that practice replay.'
              : 'The practice replay could not be loaded.'
          }
          action={<Link to="/practice">All replays</Link>}
        />
      </div>
    );

  const data = session.data;
  const replayedTime = shownReplayedTime(data, session.dataUpdatedAt, now);
  const pnl = data.pnl;
  const levels: ChartLevel[] = [
    ...data.positions.flatMap((position) => [
      { price: position.averagePrice, title: 'Entry', kind: 'entry' as const },
      ...(position.stopLoss === null
        ? []
        : [{ price: position.stopLoss, title: 'SL', kind: 'stop' as const }]),
      ...(position.takeProfit === null
        ? []
        : [{ price: position.takeProfit, title: 'TP', kind: 'target' as const }]),
    ]),
    ...data.openOrders.map((order) => ({
      price: order.price,
      title: `${order.side === 'buy' ? 'Buy' : 'Sell'} ${order.type}`,
      kind: 'order' as const,
    })),
  ];
  return (
    <div className="cw-practice">
      <PageHeader
        title={`Practice replay · ${data.symbol}`}
        description={`${data.instrument.name}, ${data.day} (UTC)`}
      />
      <div className="cw-practice__top">
        <Link to="/practice">← All replays</Link>
        <span className="cw-practice__money">
          Equity{' '}
          <strong>
            {data.equity.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
          </strong>{' '}
          {data.currency} · P&amp;L{' '}
          <strong className={pnl >= 0 ? 'cw-practice__profit' : 'cw-practice__loss'}>
            {pnl.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
          </strong>
        </span>
        {data.state !== 'ended' ? (
          <Popconfirm
            title="End this practice replay?"
            description="Open positions close at the replayed price and pending orders are cancelled."
            okText="End session"
            onConfirm={() => end.mutate()}
          >
            <Button danger loading={end.isPending}>
              End session
            </Button>
          </Popconfirm>
        ) : null}
      </div>
      {/* #42 drills: the task, rules and "Finish and score" of a replay that is a drill attempt */}
      <Suspense fallback={null}>
        <DrillBanner session={data} replayedTime={replayedTime} />
      </Suspense>
      <PracticeControls
        session={data}
        replayedTime={replayedTime}
        busy={clock.isPending}
        onAction={(action) => clock.mutate(action)}
      />
      <div className="cw-practice__desk">
        <div className="cw-practice__main">
          {candles.isError ? (
            <Alert type="error" showIcon title="The chart could not be loaded." />
          ) : (
            <PracticeChart
              symbol={data.symbol}
              candles={candles.data?.candles ?? []}
              tickSize={data.instrument.tickSize}
              levels={levels}
            />
          )}
          <PracticeBook session={data} />
        </div>
        <aside className="cw-practice__side">
          <PracticeTicket session={data} />
          <DecisionLog session={data} />
        </aside>
      </div>
    </div>
  );
}
