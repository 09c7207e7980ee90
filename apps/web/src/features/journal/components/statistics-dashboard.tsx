import { Alert, Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useJournalStatistics, useJournalTrades } from '../api/journal-trades';
import type { JournalStatistics, TradeFilters } from '../api/journal-types';
import { formatNumber, formatPnl, pnlClass } from '../lib/journal-time';
import { BarChart } from './bar-chart';
import { EquityCurveChart } from './equity-curve-chart';
import { TradeFiltersBar } from './trade-filters-bar';

const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);

function profitFactor(stats: JournalStatistics) {
  if (stats.profitFactor !== null) return stats.profitFactor.toFixed(2);
  return stats.profitFactorInfinite ? '∞' : '—';
}

/** The numbers of DESIGN §10 for the filtered trades, the equity curve and the breakdowns. */
export function StatisticsDashboard() {
  const [filters, setFilters] = useState<TradeFilters>({});
  const stats = useJournalStatistics(filters);
  const facets = useJournalTrades({ sort: 'date', order: 'desc', page: 1, pageSize: 1 }).data?.facets;
  const data = stats.data;

  const figures = data
    ? [
        { label: 'Net P&L', value: formatPnl(data.netPnl), tone: pnlClass(data.netPnl) },
        { label: 'Trades', value: `${data.trades}${data.openTrades ? ` (+${data.openTrades} open)` : ''}` },
        { label: 'Win rate', value: percent(data.winRate) },
        { label: 'Profit factor', value: profitFactor(data) },
        { label: 'Expectancy', value: formatPnl(data.expectancy), tone: pnlClass(data.expectancy) },
        {
          label: 'Expectancy (R)',
          value: data.expectancyR === null ? '—' : `${data.expectancyR.toFixed(2)}R`,
          hint: `${data.tradesWithRisk} trade${data.tradesWithRisk === 1 ? '' : 's'} with a stop`,
        },
        { label: 'Average win', value: formatPnl(data.averageWin), tone: pnlClass(data.averageWin) },
        { label: 'Average loss', value: formatPnl(data.averageLoss), tone: pnlClass(data.averageLoss) },
        { label: 'Max drawdown', value: data.maxDrawdown ? `−${formatNumber(data.maxDrawdown)}` : '0' },
        {
          label: 'Longest streaks',
          value: `${data.longestWinStreak} wins · ${data.longestLossStreak} losses`,
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
      {stats.error ? (
        <Alert type="error" showIcon message={stats.error.message} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 8 }} aria-label="Loading statistics" />
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
          <Card title="Equity curve" size="small" className="cw-journal-card">
            <EquityCurveChart points={data.equityCurve} />
          </Card>
          <div className="cw-journal-breakdowns">
            <Card size="small" className="cw-journal-card">
              <BarChart
                title="P&L distribution (trades per bucket)"
                format={(value) => String(value)}
                bars={data.pnlDistribution.map((bucket) => ({
                  label: `${formatNumber(bucket.from, 0)}…${formatNumber(bucket.to, 0)}`,
                  value: bucket.trades,
                }))}
              />
            </Card>
            <Card size="small" className="cw-journal-card">
              <BarChart
                title="P&L by weekday"
                bars={data.byWeekday.map((row) => ({
                  label: row.key.slice(0, 3),
                  value: row.netPnl,
                  detail: `${row.trades} trades`,
                }))}
              />
            </Card>
            <Card size="small" className="cw-journal-card">
              <BarChart
                title="P&L by hour opened"
                bars={data.byHour
                  .filter((row) => row.trades > 0)
                  .map((row) => ({
                    label: `${row.key}:00`,
                    value: row.netPnl,
                    detail: `${row.trades} trades`,
                  }))}
              />
            </Card>
            <Card size="small" className="cw-journal-card">
              <BarChart
                title="P&L by symbol"
                bars={data.bySymbol
                  .slice(0, 12)
                  .map((row) => ({ label: row.key, value: row.netPnl, detail: `${row.trades} trades` }))}
              />
            </Card>
            <Card size="small" className="cw-journal-card">
              <BarChart
                title="P&L by setup tag"
                bars={data.bySetupTag
                  .slice(0, 12)
                  .map((row) => ({ label: row.key, value: row.netPnl, detail: `${row.trades} trades` }))}
              />
            </Card>
            <Card size="small" className="cw-journal-card">
              <BarChart
                title="P&L by mistake tag"
                bars={data.byMistakeTag
                  .slice(0, 12)
                  .map((row) => ({ label: row.key, value: row.netPnl, detail: `${row.trades} trades` }))}
              />
            </Card>
          </div>
        </>
      )}
    </section>
  );
}
