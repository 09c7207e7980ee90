import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useJournalDay } from '../api/journal-entries';
import type { JournalTrade } from '../api/journal-types';
import { formatPnl, pnlClass, sumByCurrency, useJournalTimeZone } from '../lib/journal-time';
import { EntryEditor } from './entry-editor';
import { TradeFormModal } from './trade-form-modal';
import { TradeSource, TradeTags } from './trade-tags';

const dayTitle = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** One day: its trades (times in the learner's zone, totals per currency) and its entry. */
export function DayPanel({ date }: { date: string }) {
  const day = useJournalDay(date);
  const timeZone = useJournalTimeZone();
  const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone });
  const [editing, setEditing] = useState<JournalTrade | null>(null);
  const [adding, setAdding] = useState(false);
  const totals = sumByCurrency(
    day.data?.trades ?? [],
    (trade) => trade.pnl,
    (trade) => trade.currency,
  );

  return (
    <section className="cw-journal-day" aria-labelledby="cw-journal-day-title">
      <h2 id="cw-journal-day-title" className="cw-journal-day__title">
        {dayTitle.format(new Date(`${date}T00:00:00Z`))}
      </h2>
      {day.error ? (
        <Alert
          type="error"
          showIcon
          message={day.error.message}
          action={<Button onClick={() => void day.refetch()}>Try again</Button>}
        />
      ) : day.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} aria-label="Loading the day" />
      ) : (
        <>
          <div className="cw-journal-day__trades">
            <div className="cw-journal-day__trades-head">
              <h3>
                Trades{' '}
                {totals.map((total) => (
                  <span key={total.currency} className={`cw-journal-day__total ${pnlClass(total.total)}`}>
                    {formatPnl(total.total, total.currency)}
                  </span>
                ))}
              </h3>
              <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                Add trade
              </Button>
            </div>
            {day.data.trades.length === 0 ? (
              <p className="cw-journal-muted">No trades on this day. Add one, or import a file.</p>
            ) : (
              <ul className="cw-journal-day__list">
                {day.data.trades.map((trade) => (
                  <li key={trade._id}>
                    <button type="button" className="cw-journal-day__trade" onClick={() => setEditing(trade)}>
                      <span className="cw-journal-day__symbol">
                        {trade.symbol} <small>{trade.side}</small>
                      </span>
                      <span className="cw-journal-muted">
                        {trade.quantity} @ {trade.entryPrice} → {trade.exitPrice ?? 'open'} ·{' '}
                        {timeFormat.format(new Date(trade.entryTime))}
                      </span>
                      <span className={pnlClass(trade.pnl)}>{formatPnl(trade.pnl, trade.currency)}</span>
                      <TradeSource trade={trade} />
                      <TradeTags trade={trade} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <h3>Entry</h3>
          <EntryEditor day={day.data} />
        </>
      )}
      <TradeFormModal
        open={adding || Boolean(editing)}
        trade={editing}
        defaultDate={date}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
    </section>
  );
}
