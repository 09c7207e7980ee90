import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import { Suspense, useState } from 'react';
import { lazyAntd } from '@/components/antd-provider/lazy-antd';
import { PartBoundary } from '@/components/plain/part-boundary';
import { PlainAlert } from '@/components/plain/plain-alert';
import { PlainButton } from '@/components/plain/plain-button';
import { PlainSkeleton } from '@/components/plain/plain-skeleton';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import { useJournalDay } from '../api/journal-entries';
import type { JournalTrade } from '../api/journal-types';
import { formatPnl, pnlClass, sumByCurrency, useJournalTimeZone } from '../lib/journal-time';
import { EntryEditor } from './entry-editor';
import { TradeSource, TradeTags } from './trade-tags';

// The entry's form is plain markup, a few kilobytes, and comes with the page: the day paints with
// its form, with no placeholder to swap and no request after the paint. The trade dialog is antd's
// (Form, Modal): it loads inside antd's theme when it is about to open (ADR 021).
const TradeFormModal = lazyAntd(() => import('./trade-form-modal').then((module) => module.TradeFormModal));

const dayTitle = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * One day: its trades (times in the learner's zone, totals per currency) and its entry. The panel
 * and the entry editor are plain markup; the trade dialog is fetched with antd.
 */
export function DayPanel({ date }: { date: string }) {
  const day = useJournalDay(date);
  const timeZone = useJournalTimeZone();
  const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone });
  const [editing, setEditing] = useState<JournalTrade | null>(null);
  const [adding, setAdding] = useState(false);
  // The dialog is mounted from its first opening on, so that it can close with antd's animation.
  const [dialogUsed, setDialogUsed] = useState(false);
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
        <PlainAlert message={day.error.message} onRetry={() => void day.refetch()} />
      ) : day.isPending ? (
        <PlainSkeleton rows={8} label="Loading the day" />
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
              <PlainButton
                icon={<SvgIcon icon={PlusOutlined} />}
                onPointerEnter={preloadDialog}
                onFocus={preloadDialog}
                onClick={() => {
                  setDialogUsed(true);
                  setAdding(true);
                }}
              >
                Add trade
              </PlainButton>
            </div>
            {day.data.trades.length === 0 ? (
              <p className="cw-journal-muted">No trades on this day. Add one, or import a file.</p>
            ) : (
              <ul className="cw-journal-day__list">
                {day.data.trades.map((trade) => (
                  <li key={trade._id}>
                    <button
                      type="button"
                      className="cw-journal-day__trade"
                      onPointerEnter={preloadDialog}
                      onFocus={preloadDialog}
                      onClick={() => {
                        setDialogUsed(true);
                        setEditing(trade);
                      }}
                    >
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
      {dialogUsed ? (
        <PartBoundary what="trade form">
          <Suspense fallback={null}>
            <TradeFormModal
              open={adding || Boolean(editing)}
              trade={editing}
              defaultDate={date}
              onClose={() => {
                setAdding(false);
                setEditing(null);
              }}
            />
          </Suspense>
        </PartBoundary>
      ) : null}
    </section>
  );
}

/** Fetches the trade dialog's code when a control that opens it is pointed at or focused. */
function preloadDialog() {
  TradeFormModal.preload().catch(() => undefined);
}
