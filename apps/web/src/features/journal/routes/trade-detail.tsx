import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header/page-header';
import { ApiError } from '@/lib/api-client';
import { type TradeDetail, useTradeDetail } from '../api/get-trade-detail';
import { SessionChart } from '../components/session-chart';
import { TradeDetailExecutions } from '../components/trade-detail-executions';
import { TradeFormModal } from '../components/trade-form-modal';
import { TradeSource, TradeTags } from '../components/trade-tags';
import { currencySymbol, formatNumber, formatPnl, pnlClass, useJournalTimeZone } from '../lib/journal-time';
import './journal.css';
import './trade-detail.css';

const JOURNAL_TRADES = '/journal?tab=trades';

type Figure = { label: string; value: ReactNode; hint?: ReactNode; tone?: string };

function Figures({ figures, label, className }: { figures: Figure[]; label: string; className?: string }) {
  return (
    <section aria-label={label}>
      <dl className={`cw-journal-figures ${className ?? ''}`}>
        {figures.map((figure) => (
          <div key={figure.label} className="cw-journal-figure">
            <dt>{figure.label}</dt>
            <dd className={figure.tone}>{figure.value}</dd>
            {figure.hint ? <dd className="cw-journal-muted cw-journal-figure__hint">{figure.hint}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * /journal/trades/:tradeId: one trade with the fills it was built from (or the two legs the learner
 * typed) and the session's candles where the app keeps them, with the entry, the exit, MAE and MFE.
 */
export default function TradeDetailPage() {
  const { tradeId = '' } = useParams();
  const query = useTradeDetail(tradeId);
  const timeZone = useJournalTimeZone();
  const [editing, setEditing] = useState(false);
  const back = (
    <Link className="cw-trade-detail__back" to={JOURNAL_TRADES}>
      <ArrowLeftOutlined aria-hidden="true" /> Journal trades
    </Link>
  );

  if (query.isPending) {
    return (
      <>
        {back}
        <PageHeader title="Trade" />
        <Skeleton active title={false} paragraph={{ rows: 8 }} aria-label="Loading the trade" />
      </>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        {back}
        <PageHeader title={missing ? 'Trade not found' : 'Trade'} />
        {missing ? (
          <Alert
            type="info"
            showIcon
            title="This trade is not in your journal."
            description={<Link to={JOURNAL_TRADES}>Back to your journal</Link>}
          />
        ) : (
          <Alert
            type="error"
            showIcon
            title={query.error.message}
            action={<Button onClick={() => void query.refetch()}>Try again</Button>}
          />
        )}
      </>
    );
  }
  return (
    <>
      {back}
      <TradeDetailView detail={query.data} timeZone={timeZone} onEdit={() => setEditing(true)} />
      <TradeFormModal open={editing} trade={query.data.trade} onClose={() => setEditing(false)} />
    </>
  );
}

function TradeDetailView({
  detail,
  timeZone,
  onEdit,
}: {
  detail: TradeDetail;
  timeZone: string;
  onEdit: () => void;
}) {
  const { trade, executions, chart, excursion, excursionNote } = detail;
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone });
  const at = (iso: string) => when.format(new Date(iso));
  const unit = currencySymbol(trade.currency);
  const price = (value: number | null) => (value === null ? '—' : `${unit}${formatNumber(value, 6)}`);
  const amount = (value: number) => `${unit}${formatNumber(value, 2)}`;
  const entryArrow = trade.side === 'long' ? 'up' : 'down';
  const exitArrow = trade.side === 'long' ? 'down' : 'up';
  const typedIn = executions.length > 0 && executions.every((fill) => fill.kind === 'typed');

  const figures: Figure[] = [
    {
      label: 'Net P&L',
      value: trade.exitPrice === null ? 'Open' : formatPnl(trade.pnl, trade.currency),
      tone: pnlClass(trade.pnl),
      hint: trade.rMultiple === null ? 'after fees' : `${trade.rMultiple}R after fees`,
    },
    {
      label: 'Quantity',
      value: formatNumber(trade.quantity, 8),
      hint: trade.multiplier === 1 ? undefined : `× ${formatNumber(trade.multiplier, 6)} per contract`,
    },
    { label: 'Entry', value: price(trade.entryPrice), hint: at(trade.entryTime) },
    {
      label: 'Exit',
      value: trade.exitPrice === null ? 'Still open' : price(trade.exitPrice),
      hint: trade.exitTime ? at(trade.exitTime) : undefined,
    },
    { label: 'Fees', value: amount(trade.fees) },
  ];
  if (trade.stopPrice !== null) figures.push({ label: 'Stop', value: price(trade.stopPrice) });
  if (trade.targetPrice !== null) figures.push({ label: 'Target', value: price(trade.targetPrice) });

  return (
    <article className="cw-trade-detail">
      <PageHeader
        title={`${trade.symbol} ${trade.side}`}
        description={
          <>
            <TradeSource trade={trade} /> · amounts in {trade.currency}
          </>
        }
      />
      <div className="cw-trade-detail__actions">
        <Button icon={<EditOutlined />} onClick={onEdit}>
          {trade.fromFills ? 'Edit stop, target, tags and notes' : 'Edit trade'}
        </Button>
      </div>
      <Figures figures={figures} label="The trade" />

      <Card title="Session" size="small" className="cw-journal-card">
        {chart ? (
          <>
            <SessionChart
              chart={chart}
              side={trade.side}
              timeZone={timeZone}
              label={`${chart.symbol} 1-minute candles around the trade: entry at ${chart.entry.price}${chart.exit ? `, exit at ${chart.exit.price}` : ''}`}
            />
            <p className="cw-journal-muted cw-trade-detail__legend">
              <span className="cw-trade-detail__legend-item">
                <span
                  className={`cw-trade-detail__marker cw-trade-detail__marker--entry cw-trade-detail__marker--${entryArrow}`}
                  aria-hidden="true"
                />
                Entry {price(chart.entry.price)}
              </span>
              {chart.exit ? (
                <span className="cw-trade-detail__legend-item">
                  <span
                    className={`cw-trade-detail__marker cw-trade-detail__marker--exit cw-trade-detail__marker--${exitArrow}`}
                    aria-hidden="true"
                  />
                  Exit {price(chart.exit.price)}
                </span>
              ) : null}
              <span className="cw-trade-detail__legend-item">
                1-minute candles
                {chart.truncated ? ' (a long trade: the middle of the session is left out)' : ''}
              </span>
            </p>
          </>
        ) : (
          <p className="cw-journal-muted">
            {trade.source === 'paper'
              ? 'The market kept no candles for this trade’s session, so there is no chart.'
              : `No candles of ${trade.symbol} cover this trade (the app keeps them for its markets and the uploaded replay days), so there is no chart.`}
          </p>
        )}
        {excursionNote ? <p className="cw-journal-muted cw-trade-detail__explain">{excursionNote}</p> : null}
        {excursion ? (
          <>
            <Figures
              label="How far the price moved while the trade was open"
              className="cw-trade-detail__excursion"
              figures={[
                {
                  label: 'MAE (most against you)',
                  value: formatPnl(-excursion.mae, trade.currency),
                  tone: excursion.mae > 0 ? 'cw-journal-loss' : undefined,
                  hint: `worst price ${price(excursion.maePrice)}`,
                },
                {
                  label: 'MFE (most in your favour)',
                  value: formatPnl(excursion.mfe, trade.currency),
                  tone: excursion.mfe > 0 ? 'cw-journal-profit' : undefined,
                  hint: `best price ${price(excursion.mfePrice)}`,
                },
              ]}
            />
            <p className="cw-journal-muted cw-trade-detail__explain">
              While the trade was open, the market went at most {amount(excursion.mae)} against your entry and
              at most {amount(excursion.mfe)} in your favour (from the 1-minute candles’ highs and lows).
            </p>
          </>
        ) : null}
      </Card>

      <Card
        title={`Executions (${executions.length})`}
        size="small"
        className="cw-journal-card cw-trade-detail__executions"
      >
        {typedIn ? (
          <p className="cw-journal-muted cw-trade-detail__caption">
            Typed in: the entry and exit as you entered them. Fees are the trade’s total above.
          </p>
        ) : null}
        <TradeDetailExecutions executions={executions} timeZone={timeZone} />
      </Card>

      <Card title="Tags and notes" size="small" className="cw-journal-card">
        {trade.setupTags.length + trade.mistakeTags.length > 0 ? (
          <TradeTags trade={trade} />
        ) : (
          <p className="cw-journal-muted">No tags yet.</p>
        )}
        {trade.notes ? (
          <p className="cw-trade-detail__notes">{trade.notes}</p>
        ) : (
          <p className="cw-journal-muted">No notes yet.</p>
        )}
      </Card>
    </article>
  );
}
