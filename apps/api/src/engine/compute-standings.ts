import { hundredthsOf, type Ranking, rankingScore } from '@candlewise/shared/groups/ranking';
import { changePercent } from '@candlewise/shared/money/money';
import type { AccountState, GroupState, StandingRow } from './account-book.ts';

/**
 * The standings of a competition's accounts, ranked by the group's ranking (return % or Calmar,
 * packages/shared/src/groups/ranking.ts), removed members left out. Ties follow the shared chain
 * (compareRankKeys): score, return %, equity, name, user id (then the account id); members already
 * ranked for good (the competition's end) keep their final rank. Once, from scratch: the engine
 * keeps a StandingsTable per competition instead.
 */
export function computeStandings(
  accounts: Iterable<AccountState>,
  ranking: Ranking = 'return',
): StandingRow[] {
  const table = new StandingsTable();
  table.update(accounts, ranking);
  return table.rows();
}

/**
 * A competition's standings kept sorted from one second to the next. Each update walks the
 * accounts once, comparing what a row shows and what ranks it with what the table last saw; only
 * the accounts whose rank keys moved are sorted (among themselves) and merged back into the rest,
 * which kept its order, and only the rows whose figures or rank changed are built again. The
 * answer is always exactly what a new table given the same accounts answers (compute-standings.test.ts
 * checks it over random seconds): at 1,000 members with a few dozen trading, this is a walk instead
 * of a sort and a thousand new rows per competition per second. Score and return are kept in whole
 * hundredths (what the table shows), so equal figures tie the same way everywhere.
 */
export class StandingsTable {
  private ranking: Ranking | null = null;
  private entries: StandingEntry[] = [];
  private readonly byId = new Map<string, StandingEntry>();
  private rowsCache: StandingRow[] | null = null;
  /** The entries in the order the accounts came last time. */
  private walked: StandingEntry[] = [];
  private generation = 0;

  /** Takes this second's figures; the table's order follows them. */
  update(accounts: Iterable<AccountState>, ranking: Ranking): void {
    if (ranking !== this.ranking) {
      this.ranking = ranking;
      this.entries = [];
      this.byId.clear();
      this.walked = [];
      this.rowsCache = null;
    }
    const generation = ++this.generation;
    const moved: StandingEntry[] = [];
    let figuresChanged = false;
    // The accounts come in the same order each second (a Map's): the entry of the account met at
    // the same place last time is taken without a lookup.
    const walked = this.walked;
    let at = 0;
    for (const account of accounts) {
      if (account.removed) continue;
      const place = at++;
      let entry = walked[place]?.account === account ? walked[place] : this.byId.get(account.id);
      if (!entry) {
        entry = newEntry(account);
        this.byId.set(account.id, entry);
      }
      walked[place] = entry;
      entry.account = account;
      entry.seen = generation;
      if (sameFigures(entry, account)) continue; // a new entry never matches (no user id yet)
      figuresChanged = true;
      if (takeFigures(entry, account, ranking)) {
        entry.moved = generation;
        moved.push(entry);
      }
    }
    walked.length = at;
    const dropped = at !== this.byId.size;
    if (dropped) for (const [id, entry] of this.byId) if (entry.seen !== generation) this.byId.delete(id);
    if (!figuresChanged && !dropped) return;
    this.rowsCache = null;
    if (moved.length || dropped) {
      const kept = this.entries.filter((entry) => entry.seen === generation && entry.moved !== generation);
      moved.sort(compareEntries);
      this.entries = mergeSorted(kept, moved);
    }
  }

  /** Every row in rank order (the same array until the figures change). */
  rows(): StandingRow[] {
    if (this.rowsCache) return this.rowsCache;
    const rows: StandingRow[] = new Array(this.entries.length);
    for (let i = 0; i < rows.length; i += 1) rows[i] = this.rowAt(i);
    this.rowsCache = rows;
    return rows;
  }

  /**
   * What `standingsFrame(this.rows(), listeners)` answers, building only the rows it carries: when a
   * member climbs, every row it passes changes rank, so most of a thousand rows would be new
   * objects each second for a frame of a dozen.
   */
  frame(listeners: ReadonlySet<string> | null): StandingsFrame {
    const total = this.entries.length;
    if (listeners === null || total <= STANDINGS_TOP) return standingsFrame(this.rows(), listeners);
    let ledgerSeq = 0;
    const shown: StandingRow[] = [];
    for (let i = 0; i < total; i += 1) {
      const entry = this.entries[i];
      if (entry.ledgerSeq > ledgerSeq) ledgerSeq = entry.ledgerSeq;
      if (i < STANDINGS_TOP || listeners.has(entry.userId)) shown.push(this.rowAt(i));
    }
    return { complete: shown.length === total, total, ledgerSeq, rows: shown };
  }

  private rowAt(index: number): StandingRow {
    const entry = this.entries[index];
    if (entry.row === null || entry.row.rank !== index + 1) entry.row = rowOf(entry, index + 1);
    return entry.row;
  }
}

/** One member in a StandingsTable: its rank keys, the figures its row shows, and that row. */
type StandingEntry = {
  id: string;
  /** The account object last read (memory replaces it when a saved state arrives). */
  account: AccountState | null;
  userId: string;
  name: string;
  startingBalance: number;
  balance: number;
  equity: number;
  maxDrawdownPercent: number;
  tradesCount: number;
  freezeCount: number;
  frozenUntil: number | null;
  frozenReason: AccountState['frozenReason'];
  ledgerSeq: number;
  phase: number;
  challengeStatus: AccountState['challengeStatus'];
  finalRank: number | null;
  pnl: number;
  pnlHundredths: number;
  scoreHundredths: number;
  drawdown: number;
  row: StandingRow | null;
  seen: number;
  moved: number;
};

function newEntry(account: AccountState): StandingEntry {
  return {
    id: account.id,
    account: null,
    userId: '',
    name: '',
    startingBalance: 0,
    balance: 0,
    equity: 0,
    maxDrawdownPercent: 0,
    tradesCount: 0,
    freezeCount: 0,
    frozenUntil: null,
    frozenReason: null,
    ledgerSeq: 0,
    phase: 0,
    challengeStatus: account.challengeStatus,
    finalRank: null,
    pnl: 0,
    pnlHundredths: Number.NaN, // never equal: a new entry is always placed
    scoreHundredths: 0,
    drawdown: 0,
    row: null,
    seen: 0,
    moved: 0,
  };
}

function sameFigures(entry: StandingEntry, account: AccountState): boolean {
  return (
    entry.equity === account.equity &&
    entry.balance === account.balance &&
    entry.maxDrawdownPercent === account.maxDrawdownPercent &&
    entry.ledgerSeq === account.ledgerSeq &&
    entry.tradesCount === account.tradesCount &&
    entry.freezeCount === account.freezeCount &&
    entry.frozenUntil === account.frozenUntil &&
    entry.frozenReason === account.frozenReason &&
    entry.finalRank === account.finalRank &&
    entry.startingBalance === account.startingBalance &&
    entry.phase === account.phase &&
    entry.challengeStatus === account.challengeStatus &&
    entry.name === account.name &&
    entry.userId === account.userId
  );
}

/** Copies the account's figures into its entry, its row to be built again; true when its rank keys moved. */
function takeFigures(entry: StandingEntry, account: AccountState, ranking: Ranking): boolean {
  const pnl = changePercent(account.startingBalance, account.equity);
  const drawdown = hundredthsOf(account.maxDrawdownPercent) / 100;
  const pnlHundredths = hundredthsOf(pnl);
  const scoreHundredths =
    ranking === 'return' ? pnlHundredths : hundredthsOf(rankingScore(ranking, pnl, drawdown));
  const moved =
    pnlHundredths !== entry.pnlHundredths ||
    scoreHundredths !== entry.scoreHundredths ||
    account.equity !== entry.equity ||
    account.finalRank !== entry.finalRank ||
    account.name !== entry.name ||
    account.userId !== entry.userId;
  entry.userId = account.userId;
  entry.name = account.name;
  entry.startingBalance = account.startingBalance;
  entry.balance = account.balance;
  entry.equity = account.equity;
  entry.maxDrawdownPercent = account.maxDrawdownPercent;
  entry.tradesCount = account.tradesCount;
  entry.freezeCount = account.freezeCount;
  entry.frozenUntil = account.frozenUntil;
  entry.frozenReason = account.frozenReason;
  entry.ledgerSeq = account.ledgerSeq;
  entry.phase = account.phase;
  entry.challengeStatus = account.challengeStatus;
  entry.finalRank = account.finalRank;
  entry.pnl = pnl;
  entry.pnlHundredths = pnlHundredths;
  entry.scoreHundredths = scoreHundredths;
  entry.drawdown = drawdown;
  entry.row = null;
  return moved;
}

/** The ranking order: final ranks, then score, return, equity, name, user id, account id. */
function compareEntries(a: StandingEntry, b: StandingEntry): number {
  if (a.finalRank !== null && b.finalRank !== null) return a.finalRank - b.finalRank;
  if (b.scoreHundredths !== a.scoreHundredths) return b.scoreHundredths - a.scoreHundredths;
  if (b.pnlHundredths !== a.pnlHundredths) return b.pnlHundredths - a.pnlHundredths;
  if (b.equity !== a.equity) return b.equity - a.equity;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  if (a.userId !== b.userId) return a.userId < b.userId ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function mergeSorted(left: StandingEntry[], right: StandingEntry[]): StandingEntry[] {
  const merged: StandingEntry[] = new Array(left.length + right.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < left.length && j < right.length)
    merged[k++] = compareEntries(right[j], left[i]) < 0 ? right[j++] : left[i++];
  while (i < left.length) merged[k++] = left[i++];
  while (j < right.length) merged[k++] = right[j++];
  return merged;
}

function rowOf(entry: StandingEntry, rank: number): StandingRow {
  return {
    rank,
    userId: entry.userId,
    name: entry.name,
    pnlPercent: entry.pnl,
    balance: entry.balance,
    equity: entry.equity,
    trades: entry.tradesCount,
    freezes: entry.freezeCount,
    frozenUntil: entry.frozenUntil ? new Date(entry.frozenUntil).toISOString() : null,
    ledgerSeq: entry.ledgerSeq,
    frozenReason: entry.frozenUntil ? entry.frozenReason : null,
    score: entry.scoreHundredths / 100,
    maxDrawdownPercent: entry.drawdown,
    phase: entry.phase,
    challengeStatus: entry.challengeStatus,
  };
}

/** The competition's table with this second's figures (compute-standings.ts keeps it sorted). */
export function standingsTableOf(group: GroupState): StandingsTable {
  group.standingsTable ??= new StandingsTable();
  group.standingsTable.update(group.accounts.values(), group.ranking);
  return group.standingsTable;
}

/** The competition's standings now, as `group.standings`. */
export function refreshStandings(group: GroupState): StandingRow[] {
  group.standings = standingsTableOf(group).rows();
  group.standingsStale = false;
  return group.standings;
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
