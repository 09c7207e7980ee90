import type { StandingRow } from '../../engine/account-book.ts';
import { STANDINGS_TOP, type StandingsFrame, standingsFrame } from '../../engine/compute-standings.ts';

export { STANDINGS_TOP };

/**
 * What one engine moment's standings look like to the stream: the top rows as JSON text, serialised
 * once for every viewer, and each member's own row, found and serialised once per moment for
 * whoever asks. The engine makes a new rows array (or frame) for every tick that changes anything,
 * so the view of one never goes stale (kept in a WeakMap, forgotten with it). A moment of a frame
 * that is not the whole table knows only the top and the rows of the members streaming it.
 */
class StandingsMoment {
  readonly topText: string;
  private byUser: Map<string, StandingRow> | null = null;
  private readonly rowTexts = new Map<string, string>();
  private readonly filteredRows = new Map<string, StandingRow[]>();
  private readonly rows: StandingRow[];

  /** The ledger sequence these standings include: the highest of their rows' last writes. */
  readonly ledgerSeq: number;
  readonly total: number;
  /** The whole table (a GET's rows, or a frame sent whole): a row not found here does not exist. */
  readonly complete: boolean;

  constructor(frame: StandingsFrame) {
    this.rows = frame.rows;
    this.topText = JSON.stringify(frame.rows.slice(0, STANDINGS_TOP));
    this.ledgerSeq = frame.ledgerSeq;
    this.total = frame.total;
    this.complete = frame.complete;
  }

  /** Whether this moment can say what the member's row is (it may say they have none). */
  knows(userId: string): boolean {
    return this.complete || this.rowOf(userId) !== null;
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

const moments = new WeakMap<StandingRow[] | StandingsFrame, StandingsMoment>();
/** The moment of a whole table (`rows`) or of a frame the engine published. */
export function standingsMoment(source: StandingRow[] | StandingsFrame): StandingsMoment {
  let moment = moments.get(source);
  if (!moment) {
    moment = new StandingsMoment(Array.isArray(source) ? standingsFrame(source, null) : source);
    moments.set(source, moment);
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

  frame(source: StandingRow[] | StandingsFrame): string | null {
    const data = this.data(source);
    return data === null ? null : `event: standings\ndata: ${data}\n\n`;
  }

  /** The data of that `standings` event as JSON text (the live stream adds its own framing). */
  data(source: StandingRow[] | StandingsFrame): string | null {
    const moment = standingsMoment(source);
    // A frame without this viewer's row (it began streaming a second ago, before the holder knew)
    // says nothing about it: their row stays as last sent.
    const me = moment.knows(this.userId) ? moment.rowText(this.userId) : this.sentMe;
    const topChanged = moment.topText !== this.sentTop;
    const meChanged = me !== this.sentMe;
    if (!topChanged && !meChanged && moment.total === this.sentTotal) return null;
    this.sentTop = moment.topText;
    this.sentMe = me;
    this.sentTotal = moment.total;
    return `{"total":${moment.total},"ledgerSeq":${moment.ledgerSeq}${topChanged ? `,"top":${moment.topText}` : ''}${meChanged ? `,"me":${me}` : ''}}`;
  }
}
