import {
  type BreakdownRow,
  type ExcursionRow,
  isLockedSection,
  type LockedSection as LockedData,
} from '@candlewise/shared';
import { Alert, Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { PractiseNextCard } from '@/features/courses';
import { useJournalStatistics, useJournalTrades } from '../api/journal-trades';
import type { JournalStatisticsView, TradeFilters } from '../api/journal-types';
import { formatNumber, formatPnl, pnlClass } from '../lib/journal-time';
import { BarChart } from './bar-chart';
import { CurrencySelect } from './currency-select';
import { EquityCurveChart } from './equity-curve-chart';
import { LockedSection } from './locked-section';
import { TradeFiltersBar } from './trade-filters-bar';

const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function profitFactor(stats: JournalStatisticsView) {
  if (stats.profitFactor !== null) return stats.profitFactor.toFixed(2);
  return stats.profitFactorInfinite ? '∞' : '—';
}

/** A Pro section: its content, or the locked card with the upgrade link for a free learner. */
function proSection<T>(title: string, section: T | LockedData, render: (data: T) => ReactNode) {
  return isLockedSection(section) ? <LockedSection key={title} title={title} /> : render(section);
}

const breakdownBars = (rows: BreakdownRow[]) =>
  rows.slice(0, 12).map((row) => ({ label: row.key, value: row.netPnl, detail: `${row.trades} trades` }));

/** A figure averaged over its own sample, the sample size beside it. */
const averaged = (value: number | null, sample: number, format: (value: number) => string) =>
  value === null ? '—' : `${format(value)} (n = ${sample})`;

/** MAE/MFE and R of each group (setup, hour, tag), each beside the number of trades it is taken over. */
function ExcursionTable({
  title,
  keyTitle,
  rows,
  currency,
}: {
  title: string;
  keyTitle: string;
  rows: ExcursionRow[];
  currency: string;
}) {
  return (
    <Card size="small" className="cw-journal-card cw-journal-card--wide" title={title}>
      {rows.length === 0 ? (
        <p className="cw-journal-muted">No closed trades here yet.</p>
      ) : (
        <div className="cw-journal-table-scroll">
          <table className="cw-journal-drawdowns" aria-label={title}>
            <thead>
              <tr>
                <th scope="col">{keyTitle}</th>
                <th scope="col">Trades</th>
                <th scope="col">Average MAE ({currency})</th>
                <th scope="col">Average MFE ({currency})</th>
                <th scope="col">Average R</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <td>{keyTitle === 'Hour opened' ? `${row.key}:00` : row.key}</td>
                  <td>{row.trades}</td>
                  <td>{averaged(row.averageMae, row.excursionTrades, (value) => formatNumber(value))}</td>
                  <td>{averaged(row.averageMfe, row.excursionTrades, (value) => formatNumber(value))}</td>
                  <td>{averaged(row.averageR, row.rTrades, (value) => `${formatNumber(value)}R`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

/**
 * The numbers of docs/architecture.md §Journal for the filtered trades in one currency (never two added), the equity
 * curve and the breakdowns; the last two are Pro and show locked with the upgrade link otherwise.
 */
export function StatisticsDashboard() {
  const [filters, setFilters] = useState<TradeFilters>({});
  const [currency, setCurrency] = useState<string | undefined>();
  const stats = useJournalStatistics({ ...filters, currency });
  const facets = useJournalTrades({ sort: 'date', order: 'desc', page: 1, pageSize: 1 }).data?.facets;
  const data = stats.data;
  const money = (value: number | null) => formatPnl(value, data?.currency);

  const figures = data
    ? [
        { label: 'Net P&L', value: money(data.netPnl), tone: pnlClass(data.netPnl) },
        { label: 'Trades', value: `${data.trades}${data.openTrades ? ` (+${data.openTrades} open)` : ''}` },
        { label: 'Win rate', value: percent(data.winRate) },
        { label: 'Profit factor', value: profitFactor(data) },
        { label: 'Expectancy', value: money(data.expectancy), tone: pnlClass(data.expectancy) },
        {
          label: 'Expectancy (R)',
          value: data.expectancyR === null ? '—' : `${data.expectancyR.toFixed(2)}R`,
          hint: `${data.tradesWithRisk} trade${data.tradesWithRisk === 1 ? '' : 's'} with a stop`,
        },
        { label: 'Average win', value: money(data.averageWin), tone: pnlClass(data.averageWin) },
        { label: 'Average loss', value: money(data.averageLoss), tone: pnlClass(data.averageLoss) },
        { label: 'Max drawdown', value: data.maxDrawdown ? money(-data.maxDrawdown) : money(0) },
        {
          label: 'Longest streaks',
          value: `${plural(data.longestWinStreak, 'win', 'wins')} · ${plural(data.longestLossStreak, 'loss', 'losses')}`,
        },
      ]
    : [];

  return (
    <section aria-label="Statistics" className="cw-journal-stats">
      <TradeFiltersBar
        value={filters}
        onChange={setFilters}
        symbols={facets?.symbols ?? []}
        tags={[...new Set([...(facets?.setupTags ?? []), ...(facets?.mistakeTags ?? [])])]}
      />
      {data ? (
        <div className="cw-journal-stats__currency">
          <CurrencySelect currencies={data.currencies} value={data.currency} onChange={setCurrency} />
          <span className="cw-journal-muted">
            Amounts in {data.currency}; days and hours in {data.timeZone}.
          </span>
        </div>
      ) : null}
      {stats.error ? (
        <Alert type="error" showIcon message={stats.error.message} />
      ) : !data ? (
        <Skeleton active title={false} paragraph={{ rows: 8 }} aria-label="Loading statistics" />
      ) : (
        <>
          <dl className="cw-journal-figures" data-testid="journal-figures">
            {figures.map((figure) => (
              <div key={figure.label} className="cw-journal-figure">
                <dt>{figure.label}</dt>
                <dd className={figure.tone}>{figure.value}</dd>
                {figure.hint ? (
                  <dd className="cw-journal-muted cw-journal-figure__hint">{figure.hint}</dd>
                ) : null}
              </div>
            ))}
          </dl>
          <PractiseNextCard currency={data.currency} />
          {proSection('Equity curve', data.equityCurve, (points) => (
            <Card title="Equity curve" size="small" className="cw-journal-card">
              <EquityCurveChart points={points} />
            </Card>
          ))}
          {data.breakdownsLocked ? (
            <LockedSection title="Breakdowns by tag, symbol, side, size, price, holding time, R, month, weekday and hour" />
          ) : (
            <div className="cw-journal-breakdowns">
              {proSection('P&L distribution', data.pnlDistribution, (buckets) => (
                <Card size="small" className="cw-journal-card">
                  <BarChart
                    title="P&L distribution (trades per bucket)"
                    format={(value) => String(value)}
                    bars={buckets.map((bucket) => ({
                      label: `${formatNumber(bucket.from, 0)}…${formatNumber(bucket.to, 0)}`,
                      value: bucket.trades,
                      // Losing buckets red, winning green, one across zero neither.
                      tone: bucket.to <= 0 ? 'loss' : bucket.from >= 0 ? 'profit' : 'even',
                    }))}
                  />
                </Card>
              ))}
              {proSection('P&L by weekday', data.byWeekday, (rows) => (
                <Card size="small" className="cw-journal-card">
                  <BarChart
                    title="P&L by weekday"
                    bars={rows.map((row) => ({
                      label: row.key.slice(0, 3),
                      value: row.netPnl,
                      detail: `${row.trades} trades`,
                    }))}
                  />
                </Card>
              ))}
              {proSection('P&L by hour opened', data.byHour, (rows) => (
                <Card size="small" className="cw-journal-card">
                  <BarChart
                    title="P&L by hour opened"
                    bars={rows
                      .filter((row) => row.trades > 0)
                      .map((row) => ({
                        label: `${row.key}:00`,
                        value: row.netPnl,
                        detail: `${row.trades} trades`,
                      }))}
                  />
                </Card>
              ))}
              {proSection('Long against short', data.bySide, (rows) => (
                <Card size="small" className="cw-journal-card">
                  <BarChart title="Long against short" bars={breakdownBars(rows)} />
                </Card>
              ))}
              {proSection('P&L by holding time', data.byHoldingTime, (rows) => (
                <Card size="small" className="cw-journal-card">
                  <BarChart title="P&L by holding time" bars={breakdownBars(rows)} />
                </Card>
              ))}
              {proSection('P&L by position size', data.bySize, (rows) => (
                <Card size="small" className="cw-journal-card">
                  <BarChart title="P&L by position size (entry value)" bars={breakdownBars(rows)} />
                </Card>
              ))}
              {proSection('P&L by entry price', data.byPriceBand, (rows) => (
                <Card size="small" className="cw-journal-card">
                  <BarChart title="P&L by entry price" bars={breakdownBars(rows)} />
                </Card>
              ))}
              {proSection('R distribution', data.rDistribution, (rows) => (
                <Card size="small" className="cw-journal-card">
                  <BarChart
                    title="R distribution (trades with a stop)"
                    format={(value) => String(value)}
                    bars={rows.map((row) => ({
                      label: row.key,
                      value: row.trades,
                      detail: `${formatPnl(row.netPnl, data.currency)} · ${Math.round(row.winRate * 100)}% won`,
                      tone: row.key.startsWith('−') || row.key.startsWith('below') ? 'loss' : 'profit',
                    }))}
                  />
                </Card>
              ))}
              {proSection('P&L by month', data.byMonth, (rows) => (
                <Card size="small" className="cw-journal-card">
                  <BarChart title="P&L by month" bars={breakdownBars(rows.slice(-12))} />
                </Card>
              ))}
              {proSection('Drawdown periods', data.drawdownPeriods, (periods) => (
                <Card size="small" className="cw-journal-card" title="Deepest drawdowns">
                  {periods.length === 0 ? (
                    <p className="cw-journal-muted">No drawdown yet: every trade closed at a new high.</p>
                  ) : (
                    <table className="cw-journal-drawdowns" aria-label="Deepest drawdowns">
                      <thead>
                        <tr>
                          <th scope="col">From the peak of</th>
                          <th scope="col">Lowest</th>
                          <th scope="col">Made up</th>
                          <th scope="col">Depth</th>
                          <th scope="col">Trades</th>
                        </tr>
                      </thead>
                      <tbody>
                        {periods.map((period) => (
                          <tr key={`${period.peak}-${period.trough}`}>
                            <td>{period.peak}</td>
                            <td>{period.trough}</td>
                            <td>{period.recovered ?? 'not yet'}</td>
                            <td className="cw-journal-loss">{formatPnl(-period.depth, data.currency)}</td>
                            <td>{period.trades}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                </Card>
              ))}
              {proSection('P&L by symbol', data.bySymbol, (rows) => (
                <Card size="small" className="cw-journal-card">
                  <BarChart title="P&L by symbol" bars={breakdownBars(rows)} />
                </Card>
              ))}
              {proSection('P&L by setup tag', data.bySetupTag, (rows) => (
                <Card size="small" className="cw-journal-card">
                  <BarChart title="P&L by setup tag" bars={breakdownBars(rows)} />
                </Card>
              ))}
              {proSection('P&L by mistake tag', data.byMistakeTag, (rows) => (
                <Card size="small" className="cw-journal-card">
                  <BarChart title="P&L by mistake tag" bars={breakdownBars(rows)} />
                </Card>
              ))}
              {proSection('MAE/MFE and R by setup tag', data.excursionsBySetupTag, (rows) => (
                <ExcursionTable
                  title="MAE/MFE and R by setup tag"
                  keyTitle="Setup tag"
                  rows={rows}
                  currency={data.currency}
                />
              ))}
              {proSection('MAE/MFE and R by hour opened', data.excursionsByHour, (rows) => (
                <ExcursionTable
                  title="MAE/MFE and R by hour opened"
                  keyTitle="Hour opened"
                  rows={rows}
                  currency={data.currency}
                />
              ))}
              {proSection('MAE/MFE and R by mistake tag', data.excursionsByMistakeTag, (rows) => (
                <ExcursionTable
                  title="MAE/MFE and R by mistake tag"
                  keyTitle="Mistake tag"
                  rows={rows}
                  currency={data.currency}
                />
              ))}
            </div>
          )}
        </>
      )}
    </section>
  );
}
