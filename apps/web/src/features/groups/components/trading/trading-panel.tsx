import {
  CANDLE_INTERVAL_TERMS,
  CANDLE_INTERVALS,
  type CandleInterval,
} from '@candlewise/shared/trading/candle-intervals';
import { replayTime } from '@candlewise/shared/trading/replay-bars';
import type { FreezeReason } from '@candlewise/shared/trading/risk-rules';
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { PlainAlert } from '@/components/plain/plain-alert';
import { PlainChoice } from '@/components/plain/plain-choice';
import { formatUtcDay, formatUtcMinute } from '@/lib/format-utc-time';
import { useIsNarrowScreen } from '@/lib/use-media-query';
import { useCandles } from '../../api/get-candles';
import type { Group } from '../../api/get-groups';
import { useInstruments } from '../../api/get-instruments';
import { useTradingAccount } from '../../api/get-trading-account';
import type { Quote } from '../../api/use-competition-stream';
import { isPracticeRuleSet } from '../../lib/challenge-text';
import { formatGroupDateTime } from '../../lib/group-date-text';
import { marketClosedText } from '../../lib/market-closed-text';
import { useNow } from '../../lib/use-now';
import { AccountStats } from './account-stats';
import { CandleChart } from './candle-chart';
import { DeskCard } from './desk-card';
import { DeskPlaceholder } from './desk-placeholder';
import { FrozenBanner } from './frozen-banner';
import { ChallengeBanner, ObjectivesPanel, useEvidenceDialog } from './objectives-panel';
import { OrderTicket, type OrderTicketHandle } from './order-ticket';
import { PositionsAndOrders } from './positions-and-orders';
import { RiskRulesNote } from './risk-rules-note';
import { StickyOrderBar } from './sticky-order-bar';

/** The chart's timeframes: the button text and the chart's name. */
const intervalNames: Record<CandleInterval, { button: string; adjective: string }> = {
  '1m': { button: '1m', adjective: '1-minute' },
  '5m': { button: '5m', adjective: '5-minute' },
  '15m': { button: '15m', adjective: '15-minute' },
  '1h': { button: '1h', adjective: '1-hour' },
  '1d': { button: '1D', adjective: 'daily' },
};

/**
 * The replayed instant the desk trades at: the replay's first minute when the competition starts,
 * moving at its speed, held at its last minute once it ends. '10 Mar 2023 · 15:00 UTC'.
 */
function replayClock(group: Group, now: number): string {
  const start = group.startDate ? Date.parse(group.startDate) : now;
  const end = group.endDate ? Date.parse(group.endDate) : now;
  const at = replayTime(
    Date.parse(group.replayFrom ?? ''),
    start,
    group.replaySpeed ?? 1,
    Math.min(now, end),
  );
  return `${formatUtcDay(at)} · ${formatUtcMinute(at)} UTC`;
}

/**
 * The approved member's desk: account numbers and the rules that apply, frozen banner (with the rule
 * that fired, `frozenReason` from the member's standings row), chart (1m, 5m, 15m, 1h or 1D), ticket,
 * positions and orders.
 */
export function TradingPanel({
  group,
  quotes,
  frozenReason,
}: {
  group: Group;
  quotes: ReadonlyMap<string, Quote>;
  frozenReason?: FreezeReason | null;
}) {
  const account = useTradingAccount(group._id, { enabled: true });
  // A phone: the ticket comes before the chart and the figures fold, so it is on the first screen.
  const narrow = useIsNarrowScreen();
  const instrumentsQuery = useInstruments();
  const instruments = useMemo(() => {
    const all = instrumentsQuery.data ?? [];
    const allowed = group.instruments?.length ? new Set(group.instruments) : null;
    return allowed ? all.filter((item) => allowed.has(item.symbol)) : all;
  }, [instrumentsQuery.data, group.instruments]);
  const bySymbol = useMemo(() => new Map(instruments.map((item) => [item.symbol, item])), [instruments]);
  const [chosen, setChosen] = useState<string | null>(null);
  const symbol = chosen ?? instruments[0]?.symbol ?? null;
  // A replay's market is its uploaded day: its own candles, open while the bars last.
  const replay = group.marketMode === 'replay';
  const [chartInterval, setChartInterval] = useState<CandleInterval>('1m');
  const candles = useCandles(symbol, replay ? group._id : null, chartInterval);
  const now = useNow(1000);
  const evidence = useEvidenceDialog(group._id, account.data?.account.currency ?? group.currency);
  const session = symbol ? bySymbol.get(symbol)?.session : undefined;
  const marketClosed = replay || !session ? null : marketClosedText(session, now);
  const ticket = useRef<OrderTicketHandle>(null);
  const ticketButton = useCallback(() => ticket.current?.submitButton() ?? null, []);

  // When its reads come in, the desk (figures, chart card, ticket, book: ~0.1 s of rendering at
  // Lighthouse's 4x CPU) is drawn in a render React can pause every few milliseconds: the query
  // cache's updates are rendered at once, in one task, which on a phone was one of the longest of
  // the page's start. Reads already in when it mounts (back on the page) draw it at once.
  const loaded = !account.isPending && !instrumentsQuery.isPending;
  const [loadedAtMount] = useState(loaded);
  const drawn = useDeferredValue(loaded, loadedAtMount);
  if (!loaded || !drawn) return <DeskPlaceholder />;
  if (account.isError || !account.data) {
    return (
      <PlainAlert
        message="Your paper account could not be loaded."
        description={account.error?.message ?? null}
        onRetry={() => void account.refetch()}
      />
    );
  }
  const frozenUntil = account.data.account.frozenUntil;
  const frozen = frozenUntil !== null && Date.parse(frozenUntil) > now;
  const start = group.startDate ? Date.parse(group.startDate) : null;
  const end = group.endDate ? Date.parse(group.endDate) : null;
  // A challenge brings its own limits: the group's freeze rule does not apply, and a pause is its
  // daily loss limit ending the day (docs/challenges.md).
  const { challenge, objectives } = account.data;
  const practice = isPracticeRuleSet(challenge.ruleSet);
  const pausedUntil = practice ? null : (challenge.pausedUntil ?? (frozen ? frozenUntil : null));
  const disabledReason =
    challenge.status === 'failed' && !practice
      ? 'This challenge has failed, so trading has stopped.'
      : frozen && pausedUntil
        ? `Daily loss limit reached: trading resumes at ${formatGroupDateTime(pausedUntil)}.`
        : frozen
          ? 'Trading is frozen until the countdown ends.'
          : start !== null && now < start
            ? `Trading opens when the competition starts (${new Date(start).toLocaleString()}).`
            : end !== null && now >= end
              ? 'This competition has ended; the standings are final.'
              : null;

  const objectivesPanel = (
    <ObjectivesPanel
      challenge={challenge}
      objectives={objectives}
      currency={account.data.account.currency}
      initial={account.data.account.startingBalance}
      evidence={evidence.opener}
    />
  );

  const ticketCard = (
    <DeskCard className="cw-trading__ticket-card" title="New order">
      {symbol ? (
        <OrderTicket
          ref={ticket}
          groupId={group._id}
          instruments={instruments}
          symbol={symbol}
          onSymbolChange={setChosen}
          quote={quotes.get(symbol)}
          quotes={quotes}
          account={account.data}
          disabledReason={disabledReason}
          marketClosed={marketClosed}
        />
      ) : null}
    </DeskCard>
  );

  // A phone: a sticky Buy/Sell bar above the bottom navigation opens the ticket, while orders can be sent.
  const orderBar = narrow && symbol && disabledReason === null;

  return (
    <section
      className={orderBar ? 'cw-trading__panel cw-trading__panel--with-bar' : 'cw-trading__panel'}
      aria-labelledby="cw-trading-desk"
    >
      <h2 id="cw-trading-desk" className="cw-trading__section-title">
        Your trading desk
      </h2>
      {practice ? null : (
        <ChallengeBanner
          groupId={group._id}
          challenge={challenge}
          currency={account.data.account.currency}
          evidence={evidence.opener}
        />
      )}
      {practice && frozen && frozenUntil ? (
        <FrozenBanner
          groupId={group._id}
          frozenUntil={frozenUntil}
          threshold={group.freezeThreshold}
          reason={frozenReason}
          dailyLossLimit={group.dailyLossLimit}
        />
      ) : null}
      <AccountStats
        account={account.data.account}
        threshold={practice ? group.freezeThreshold : undefined}
        basis={group.drawdownBasis}
        folded={narrow}
        freezeRule={practice}
      />
      {replay && group.replayFrom ? (
        <p className="cw-trading__replay-clock">
          Replayed market{' '}
          <span role="timer" aria-label="Replayed market time" className="cw-trading__replay-time">
            {replayClock(group, now)}
          </span>
        </p>
      ) : null}
      {narrow || !practice ? null : <RiskRulesNote group={group} />}
      {narrow ? null : objectivesPanel}
      <div className="cw-trading__desk">
        {narrow ? ticketCard : null}
        <DeskCard
          className="cw-trading__chart-card"
          title={symbol ? `${symbol} · ${CANDLE_INTERVAL_TERMS[chartInterval].label}` : 'Chart'}
          extra={
            symbol ? (
              <PlainChoice<CandleInterval>
                size="small"
                label="Chart timeframe"
                className="cw-ticket__timeframes"
                value={chartInterval}
                onChange={setChartInterval}
                options={CANDLE_INTERVALS.map((value) => ({
                  value,
                  label: intervalNames[value].button,
                  title: `${intervalNames[value].adjective} candles`,
                }))}
              />
            ) : null
          }
        >
          {symbol ? (
            <CandleChart
              symbol={symbol}
              candles={candles.data}
              quote={quotes.get(symbol)}
              tickSize={bySymbol.get(symbol)?.tickSize}
              intervalSeconds={CANDLE_INTERVAL_TERMS[chartInterval].seconds}
              intervalName={intervalNames[chartInterval].adjective}
            />
          ) : (
            <p>No instruments are traded in this competition.</p>
          )}
        </DeskCard>
        {narrow ? null : ticketCard}
      </div>
      {/* A phone: the rules, reference more than action, come after the ticket and the chart. */}
      {narrow && practice ? <RiskRulesNote group={group} /> : null}
      {narrow ? objectivesPanel : null}
      <DeskCard className="cw-trading__book">
        <PositionsAndOrders
          groupId={group._id}
          account={account.data}
          instruments={bySymbol}
          canTrade={disabledReason === null}
          quotes={quotes}
        />
      </DeskCard>
      {orderBar ? (
        <StickyOrderBar
          symbol={symbol}
          quote={quotes.get(symbol)}
          tickSize={bySymbol.get(symbol)?.tickSize}
          onOpen={(side) => ticket.current?.open(side)}
          watch={ticketButton}
        />
      ) : null}
      {evidence.dialog}
    </section>
  );
}
