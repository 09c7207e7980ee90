import type { StandingRow } from '../../engine/account-book.ts';

/** How many leading rows every viewer of a live leaderboard receives on each change. */
export const STANDINGS_TOP = 10;

/**
 * What one engine moment's standings look like to the stream: the top rows as JSON text, serialised
 * once for every viewer, and each member's own row, found and serialised once per moment for
 * whoever asks. The engine makes a new rows array for every tick that changes anything, so the view
 * of an array never goes stale (kept in a WeakMap, forgotten with the array).
 */
class StandingsMoment {
  readonly topText: string;
  private byUser: Map<string, StandingRow> | null = null;
  private readonly rowTexts = new Map<string, string>();
  private readonly filteredRows = new Map<string, StandingRow[]>();

  /** The ledger sequence these standings include: the highest of their rows' last writes. */
  readonly ledgerSeq: number;

  constructor(private readonly rows: StandingRow[]) {
    this.topText = JSON.stringify(rows.slice(0, STANDINGS_TOP));
    let highest = 0;
    for (const row of rows) if (row.ledgerSeq > highest) highest = row.ledgerSeq;
    this.ledgerSeq = highest;
  }

  get total(): number {
    return this.rows.length;
  }

  /** The member's own row (null when they have none, e.g. an admin). */
  rowOf(userId: string): StandingRow | null {
    // One pass over the table finds the rows of everyone watching (not a map of every member).
    if (!this.byUser) {
      this.byUser = new Map();
      for (const row of this.rows) if (watching.has(row.userId)) this.byUser.set(row.userId, row);
    }
    return this.byUser.get(userId) ?? this.rows.find((candidate) => candidate.userId === userId) ?? null;
  }

  /** The member's own row as JSON text ('null' when they have no row, e.g. an admin). */
  rowText(userId: string): string {
    let text = this.rowTexts.get(userId);
    if (text === undefined) {
      const row = this.rowOf(userId);
      text = row ? JSON.stringify(row) : 'null';
      this.rowTexts.set(userId, text);
    }
    return text;
  }

  /**
   * The rows a leaderboard filter keeps ('all': every row), worked out once per moment and filter.
   * `phase` is the caller's challenge phase, for 'my-phase'.
   */
  filtered(filter: 'all' | 'passed' | 'failed' | 'my-phase', phase: number | null): StandingRow[] {
    if (filter === 'all') return this.rows;
    const key = filter === 'my-phase' ? `phase:${phase}` : filter;
    let rows = this.filteredRows.get(key);
    if (!rows) {
      rows =
        filter === 'my-phase'
          ? this.rows.filter((row) => row.phase === phase)
          : this.rows.filter((row) => row.challengeStatus === filter);
      this.filteredRows.set(key, rows);
    }
    return rows;
  }
}

/** The members with a leaderboard open on this process (how many streams each). */
const watching = new Map<string, number>();

const moments = new WeakMap<StandingRow[], StandingsMoment>();
export function standingsMoment(rows: StandingRow[]): StandingsMoment {
  let moment = moments.get(rows);
  if (!moment) {
    moment = new StandingsMoment(rows);
    moments.set(rows, moment);
  }
  return moment;
}

/**
 * One viewer of a live leaderboard. `frame` answers the `standings` event this viewer needs for a
 * new moment: `{ total, top?, me? }`, where `top` (the first STANDINGS_TOP rows) and `me` (their own
 * row, null when they have none) come only when they differ from what this viewer last received,
 * or null when nothing they see changed. The first frame has both. Every other rank is read on
 * demand with GET /group/{groupId}/leaderboard?offset=&limit=.
 */
export class StandingsViewer {
  private sentTop: string | null = null;
  private sentMe: string | null = null;
  private sentTotal = -1;

  constructor(private readonly userId: string) {
    watching.set(userId, (watching.get(userId) ?? 0) + 1);
  }

  /** The stream ended: this viewer's row need no longer be looked for. */
  close(): void {
    const left = (watching.get(this.userId) ?? 1) - 1;
    if (left > 0) watching.set(this.userId, left);
    else watching.delete(this.userId);
  }

  frame(rows: StandingRow[]): string | null {
    const data = this.data(rows);
    return data === null ? null : `event: standings\ndata: ${data}\n\n`;
  }

  /** The data of that `standings` event as JSON text (the live stream adds its own framing). */
  data(rows: StandingRow[]): string | null {
    const moment = standingsMoment(rows);
    const me = moment.rowText(this.userId);
    const topChanged = moment.topText !== this.sentTop;
    const meChanged = me !== this.sentMe;
    if (!topChanged && !meChanged && moment.total === this.sentTotal) return null;
    this.sentTop = moment.topText;
    this.sentMe = me;
    this.sentTotal = moment.total;
    return `{"total":${moment.total},"ledgerSeq":${moment.ledgerSeq}${topChanged ? `,"top":${moment.topText}` : ''}${meChanged ? `,"me":${me}` : ''}}`;
  }
}
