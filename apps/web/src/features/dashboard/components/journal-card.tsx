import { BookOutlined, FireOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useJournalSummary } from '../api/get-journal-summary';
import './journal-card.css';

const money = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** /home: the journal streak (DESIGN §16), today's entry and this month's P&L. */
export function JournalCard() {
  const summary = useJournalSummary();
  return (
    <Card className="cw-dashboard-journal">
      <h2 className="cw-dashboard-journal__heading">
        <BookOutlined aria-hidden="true" className="cw-dashboard-journal__icon" />
        Your journal
      </h2>
      {summary.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} aria-label="Loading your journal" />
      ) : summary.error ? (
        <div>
          <p>We could not load your journal. {summary.error.message}</p>
          <Button onClick={() => void summary.refetch()}>Try again</Button>
        </div>
      ) : (
        <div className="cw-dashboard-journal__body">
          <p className="cw-dashboard-journal__streak">
            <FireOutlined aria-hidden="true" /> {summary.data.entryStreak}-day streak
            {summary.data.wroteToday ? ' · today is written' : ''}
          </p>
          <p className="cw-dashboard-journal__month">
            This month: {summary.data.monthTrades} trade{summary.data.monthTrades === 1 ? '' : 's'},{' '}
            <span
              className={
                summary.data.monthNetPnl > 0
                  ? 'cw-dashboard-journal__profit'
                  : summary.data.monthNetPnl < 0
                    ? 'cw-dashboard-journal__loss'
                    : ''
              }
            >
              {summary.data.monthNetPnl > 0 ? '+' : summary.data.monthNetPnl < 0 ? '−' : ''}
              {money.format(Math.abs(summary.data.monthNetPnl))} {summary.data.currency}
            </span>
          </p>
          <Link to={`/journal?tab=calendar&date=${summary.data.today}`}>
            {summary.data.wroteToday ? "Open today's entry" : "Write today's entry"}
          </Link>
        </div>
      )}
    </Card>
  );
}
