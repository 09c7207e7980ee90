import { describe, expect, it } from 'vitest';
import { computeStandings } from '../compute-standings.ts';
import {
  accountOf,
  groupOf,
  quoteOf,
  recordingBus,
  recordingNotifier,
  T0,
} from '../testing/engine-fixtures.ts';
import { publishTick } from './publish-tick.ts';

// The publish stage with a fake bus and notifier: what the world hears after a tick was saved.

describe('publishTick', () => {
  const richer = accountOf('a1', { equity: 110_000 });
  const poorer = accountOf('a2', { equity: 90_000 });

  it('publishes the quotes, the standings of competitions under way and the stored notifications', async () => {
    const { bus, published, channels } = recordingBus();
    const { notifier, announced } = recordingNotifier();
    const running = groupOf([poorer, richer]);
    const upcoming = groupOf([], { id: 'g2', startMs: T0 + 1 });
    const over = groupOf([], { id: 'g3', finalized: true });
    const announcement = { channel: 'notifications:user:user-a1', payload: { kind: 'account_frozen' } };

    await publishTick(
      { bus, notifier },
      {
        now: T0,
        quotes: new Map([['NIFTY50', quoteOf('NIFTY50', 20_000)]]),
        replayQuotes: new Map(),
        groups: new Map([running, upcoming, over].map((group) => [group.id, group])),
        finalized: [],
        announcements: [announcement],
      },
    );

    expect(channels()).toEqual(['trading:quotes', 'trading:standings:g1']);
    expect(published[0].payload).toEqual([quoteOf('NIFTY50', 20_000)]);
    expect((published[1].payload as { rows: Array<{ rank: number }> }).rows.map((row) => row.rank)).toEqual([
      1, 2,
    ]);
    // The frame is the table a read sorts (the whole of it: who listens is known, and both are in the top).
    expect((published[1].payload as { rows: unknown[] }).rows).toEqual(
      computeStandings(running.accounts.values()),
    );
    expect(announced).toEqual([announcement]);
  });

  it('publishes a replay’s own quotes, and a competition finalised this tick once more (no live quotes: another process holds the market)', async () => {
    const { bus, channels } = recordingBus();
    const { notifier } = recordingNotifier();
    const replay = groupOf([], { id: 'r1', replay: { from: T0 - 86_400_000, speed: 1 } });
    const ended = groupOf([richer], { id: 'g9', finalized: true });
    await publishTick(
      { bus, notifier },
      {
        now: T0,
        quotes: new Map(),
        replayQuotes: new Map([
          ['r1', new Map([['NIFTY50', quoteOf('NIFTY50', 19_000)]])],
          ['gone', new Map([['NIFTY50', quoteOf('NIFTY50', 19_000)]])],
        ]),
        groups: new Map([replay, ended].map((group) => [group.id, group])),
        finalized: [ended],
        announcements: [],
      },
    );
    expect(channels()).toEqual(['trading:group-quotes:r1', 'trading:standings:r1', 'trading:standings:g9']);
  });

  // bench:scale: 51 competitions of a thousand members a process, 280 KB of JSON each a second,
  // published while nobody streamed them (the publish stage was 245 ms of a 320–410 ms tick p99).
  it('builds no frame for a competition nobody streams, and leaves its standings to be sorted when read', async () => {
    const { bus, channels } = recordingBus(new Set(['trading:standings:g2']));
    const { notifier } = recordingNotifier();
    const watched = groupOf([poorer, richer]);
    const unwatched = groupOf([poorer, richer], { id: 'g2', standings: [] });
    await publishTick(
      { bus, notifier },
      {
        now: T0,
        quotes: new Map(),
        replayQuotes: new Map(),
        groups: new Map([watched, unwatched].map((group) => [group.id, group])),
        finalized: [],
        announcements: [],
      },
    );
    expect(channels()).toEqual(['trading:standings:g1']);
    expect(unwatched.standings).toEqual([]);
    expect(unwatched.standingsStale).toBe(true);
  });

  // bench:scale with a leaderboard open on every competition: each second's frame was the whole
  // table (280 KB at a thousand members), serialised here and parsed by every process with a viewer.
  it('sends the top and the rows of the members streaming, with the table’s size and ledger sequence', async () => {
    const accounts = Array.from({ length: 30 }, (_, i) =>
      accountOf(`a${i}`, { equity: 100_000 + i * 100, ledgerSeq: i + 1 }),
    );
    const { bus, published } = recordingBus(
      new Set(),
      new Map([['trading:standings:g1', new Set(['user-a0', 'user-a15'])]]),
    );
    const { notifier } = recordingNotifier();
    await publishTick(
      { bus, notifier },
      {
        now: T0,
        quotes: new Map(),
        replayQuotes: new Map(),
        groups: new Map([['g1', groupOf(accounts)]]),
        finalized: [],
        announcements: [],
      },
    );
    const frame = published[0].payload as {
      complete: boolean;
      total: number;
      ledgerSeq: number;
      rows: Array<{ rank: number; userId: string }>;
    };
    expect(frame).toMatchObject({ complete: false, total: 30, ledgerSeq: 30 });
    // The richest first: a29 … a20 are the top ten; a15 ranks 15th, a0 last.
    expect(frame.rows.map((row) => [row.rank, row.userId])).toEqual([
      ...Array.from({ length: 10 }, (_, i) => [i + 1, `user-a${29 - i}`]),
      [15, 'user-a15'],
      [30, 'user-a0'],
    ]);
  });
});
