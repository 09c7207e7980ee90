import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { StandingRow } from '../src/engine/account-book.ts';
import { standingsFrame } from '../src/engine/compute-standings.ts';
import { STANDINGS_TOP, StandingsViewer } from '../src/services/trading/standings-feed.ts';
import { addApprovedMembers, type Member } from './competition-members.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

const row = (rank: number, userId: string, equity = 100_000): StandingRow => ({
  rank,
  userId,
  name: `Trader ${userId}`,
  pnlPercent: (equity - 100_000) / 1000,
  balance: 100_000,
  equity,
  trades: 0,
  freezes: 0,
  frozenUntil: null,
  ledgerSeq: rank,
  frozenReason: null,
  score: (equity - 100_000) / 1000,
  maxDrawdownPercent: 0,
  phase: 1,
  challengeStatus: 'in-progress',
});
const table = (count: number, equityOf: (i: number) => number = () => 100_000) =>
  Array.from({ length: count }, (_, i) => row(i + 1, `u${i}`, equityOf(i)));

/** The JSON of an SSE `standings` frame. */
const data = (frame: string | null) => {
  expect(frame).toMatch(/^event: standings\ndata: .*\n\n$/);
  return JSON.parse(frame!.split('\n')[1].slice('data: '.length)) as {
    total: number;
    ledgerSeq: number;
    top?: StandingRow[];
    me?: StandingRow | null;
  };
};

describe('a live leaderboard viewer', () => {
  it('first gets the top rows, their own row wherever it ranks, and the total', () => {
    const viewer = new StandingsViewer('u500');
    const first = data(viewer.frame(table(1000)));
    expect(first.total).toBe(1000);
    expect(first.top).toHaveLength(STANDINGS_TOP);
    expect(first.top![0]).toMatchObject({ rank: 1, userId: 'u0' });
    expect(first.me).toMatchObject({ rank: 501, userId: 'u500' });
  });

  it('then only what changed for them: nothing, the top alone, or their own row alone', () => {
    const viewer = new StandingsViewer('u500');
    viewer.frame(table(1000));
    expect(viewer.frame(table(1000))).toBeNull(); // a new moment where nothing they see moved

    const topMoved = data(viewer.frame(table(1000, (i) => (i === 3 ? 101_000 : 100_000))));
    expect(topMoved.top![3].equity).toBe(101_000);
    expect(topMoved).not.toHaveProperty('me');

    const meMoved = data(
      viewer.frame(table(1000, (i) => (i === 3 ? 101_000 : i === 500 ? 99_000 : 100_000))),
    );
    expect(meMoved).not.toHaveProperty('top');
    expect(meMoved.me).toMatchObject({ userId: 'u500', equity: 99_000 });

    // A far rank moving changes neither: nothing is sent to this viewer.
    expect(
      viewer.frame(table(1000, (i) => (i === 3 ? 101_000 : i === 500 ? 99_000 : i === 900 ? 1 : 100_000))),
    ).toBeNull();
  });

  it('says me: null to a viewer without a row (an administrator), once', () => {
    const viewer = new StandingsViewer('admin');
    expect(data(viewer.frame(table(20))).me).toBeNull();
    expect(viewer.frame(table(20))).toBeNull();
  });

  // The engine's frames carry the top and the rows of the members streaming (compute-standings.ts).
  it('from a frame that is not the whole table: the top, their row when it is there, else their row as last sent', () => {
    const viewer = new StandingsViewer('u500');
    viewer.frame(table(1000));
    const moved = table(1000, (i) => (i === 500 ? 98_000 : 100_000));
    const withMe = data(viewer.frame(standingsFrame(moved, new Set(['u500']))));
    expect(withMe).toMatchObject({ total: 1000, ledgerSeq: 1000, me: { userId: 'u500', equity: 98_000 } });
    expect(withMe).not.toHaveProperty('top');

    // Just began streaming: the holder does not know it yet. Its row is not said to be gone.
    const topMoved = table(1000, (i) => (i === 0 ? 105_000 : i === 500 ? 98_000 : 100_000));
    const withoutMe = data(viewer.frame(standingsFrame(topMoved, new Set())));
    expect(withoutMe.top![0].equity).toBe(105_000);
    expect(withoutMe).not.toHaveProperty('me');

    const newcomer = new StandingsViewer('u700');
    expect(data(newcomer.frame(standingsFrame(topMoved, new Set()))).me).toBeUndefined();
    // An administrator (no row) still hears "none" from a whole table.
    const admin = new StandingsViewer('admin');
    expect(data(admin.frame(standingsFrame(table(5), new Set()))).me).toBeNull();
    for (const one of [viewer, newcomer, admin]) one.close();
  });

  it('stays small at 10,000 members: a frame is the top and one row, not the table', () => {
    const viewer = new StandingsViewer('u9999');
    const rows = table(10_000);
    const frame = viewer.frame(rows)!;
    expect(Buffer.byteLength(frame)).toBeLessThan(5 * 1024);
    expect(Buffer.byteLength(JSON.stringify(rows))).toBeGreaterThan(100 * Buffer.byteLength(frame));
  });
});

describe('GET /group/:groupId/leaderboard pages and the caller’s row', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: FastifyInstance;
  let members: Member[];
  const get = (member: Member, query = '') =>
    app.inject({
      method: 'GET',
      url: `/api/v1/group/group-running/leaderboard${query}`,
      headers: bearer(member.token),
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig(), database, logger: false });
    await app.tradingEngine.tryLead();
    members = await addApprovedMembers(database.db, testConfig().appSecret, 'group-running', 120, 'paged');
    await app.tradingEngine.announceGroupChange('group-running');
    await app.tradingEngine.flush();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers every row without paging, with the total and the caller’s own row', async () => {
    const response = await get(members[7]);
    expect(response.statusCode).toBe(200);
    const body = response.json().data;
    expect(body.rows).toHaveLength(body.total);
    expect(body.total).toBeGreaterThanOrEqual(120);
    expect(body.me.userId).toBe(members[7].userId);
    expect(body.currency).toBeTypeOf('string');
  });

  it('answers a page of rows in rank order, every rank reachable', async () => {
    const all = (await get(members[0])).json().data;
    const second = (await get(members[0], '?offset=50&limit=50')).json().data;
    expect(second.rows).toEqual(all.rows.slice(50, 100));
    expect(second.total).toBe(all.total);
    const last = (await get(members[0], `?offset=${all.total - 1}&limit=50`)).json().data;
    expect(last.rows).toEqual([all.rows.at(-1)]);
    const ranks = [];
    for (let offset = 0; offset < all.total; offset += 50)
      ranks.push(
        ...(await get(members[0], `?offset=${offset}&limit=50`))
          .json()
          .data.rows.map((r: StandingRow) => r.rank),
      );
    expect(ranks).toEqual(all.rows.map((r: StandingRow) => r.rank));
  });

  it('gives an order the ledger sequence that booked it, and its row and the standings carry it', async () => {
    app.tradingEngine.setPrice('NIFTY50', 20_000);
    const order = await app.inject({
      method: 'POST',
      url: '/api/v1/group/group-running/orders',
      headers: bearer(members[3].token),
      payload: { symbol: 'NIFTY50', side: 'buy', quantity: 1 },
    });
    expect(order.statusCode).toBe(201);
    const { ledgerSeq } = order.json().data;
    expect(ledgerSeq).toBeGreaterThan(0);
    const later = await app.inject({
      method: 'POST',
      url: '/api/v1/group/group-running/orders',
      headers: bearer(members[4].token),
      payload: { symbol: 'NIFTY50', side: 'buy', quantity: 1 },
    });
    expect(later.json().data.ledgerSeq).toBeGreaterThan(ledgerSeq);
    await app.tradingEngine.flush();
    const page = (await get(members[3])).json().data;
    expect(page.me.ledgerSeq).toBe(ledgerSeq);
    // The account the desk reads says which write it is as of: a frame's row older than it is stale.
    const account = await app.inject({
      method: 'GET',
      url: '/api/v1/group/group-running/account',
      headers: bearer(members[3].token),
    });
    expect(account.json().data.account.ledgerSeq).toBe(ledgerSeq);
    // A frame of these standings says it includes both orders.
    const viewer = new StandingsViewer(members[3].userId);
    const frame = JSON.parse(viewer.data(page.rows)!);
    expect(frame.ledgerSeq).toBeGreaterThanOrEqual(later.json().data.ledgerSeq);
    viewer.close();
  });

  it('lists an account’s fills by the ledger sequence, so a close never shows before its opening', async () => {
    app.tradingEngine.setPrice('NIFTY50', 20_000);
    const place = (side: 'buy' | 'sell') =>
      app.inject({
        method: 'POST',
        url: '/api/v1/group/group-running/orders',
        headers: bearer(members[5].token),
        payload: { symbol: 'NIFTY50', side, quantity: 1 },
      });
    expect((await place('buy')).statusCode).toBe(201);
    expect((await place('sell')).statusCode).toBe(201);
    // Stamped by another process whose clock runs a second behind: the close's time is earlier.
    await database.db.execute(
      sql`update fills set created_at = created_at - interval '1 second' where account_id = ${members[5].accountId} and side = 'sell'`,
    );
    const account = await app.inject({
      method: 'GET',
      url: '/api/v1/group/group-running/account',
      headers: bearer(members[5].token),
    });
    // Newest first: the close, then the opening it closed.
    expect(account.json().data.fills.map((fill: { side: string }) => fill.side)).toEqual(['sell', 'buy']);
  });

  it('answers the rows around the caller with around=me, theirs in the middle', async () => {
    const all = (await get(members[0])).json().data;
    const mine = all.rows.findIndex((row: StandingRow) => row.userId === members[60].userId);
    const around = (await get(members[60], '?around=me&limit=11')).json().data;
    expect(around.rows).toHaveLength(11);
    expect(around.rows[5].userId).toBe(members[60].userId);
    expect(around.rows.map((row: StandingRow) => row.rank)).toEqual(
      all.rows.slice(mine - 5, mine + 6).map((row: StandingRow) => row.rank),
    );
    // Near the top the page starts at the top.
    const leader = all.rows[0].userId as string;
    const top = members.find((member) => member.userId === leader);
    if (top) expect((await get(top, '?around=me&limit=11')).json().data.rows[0].userId).toBe(leader);
  });

  it('exports the whole table as CSV, one line per member, formula-safe', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/group/group-running/leaderboard.csv',
      headers: bearer(members[2].token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\r\n');
    const total = (await get(members[2])).json().data.total;
    expect(lines).toHaveLength(total + 1);
    expect(lines[0]).toBe('Rank,Name,PnL %,Score,Balance (INR),Equity (INR),Trades,Freezes,Challenge,Phase');
    expect(lines[1].startsWith('1,')).toBe(true);
    // Not for someone outside the competition.
    const [outsider] = await addApprovedMembers(
      database.db,
      testConfig().appSecret,
      'group-upcoming',
      1,
      'out',
    );
    const refused = await app.inject({
      method: 'GET',
      url: '/api/v1/group/group-running/leaderboard.csv',
      headers: bearer(outsider.token),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('answers at most 500 rows without paging, with the total: the whole table is the export', async () => {
    const more = await addApprovedMembers(database.db, testConfig().appSecret, 'group-running', 400, 'many');
    await app.tradingEngine.announceGroupChange('group-running');
    await app.tradingEngine.flush();
    const body = (await get(more[0])).json().data;
    expect(body.total).toBeGreaterThan(500);
    expect(body.rows).toHaveLength(500);
    expect(body.rows[0].rank).toBe(1);
    expect(body.me.userId).toBe(more[0].userId);
  });

  it('refuses a page that is not one with a sentence', async () => {
    const response = await get(members[0], '?offset=-1&limit=1000');
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(
      expect.arrayContaining([
        { path: 'offset', message: 'offset must be a whole number from 0.' },
        { path: 'limit', message: 'limit must be a whole number from 1 to 500.' },
      ]),
    );
  });
});
