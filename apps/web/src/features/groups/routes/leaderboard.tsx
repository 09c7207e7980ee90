import FileSearchOutlined from '@ant-design/icons-svg/es/asn/FileSearchOutlined';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import { RANKING_TITLES } from '@candlewise/shared/groups/ranking';
import { Suspense, useDeferredValue, useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { lazyAntd } from '@/components/antd-provider/lazy-antd';
import { PageHeader } from '@/components/page-header/page-header';
import { PartBoundary } from '@/components/plain/part-boundary';
import { PlainChoice } from '@/components/plain/plain-choice';
import { PlainSkeleton } from '@/components/plain/plain-skeleton';
import { PlainTag } from '@/components/plain/plain-tag';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import { ApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { useGroup } from '../api/get-group';
import { toStatusByGroup, useGroupStatuses } from '../api/get-group-statuses';
import {
  downloadLeaderboard,
  LEADERBOARD_PAGE_SIZE,
  type LeaderboardFilter,
  useLeaderboard,
} from '../api/get-leaderboard';
import { useCompetitionStream } from '../api/use-competition-stream';
import {
  LeaderboardBackLink,
  LeaderboardFirstView,
  LeaderboardPending,
} from '../components/leaderboard-first-view';
import { PhaseTag } from '../components/phase-tag';
import { LazyTradingPanel } from '../components/trading/lazy-trading-panel';
import { LeaderboardTable } from '../components/trading/leaderboard-table';
import { phaseOf, scheduleSummary } from '../lib/group-date-text';
import { replayTagText, replayText } from '../lib/replay-text';
import '@/components/plain/plain.css';
import './leaderboard.css';
import { isPracticeRuleSet } from '../lib/challenge-text';

/**
 * "How is my score made?" (antd's Modal), fetched when its button is first pointed at, focused or
 * pressed: the leaderboard itself paints without antd (ADR 021).
 */
const ScoreDialog = lazyAntd(() =>
  import('../components/trading/score-dialog').then((module) => module.ScoreDialog),
);
const preloadScoreDialog = () => void ScoreDialog.preload().catch(() => undefined);

/** The filters above the standings; My phase is for members (they have one). */
const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'passed', label: 'Passed' },
  { value: 'failed', label: 'Failed' },
  { value: 'my-phase', label: 'My phase' },
] as const;

/** What a filtered table says when it keeps no one. */
const EMPTY_TEXT: Record<LeaderboardFilter, string> = {
  all: 'No approved members yet',
  passed: 'No one has passed yet',
  failed: 'No one has failed',
  'my-phase': 'No one is in your phase',
};

/**
 * /group/{groupId}/leaderboard: the live standings (Rank, Name, PnL %, Balance, Equity, Trades,
 * Freezes) for approved members and admins, and for a member their trading desk above it. Live
 * through the competition stream; every 10 seconds from the API while the stream is down. Once
 * the competition has ended its final standings are open to every learner: read-only, no stream
 * for non-members, no polling (they no longer change).
 *
 * Drawn without antd (ADR 021), so the standings paint before antd's script has loaded; only the
 * member's desk brings antd, in its own chunk (components/trading/lazy-trading-panel).
 */
export default function LeaderboardPage() {
  const { groupId = '' } = useParams();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const user = useCurrentUser();
  const group = useGroup(groupId);
  const statuses = useGroupStatuses(user?._id ?? '');
  const approved = toStatusByGroup(statuses.data).get(groupId) === 'approved';
  const isAdmin = user?.role === 'admin';
  const phase = group.data ? phaseOf(group.data) : null;
  const ended = phase === 'ended';
  const stream = useCompetitionStream(groupId, { enabled: approved || isAdmin });
  const [page, setPage] = useState(1);
  const [chosenFilter, setFilter] = useState<LeaderboardFilter>('all');
  const [scoreOpen, setScoreOpen] = useState(false);
  // My phase is a member's view: anyone else (an admin, a visitor to final standings) sees All.
  const filter = chosenFilter === 'my-phase' && !approved ? 'all' : chosenFilter;
  const chooseFilter = (next: LeaderboardFilter) => {
    setFilter(next);
    setPage(1);
  };
  // Live, the stream brings the top and the member's own row; the rest of the page is read again
  // every 10 s (all of it while the stream is down). Final standings no longer change.
  const leaderboard = useLeaderboard(groupId, { poll: !ended, page, filter });
  const refusal = leaderboard.error instanceof ApiError ? leaderboard.error : null;
  // The account does not say which rule froze it; the member's own standings row does.
  const myRow = leaderboard.data?.me ?? leaderboard.data?.rows.find((row) => row.userId === user?._id);
  const cardHeadingId = useId();
  // The table (50 rows) and the desk are drawn at a lower priority than the rest of the page: when
  // the standings or the prices arrive (every second), React draws them in small slices that yield
  // to the reader's input, instead of one long task (Lighthouse's total blocking time).
  const standings = useDeferredValue(leaderboard.data);
  const standingsLoading = useDeferredValue(leaderboard.isPlaceholderData);
  const deskQuotes = useDeferredValue(stream.quotes);
  // The same paging object while nothing in it changes: the standings table is then not drawn again
  // for each second's live prices (it is memoised).
  const total = standings ? (standings.total ?? standings.rows.length) : 0;
  const paging = useMemo(
    () => ({ current: page, pageSize: LEADERBOARD_PAGE_SIZE, total, onChange: setPage }),
    [page, total],
  );

  const ranking = standings?.ranking ?? group.data?.ranking ?? 'return';

  const back = <LeaderboardBackLink />;

  if (group.isError || refusal?.status === 404) {
    return (
      <>
        {back}
        <div className="cw-leaderboard__result">
          <SvgIcon icon={FileSearchOutlined} className="cw-leaderboard__result-icon" />
          <h1 className="cw-leaderboard__result-title">We could not find that group.</h1>
          <p className="cw-leaderboard__result-text">
            It may have been removed. Pick a competition on the Groups page.
          </p>
        </div>
      </>
    );
  }

  const title = group.data ? `${group.data.name} · Leaderboard` : 'Leaderboard';
  // Whether the desk goes above the standings is known only once the group and the member's status
  // are in: until then one placeholder holds the page, so the standings never jump down under a
  // desk that arrives late (Lighthouse measured a layout shift of 0.6 on a member's first load).
  const deciding = group.isLoading || statuses.isLoading;
  const replayTag = group.data ? replayTagText(group.data) : null;
  // Nothing known yet: the same view the build drew ahead of time, which this then replaces.
  if (deciding && !group.data) return <LeaderboardFirstView />;

  return (
    <div className="cw-leaderboard">
      {back}
      <PageHeader
        title={title}
        description={
          group.data && phase ? (
            <span className="cw-leaderboard__meta">
              <PhaseTag phase={phase} />
              {replayTag ? (
                <PlainTag tone="neutral" title={replayText(group.data) ?? undefined}>
                  {replayTag}
                </PlainTag>
              ) : null}
              <span>{scheduleSummary(group.data, phase).text}</span>
              {ended ? null : isPracticeRuleSet(group.data.ruleSet) ? (
                <span>Positions close and trading freezes at {group.data.freezeThreshold}% drawdown</span>
              ) : (
                <span>A challenge: pass its objectives without breaking its loss limits</span>
              )}
            </span>
          ) : undefined
        }
      />
      {deciding ? (
        <LeaderboardPending />
      ) : (
        <>
          {approved && group.data ? (
            <LazyTradingPanel group={group.data} quotes={deskQuotes} frozenReason={myRow?.frozenReason} />
          ) : null}
          {refusal?.status === 403 ? (
            <div className="cw-leaderboard__notice" role="status">
              <SvgIcon icon={InfoCircleFilled} className="cw-leaderboard__notice-icon" />
              <div>
                <p className="cw-leaderboard__notice-title">
                  This leaderboard is for the competition's approved members.
                </p>
                <p className="cw-leaderboard__notice-text">
                  {refusal.message} Its final standings are open to everyone once it ends.{' '}
                  <Link to="/group">Go to Groups</Link>
                </p>
              </div>
            </div>
          ) : (
            <section className="cw-plain-card cw-trading__card" aria-labelledby={cardHeadingId}>
              <div className="cw-trading__card-head">
                <h2 id={cardHeadingId} className="cw-trading__card-title">
                  {ended ? 'Final standings' : 'Leaderboard'}
                </h2>
                {ended ? (
                  <span className="cw-leaderboard__live cw-leaderboard__live--final">Final</span>
                ) : (
                  <span
                    className={`cw-leaderboard__live cw-leaderboard__live--${stream.status}`}
                    role="status"
                  >
                    {stream.status === 'live' ? 'Live' : 'Updates every 10 s'}
                  </span>
                )}
              </div>
              <div className="cw-trading__card-body">
                {ended ? (
                  <p className="cw-leaderboard__final-note">
                    This competition has ended; these are its final standings.
                  </p>
                ) : null}
                <div className="cw-leaderboard__toolbar">
                  <p className="cw-leaderboard__ranking">{RANKING_TITLES[ranking]}</p>
                  <PlainChoice
                    label="Show"
                    size="small"
                    value={filter}
                    onChange={chooseFilter}
                    options={approved ? FILTERS : FILTERS.filter((option) => option.value !== 'my-phase')}
                  />
                  {approved ? (
                    <button
                      type="button"
                      className="cw-standings__link-button cw-leaderboard__score-button"
                      aria-haspopup="dialog"
                      onClick={() => setScoreOpen(true)}
                      onPointerEnter={preloadScoreDialog}
                      onFocus={preloadScoreDialog}
                    >
                      How is my score made?
                    </button>
                  ) : null}
                  {standings ? (
                    <button
                      type="button"
                      className="cw-standings__link-button cw-leaderboard__score-button"
                      onClick={() => {
                        setDownloadError(null);
                        void downloadLeaderboard(groupId).catch(() =>
                          setDownloadError('The table could not be downloaded. Try again in a moment.'),
                        );
                      }}
                    >
                      Download the whole table (CSV)
                    </button>
                  ) : null}
                  {downloadError ? (
                    <p className="cw-leaderboard__error" role="alert">
                      {downloadError}
                    </p>
                  ) : null}
                </div>
                {standings ? (
                  <LeaderboardTable
                    rows={standings.rows}
                    currency={standings.currency}
                    loading={standingsLoading}
                    currentUserId={user?._id}
                    page={paging}
                    // A filtered page's ranks skip the members it leaves out: "Show my rank" would
                    // count pages wrongly, so the line is for the whole table only.
                    me={filter === 'all' ? (standings.me ?? null) : null}
                    ranking={ranking}
                    emptyText={EMPTY_TEXT[filter]}
                  />
                ) : leaderboard.isError ? (
                  <p className="cw-leaderboard__error" role="alert">
                    {leaderboard.error.message}
                  </p>
                ) : (
                  <PlainSkeleton rows={5} label="Loading the standings" />
                )}
              </div>
            </section>
          )}
          {scoreOpen ? (
            <PartBoundary what="score explanation">
              <Suspense fallback={null}>
                <ScoreDialog
                  groupId={groupId}
                  currency={standings?.currency ?? group.data?.currency ?? 'INR'}
                  onClose={() => setScoreOpen(false)}
                />
              </Suspense>
            </PartBoundary>
          ) : null}
        </>
      )}
    </div>
  );
}
