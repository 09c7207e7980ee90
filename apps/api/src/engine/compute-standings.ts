import { hundredthsOf, type Ranking, rankingScore } from '@candlewise/shared/groups/ranking';
import { changePercent } from '@candlewise/shared/money/money';
import type { AccountState, StandingRow } from './account-book.ts';

/**
 * The standings of a competition's accounts, ranked by the group's ranking (return % or Calmar,
 * packages/shared/src/groups/ranking.ts), removed members left out. Ties follow the shared chain
 * (compareRankKeys): score, return %, equity, name, user id; members already ranked for good
 * (the competition's end) keep their final rank.
 */
export function computeStandings(
  accounts: Iterable<AccountState>,
  ranking: Ranking = 'return',
): StandingRow[] {
  // Sort indexes over plain number arrays, build the row objects once: this runs every second over
  // every member (10,000 in the engine bench), so no per-member sort objects. Score and return are
  // kept in whole hundredths (what the table shows), so equal figures tie the same way everywhere.
  const list: AccountState[] = [];
  for (const account of accounts) if (!account.removed) list.push(account);
  const count = list.length;
  const pnls = new Float64Array(count);
  const pnlHundredths = new Float64Array(count);
  const scoreHundredths = new Float64Array(count);
  const drawdowns = new Float64Array(count);
  const equities = new Float64Array(count);
  const finalRanks = new Float64Array(count);
  const order: number[] = new Array(count);
  for (let i = 0; i < count; i += 1) {
    const account = list[i];
    const pnl = changePercent(account.startingBalance, account.equity);
    const drawdown = hundredthsOf(account.maxDrawdownPercent) / 100;
    pnls[i] = pnl;
    pnlHundredths[i] = hundredthsOf(pnl);
    drawdowns[i] = drawdown;
    scoreHundredths[i] =
      ranking === 'return' ? pnlHundredths[i] : hundredthsOf(rankingScore(ranking, pnl, drawdown));
    equities[i] = account.equity;
    finalRanks[i] = account.finalRank ?? Number.NaN;
    order[i] = i;
  }
  order.sort((a, b) => {
    const ra = finalRanks[a];
    const rb = finalRanks[b];
    if (!Number.isNaN(ra) && !Number.isNaN(rb)) return ra - rb; // both ranked for good
    if (scoreHundredths[b] !== scoreHundredths[a]) return scoreHundredths[b] - scoreHundredths[a];
    if (pnlHundredths[b] !== pnlHundredths[a]) return pnlHundredths[b] - pnlHundredths[a];
    if (equities[b] !== equities[a]) return equities[b] - equities[a];
    const na = list[a].name;
    const nb = list[b].name;
    if (na !== nb) return na < nb ? -1 : 1;
    const ua = list[a].userId;
    const ub = list[b].userId;
    return ua < ub ? -1 : ua > ub ? 1 : 0;
  });
  const rows: StandingRow[] = new Array(count);
  for (let i = 0; i < count; i += 1) {
    const index = order[i];
    const account = list[index];
    rows[i] = {
      rank: i + 1,
      userId: account.userId,
      name: account.name,
      pnlPercent: pnls[index],
      // Whole minor units already: the number JSON prints is the exact amount.
      balance: account.balance,
      equity: account.equity,
      trades: account.tradesCount,
      freezes: account.freezeCount,
      frozenUntil: account.frozenUntil ? new Date(account.frozenUntil).toISOString() : null,
      ledgerSeq: account.ledgerSeq,
      frozenReason: account.frozenUntil ? account.frozenReason : null,
      score: scoreHundredths[index] / 100,
      maxDrawdownPercent: drawdowns[index],
      phase: account.phase,
      challengeStatus: account.challengeStatus,
    };
  }
  return rows;
}

/** How many leading rows every viewer of a live leaderboard receives on each change (ADR 020). */
export const STANDINGS_TOP = 10;

/**
 * What the holder of a competition publishes each second on its standings channel. `complete`:
 * `rows` is the whole table. Otherwise `rows` holds the first STANDINGS_TOP and the rows of the
 * members streaming the competition anywhere in the deployment (all a live leaderboard shows: the
 * top and one's own row), in rank order, with the table's size and ledger sequence. The whole
 * table of a thousand members was 280 KB a second per competition, serialised by the holder and
 * parsed by every process with a viewer.
 */
export type StandingsFrame = {
  complete: boolean;
  /** Rows in the whole table. */
  total: number;
  /** The ledger sequence the table includes: the highest of its rows' last writes. */
  ledgerSeq: number;
  rows: StandingRow[];
};

/** The frame of `rows` for `listeners` (null: who listens is not known, so the whole table). */
export function standingsFrame(rows: StandingRow[], listeners: ReadonlySet<string> | null): StandingsFrame {
  let ledgerSeq = 0;
  for (const row of rows) if (row.ledgerSeq > ledgerSeq) ledgerSeq = row.ledgerSeq;
  if (listeners === null || rows.length <= STANDINGS_TOP)
    return { complete: true, total: rows.length, ledgerSeq, rows };
  const shown: StandingRow[] = [];
  for (let i = 0; i < rows.length; i += 1)
    if (i < STANDINGS_TOP || listeners.has(rows[i].userId)) shown.push(rows[i]);
  return { complete: shown.length === rows.length, total: rows.length, ledgerSeq, rows: shown };
}
