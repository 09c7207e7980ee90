import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { type CSSProperties, Suspense, useState } from 'react';
import { AfterPaint, lazyAntd } from '@/components/antd-provider/lazy-antd';
import { PartBoundary } from '@/components/plain/part-boundary';
import { PlainAlert } from '@/components/plain/plain-alert';
import { PlainButton } from '@/components/plain/plain-button';
import { PlainSkeleton } from '@/components/plain/plain-skeleton';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import { useMediaQuery } from '@/lib/use-media-query';
import { useJournalCalendar } from '../api/journal-entries';
import type { CalendarDay } from '../api/journal-types';
import { formatPnl } from '../lib/journal-time';

// antd's Select, shared with the statistics tab; only a journal in several currencies shows it.
const CurrencySelect = lazyAntd(() => import('./currency-select').then((module) => module.CurrencySelect));

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** A phone's day cell is ~40 px wide: "+12.3K", "−988"; the day's panel has the exact amount. */
const PHONE_QUERY = '(max-width: 480px)';
const short = new Intl.NumberFormat('en', { notation: 'compact', maximumSignificantDigits: 3 });
const shortPnl = (value: number) =>
  value === 0 ? '0' : `${value > 0 ? '+' : '−'}${short.format(Math.abs(value))}`;

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export function shiftMonth(month: string, by: number): string {
  const [year, index] = month.split('-').map(Number);
  return new Date(Date.UTC(year, index - 1 + by, 1)).toISOString().slice(0, 7);
}

/** The cells of a month, Monday first, with blanks before the 1st. */
function monthCells(month: string): Array<string | null> {
  const [year, index] = month.split('-').map(Number);
  const first = new Date(Date.UTC(year, index - 1, 1));
  const days = new Date(Date.UTC(year, index, 0)).getUTCDate();
  const blanks = (first.getUTCDay() + 6) % 7;
  return [
    ...Array.from({ length: blanks }, () => null),
    ...Array.from({ length: days }, (_, day) => `${month}-${String(day + 1).padStart(2, '0')}`),
  ];
}

/** Green for a profitable day, red for a losing one, stronger with the size relative to the month's largest. */
function tone(day: CalendarDay | undefined, largest: number): string | undefined {
  if (!day || day.trades === 0 || day.netPnl === 0) return undefined;
  const strength = Math.round(25 + 55 * Math.min(1, Math.abs(day.netPnl) / largest));
  // The fills, not the text colours: the day's number and P&L stay readable on the strongest tint.
  const colour = day.netPnl > 0 ? 'var(--cw-color-profit-fill)' : 'var(--cw-color-loss-fill)';
  return `color-mix(in srgb, ${colour} ${strength}%, transparent)`;
}

/**
 * The month calendar coloured by P&L in one currency (the main one unless chosen); a day opens its
 * entry and trades. Plain markup, /journal's first view (ADR 021); the currency choice is antd's.
 */
export function JournalCalendar({
  month,
  onMonthChange,
  selected,
  onSelect,
  today,
}: {
  month: string;
  onMonthChange: (month: string) => void;
  selected: string | null;
  onSelect: (date: string) => void;
  today: string;
}) {
  const [currency, setCurrency] = useState<string | undefined>();
  const phone = useMediaQuery(PHONE_QUERY);
  const calendar = useJournalCalendar(month, currency);
  const byDate = new Map((calendar.data?.days ?? []).map((day) => [day.date, day]));
  const largest = Math.max(1, ...(calendar.data?.days ?? []).map((day) => Math.abs(day.netPnl)));
  const monthPnl = (calendar.data?.days ?? []).reduce((sum, day) => sum + day.netPnl, 0);
  const monthTrades = (calendar.data?.days ?? []).reduce((sum, day) => sum + day.trades, 0);
  const label = monthName.format(new Date(`${month}-01T00:00:00Z`));

  return (
    <section className="cw-journal-calendar" aria-labelledby="cw-journal-month">
      <div className="cw-journal-calendar__bar">
        <PlainButton
          icon={<SvgIcon icon={LeftOutlined} />}
          aria-label="Previous month"
          className="cw-journal-calendar__step"
          onClick={() => onMonthChange(shiftMonth(month, -1))}
        />
        <h2 id="cw-journal-month" className="cw-journal-calendar__month">
          {label}
        </h2>
        <PlainButton
          icon={<SvgIcon icon={RightOutlined} />}
          aria-label="Next month"
          className="cw-journal-calendar__step"
          onClick={() => onMonthChange(shiftMonth(month, 1))}
        />
        <span className="cw-journal-calendar__total" data-testid="month-pnl">
          {monthTrades} trade{monthTrades === 1 ? '' : 's'} ·{' '}
          <strong className={monthPnl > 0 ? 'cw-journal-profit' : monthPnl < 0 ? 'cw-journal-loss' : ''}>
            {formatPnl(monthPnl, calendar.data?.currency)}
          </strong>
        </span>
        {calendar.data && calendar.data.currencies.length > 1 ? (
          <PartBoundary what="currency choice">
            {/* The select's own size while its code loads, so the bar does not move. */}
            <AfterPaint fallback={<span className="cw-journal-currency cw-journal-currency--loading" />}>
              <Suspense fallback={<span className="cw-journal-currency cw-journal-currency--loading" />}>
                <CurrencySelect
                  currencies={calendar.data.currencies}
                  value={calendar.data.currency}
                  onChange={setCurrency}
                />
              </Suspense>
            </AfterPaint>
          </PartBoundary>
        ) : null}
      </div>
      {calendar.error ? (
        <PlainAlert message={calendar.error.message} onRetry={() => void calendar.refetch()} />
      ) : calendar.isPending ? (
        <div
          className="cw-journal-calendar__loading"
          style={{ '--cw-calendar-weeks': Math.ceil(monthCells(month).length / 7) } as CSSProperties}
        >
          <PlainSkeleton rows={6} label="Loading the calendar" />
        </div>
      ) : (
        <div className="cw-journal-calendar__grid">
          <div className="cw-journal-calendar__row" aria-hidden="true">
            {WEEKDAYS.map((weekday) => (
              <div key={weekday} className="cw-journal-calendar__weekday">
                {weekday}
              </div>
            ))}
          </div>
          {chunk(monthCells(month), 7).map((week) => (
            <div className="cw-journal-calendar__row" key={week.find(Boolean) ?? 'blank'}>
              {week.map((date, index) => {
                // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have no identity but their place
                if (!date) return <div key={`blank-${index}`} className="cw-journal-calendar__blank" />;
                const day = byDate.get(date);
                // The accessible name starts with the day's visible number (WCAG 2.5.3): "2 November
                // 2026: 2 trades, +50, entry written", the P&L read from its visible text.
                const trades = day?.trades
                  ? `${day.trades} trade${day.trades === 1 ? '' : 's'}, `
                  : 'no trades';
                const entry = day?.hasEntry ? ', entry written' : '';
                return (
                  <div key={date}>
                    <button
                      type="button"
                      className={[
                        'cw-journal-calendar__day',
                        date === selected ? 'is-selected' : '',
                        date === today ? 'is-today' : '',
                      ].join(' ')}
                      style={{ background: tone(day, largest) }}
                      onClick={() => onSelect(date)}
                      aria-pressed={date === selected}
                      data-date={date}
                    >
                      <span className="cw-journal-calendar__date">{Number(date.slice(8))}</span>
                      <span className="cw-visually-hidden">{` ${monthName.format(new Date(`${date}T00:00:00Z`))}: ${trades}`}</span>
                      {day?.hasEntry ? (
                        <span className="cw-journal-calendar__entry" aria-hidden="true">
                          ✎
                        </span>
                      ) : null}
                      {day?.trades ? (
                        <span className="cw-journal-calendar__pnl">
                          {phone ? shortPnl(day.netPnl) : formatPnl(day.netPnl)}
                        </span>
                      ) : null}
                      {entry ? <span className="cw-visually-hidden">{entry}</span> : null}
                    </button>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

function chunk<T>(items: T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    const row = items.slice(start, start + size);
    while (row.length < size) row.push(null as T);
    rows.push(row);
  }
  return rows;
}
