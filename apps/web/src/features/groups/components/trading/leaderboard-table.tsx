import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { memo, type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { PlainTag } from '@/components/plain/plain-tag';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import { watchScrollRegion } from '@/lib/focusable-scroll-regions';
import type { Ranking, StandingRow } from '../../api/get-leaderboard';
import { formatMoney, formatSignedPercent, signClass } from '../../lib/trading-format';
import { useNow } from '../../lib/use-now';
import './leaderboard-table.css';

/** The Frozen tag names the rule that fired when the API says which ('Frozen · daily loss'). */
const FROZEN_TAG_TEXT = { drawdown: 'Frozen · drawdown', daily_loss: 'Frozen · daily loss' } as const;

/** Rows a page holds when the caller gives all of them (no `page`), as antd's pager did. */
const LOCAL_PAGE_SIZE = 50;

/** The tag a decided challenge shows beside the name (in progress: none). */
const CHALLENGE_TAGS = {
  passed: { tone: 'green', text: 'Passed' },
  failed: { tone: 'red', text: 'Failed' },
} as const;

type Column = { title: string; numeric: boolean; cell: (row: StandingRow) => ReactNode };

/** A score to 2 decimals, as the API's formula writes it. */
const formatScore = (value: number) => value.toFixed(2);

/**
 * The columns, in order; the figures are right-aligned so their digits line up. Under the Calmar
 * ranking the Score and the max drawdown it divides by follow the name: what the ranks are made of.
 */
function columnsOf(ranking: Ranking, currency: string, nameCell: Column['cell']): Column[] {
  const number = (title: string, cell: Column['cell']): Column => ({ title, numeric: true, cell });
  return [
    number('Rank', (row) => row.rank),
    { title: 'Name', numeric: false, cell: nameCell },
    ...(ranking === 'calmar'
      ? [
          number('Score', (row) => <strong className="cw-standings__score">{formatScore(row.score)}</strong>),
          number('Max DD %', (row) => `${row.maxDrawdownPercent.toFixed(2)}%`),
        ]
      : []),
    number('PnL %', (row) => (
      <span className={signClass(row.pnlPercent)}>{formatSignedPercent(row.pnlPercent)}</span>
    )),
    number('Balance', (row) => formatMoney(row.balance, currency)),
    number('Equity', (row) => formatMoney(row.equity, currency)),
    number('Trades', (row) => row.trades),
    number('Freezes', (row) => row.freezes),
  ];
}

type Paging = { current: number; pageSize: number; total: number; onChange: (page: number) => void };

/**
 * While the box is narrower than its table (it scrolls sideways, at 375 px), it is a region named by
 * `labelId` in the Tab order: a keyboard can scroll it (WCAG 2.1.1, axe's
 * scrollable-region-focusable), as antd's tables are; a wide screen gets no extra tab stop. Settled in
 * the layout effect, in the task that puts the table on screen, then in each size report (the
 * accessibility sweep once read the box between React's commit and the first report).
 */
function useFocusableWhileOverflowing<T extends HTMLElement>(labelId: string) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    if (!ref.current) return;
    return watchScrollRegion(ref.current, labelId);
  }, [labelId]);
  return ref;
}

/**
 * The standings: Rank, Name, PnL %, Balance, Equity, Trades, Freezes; the caller's row marked.
 * Balance and Equity are in the competition's account currency, shown with its symbol. Plain
 * markup (a table and a pager of buttons), so the leaderboard paints before antd has loaded.
 */
function LeaderboardTableView({
  rows,
  currency,
  loading,
  currentUserId,
  page,
  me = null,
  ranking = 'return',
  emptyText = 'No approved members yet',
}: {
  rows: StandingRow[];
  currency: string;
  /** How the group ranks: under Calmar the table shows the Score and the max drawdown. */
  ranking?: Ranking;
  /** What an empty table says once loaded (a filter that keeps no one says so). */
  emptyText?: string;
  loading: boolean;
  currentUserId: string | undefined;
  /** Pages read from the server (the leaderboard page); without it, pages of the rows given. */
  page?: Paging;
  /** The viewer's own row, said above the table when it is not on the page shown. */
  me?: StandingRow | null;
}) {
  const now = useNow(
    1000,
    rows.some((row) => row.frozenUntil !== null),
  );
  const captionId = useId();
  const scroller = useFocusableWhileOverflowing<HTMLElement>(captionId);
  const [localPage, setLocalPage] = useState(1);
  // Without server pages, the rows given are paged here; a shorter list leaves the current page.
  const paging: Paging = page ?? {
    current: Math.min(localPage, Math.max(1, Math.ceil(rows.length / LOCAL_PAGE_SIZE))),
    pageSize: LOCAL_PAGE_SIZE,
    total: rows.length,
    onChange: setLocalPage,
  };
  const shown = page
    ? rows
    : rows.slice((paging.current - 1) * LOCAL_PAGE_SIZE, paging.current * LOCAL_PAGE_SIZE);
  const myPage = page && me ? Math.ceil(me.rank / page.pageSize) : null;
  const nameCell = (row: StandingRow) => (
    <span className="cw-trading__name">
      {row.name}
      {/* Cyan: the nearest --cw-tag-* colour to antd's blue tag it replaces. */}
      {row.userId === currentUserId ? <PlainTag tone="cyan">You</PlainTag> : null}
      {row.challengeStatus !== 'in-progress' ? (
        <PlainTag tone={CHALLENGE_TAGS[row.challengeStatus].tone}>
          {CHALLENGE_TAGS[row.challengeStatus].text}
        </PlainTag>
      ) : null}
      {row.frozenUntil && Date.parse(row.frozenUntil) > now ? (
        <PlainTag tone="orange">{row.frozenReason ? FROZEN_TAG_TEXT[row.frozenReason] : 'Frozen'}</PlainTag>
      ) : null}
    </span>
  );
  const columns = columnsOf(ranking, currency, nameCell);
  const meElsewhere = page && me && !rows.some((row) => row.userId === me.userId);

  return (
    <>
      {meElsewhere && me && page && myPage !== null ? (
        <p className="cw-trading__my-rank" role="status">
          You are ranked {me.rank.toLocaleString('en-US')} of {page.total.toLocaleString('en-US')} ·{' '}
          <span className={signClass(me.pnlPercent)}>{formatSignedPercent(me.pnlPercent)}</span> ·{' '}
          {formatMoney(me.equity, currency)}{' '}
          <button type="button" className="cw-standings__link-button" onClick={() => page.onChange(myPage)}>
            Show my rank
          </button>
        </p>
      ) : null}
      {/* While the table scrolls sideways, and only then, a named region in the Tab order (above). */}
      <section ref={scroller} className="cw-trading__leaderboard cw-scroll-x">
        <table
          className={loading ? 'cw-standings cw-standings--loading' : 'cw-standings'}
          aria-busy={loading}
        >
          <caption id={captionId} className="cw-visually-hidden">
            Standings
          </caption>
          <thead>
            <tr>
              {columns.map(({ title, numeric }) => (
                <th key={title} scope="col" className={numeric ? 'cw-standings__number' : undefined}>
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="cw-standings__empty">
                  {loading ? 'Loading the standings…' : emptyText}
                </td>
              </tr>
            ) : (
              shown.map((row) => (
                <tr
                  key={row.userId}
                  className={row.userId === currentUserId ? 'cw-trading__my-row' : undefined}
                >
                  {columns.map(({ title, numeric, cell }) => (
                    <td
                      key={title}
                      className={
                        title === 'Rank'
                          ? 'cw-standings__number cw-standings__rank'
                          : numeric
                            ? 'cw-standings__number'
                            : undefined
                      }
                    >
                      {cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      {/* Said to screen readers: the rows shown stay on screen, dimmed, while the next page loads. */}
      <p className="cw-visually-hidden" role="status">
        {loading && shown.length > 0 ? 'Loading the standings…' : ''}
      </p>
      {paging.total > paging.pageSize ? <Pager paging={paging} /> : null}
    </>
  );
}

/**
 * The page buttons to show: all of them up to 7 pages, else the first, the last and the current
 * page's neighbours (5 in a row at either end), with a gap where pages are left out.
 */
function pageItems(current: number, count: number): Array<number | 'gap-before' | 'gap-after'> {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1);
  const from = current <= 4 ? 2 : current >= count - 3 ? count - 4 : current - 1;
  const to = current <= 4 ? 5 : current >= count - 3 ? count - 1 : current + 1;
  const middle = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return [
    1,
    ...(from > 2 ? (['gap-before'] as const) : []),
    ...middle,
    ...(to < count - 1 ? (['gap-after'] as const) : []),
    count,
  ];
}

/**
 * antd's pager as plain buttons: 'Ranks 1–50 of 120', Previous, the page numbers (the current one
 * marked with aria-current), Next. At either end Previous or Next is aria-disabled rather than
 * disabled, so the focus stays on it after the click that got there.
 */
function Pager({ paging }: { paging: Paging }) {
  const { current, pageSize, total, onChange } = paging;
  const count = Math.ceil(total / pageSize);
  const from = (current - 1) * pageSize + 1;
  const to = Math.min(current * pageSize, total);
  const go = (target: number) => {
    if (target >= 1 && target <= count && target !== current) onChange(target);
  };
  return (
    <nav className="cw-pager" aria-label="Standings pages">
      <p className="cw-pager__total">
        Ranks {from.toLocaleString('en-US')}–{to.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
      </p>
      <ul className="cw-pager__list">
        <li>
          <button
            type="button"
            className="cw-pager__button"
            aria-label="Previous page"
            aria-disabled={current <= 1}
            onClick={() => go(current - 1)}
          >
            <SvgIcon icon={LeftOutlined} />
          </button>
        </li>
        {pageItems(current, count).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className="cw-pager__button"
                aria-label={`Page ${item}`}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className="cw-pager__gap" aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="cw-pager__button"
            aria-label="Next page"
            aria-disabled={current >= count}
            onClick={() => go(current + 1)}
          >
            <SvgIcon icon={RightOutlined} />
          </button>
        </li>
      </ul>
    </nav>
  );
}

/** Drawn again only when its rows or paging change, not on every live price (each second). */
export const LeaderboardTable = memo(LeaderboardTableView);
