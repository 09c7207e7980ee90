import BookOutlined from '@ant-design/icons-svg/es/asn/BookOutlined';
import FireOutlined from '@ant-design/icons-svg/es/asn/FireOutlined';
import { useId } from 'react';
import { Link } from 'react-router';
import { PlainSkeleton } from '@/components/plain/plain-skeleton';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import { useJournalSummary } from '../api/get-journal-summary';
import './journal-card.css';
import { DashboardLoadFailed } from './dashboard-load-failed';

let money: Intl.NumberFormat | undefined;
/**
 * Made on first use, not at module load: a page's first number formatter costs ICU's start-up
 * (~55 ms of a 4×-throttled profile of /home), which would lengthen the app's boot task.
 */
function formatMoney(value: number): string {
  money ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
  return money.format(value);
}

/** /home: the journal streak (docs/architecture.md §Public pages and /home), today's entry and this month's P&L. */
export function JournalCard() {
  const summary = useJournalSummary();
  const headingId = useId();
  return (
    <section className="cw-plain-card cw-dashboard-journal" aria-labelledby={headingId}>
      <h2 id={headingId} className="cw-dashboard-journal__heading">
        <SvgIcon icon={BookOutlined} className="cw-dashboard-journal__icon" />
        Your journal
      </h2>
      {summary.isPending ? (
        <PlainSkeleton rows={2} label="Loading your journal" />
      ) : summary.error ? (
        <DashboardLoadFailed
          what="your journal"
          error={summary.error}
          onRetry={() => void summary.refetch()}
        />
      ) : (
        <div className="cw-dashboard-journal__body">
          <p className="cw-dashboard-journal__streak">
            <SvgIcon icon={FireOutlined} /> {summary.data.entryStreak}-day streak
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
              {formatMoney(Math.abs(summary.data.monthNetPnl))} {summary.data.currency}
            </span>
          </p>
          <Link to={`/journal?tab=calendar&date=${summary.data.today}`}>
            {summary.data.wroteToday ? "Open today's entry" : "Write today's entry"}
          </Link>
        </div>
      )}
    </section>
  );
}
