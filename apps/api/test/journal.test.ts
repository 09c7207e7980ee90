import { readFileSync } from 'node:fs';
import { journalTrades, users } from '@candlewise/db';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
const people: Record<string, { id: string; token: string }> = {};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (who: string, method: Method, url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: bearer(people[who].token), payload });

const BOUNDARY = '----candlewise-journal-boundary';
function multipart(files: Array<{ field: string; name: string; type: string; content: Buffer }>) {
  const parts = files.flatMap((file) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.content,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}
const upload = (who: string, url: string, files: Parameters<typeof multipart>[0]) => {
  const body = multipart(files);
  return app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...bearer(people[who].token), ...body.headers },
    payload: body.payload,
  });
};
const csvFile = (text: string, name = 'trades.csv') => [
  { field: 'file', name, type: 'text/csv', content: Buffer.from(text) },
];

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452', 'hex'),
  Buffer.alloc(64, 1),
]);

const countTrades = async (who: string, source?: 'csv' | 'paper' | 'manual') => {
  const [{ total }] = await database.db
    .select({ total: count() })
    .from(journalTrades)
    .where(
      and(eq(journalTrades.userId, people[who].id), source ? eq(journalTrades.source, source) : undefined),
    );
  return total;
};

const manualTrade = {
  symbol: 'reliance',
  side: 'long',
  quantity: 10,
  entryPrice: 2450,
  exitPrice: 2470,
  entryTime: '2026-11-02T04:00:00.000Z',
  exitTime: '2026-11-02T06:00:00.000Z',
  fees: 20,
  stopPrice: 2440,
  setupTags: ['Breakout'],
};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false });
  await app.tradingEngine.tryLead();
  for (const [name, role] of [
    ['asha', 'user'],
    ['ravi', 'user'],
    ['admin', 'admin'],
    ['kiran', 'user'],
    ['meera', 'user'],
    ['omar', 'user'],
    ['nia', 'user'],
    ['tara', 'user'],
  ] as const) {
    const user = await createOnboardedUser(database.db, {
      email: `${name}@example.com`,
      password: 'password-for-tests',
      role,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: `${name}@example.com`, password: 'password-for-tests' },
    });
    people[name] = { id: user.id, token: login.json().data.token };
  }
  // Meera and Nia have Pro: the statistics' breakdowns are theirs to see.
  for (const name of ['meera', 'nia']) {
    await database.db
      .update(users)
      .set({ planStatus: 'active', planExpirationDate: Math.floor(Date.now() / 1000) + 30 * 86_400 })
      .where(eq(users.id, people[name].id));
  }
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('journal trades', () => {
  let tradeId: string;

  it('adds a manual trade with its P&L net of fees and R multiple, and refuses bad input with field details', async () => {
    const created = await as('asha', 'POST', '/journal/trades', manualTrade);
    expect(created.statusCode).toBe(201);
    tradeId = created.json().data._id;
    expect(created.json().data).toMatchObject({
      symbol: 'RELIANCE',
      pnl: 180,
      rMultiple: 1.8,
      setupTags: ['breakout'],
      source: 'manual',
      verified: false,
    });
    const bad = await as('asha', 'POST', '/journal/trades', { ...manualTrade, quantity: -1, exitTime: null });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((detail: { path: string }) => detail.path)).toEqual(
      expect.arrayContaining(['quantity', 'exitTime']),
    );
  });

  it("answers 404 for another learner's trade, whatever the method", async () => {
    expect((await as('ravi', 'GET', `/journal/trades/${tradeId}`)).statusCode).toBe(404);
    expect((await as('ravi', 'PUT', `/journal/trades/${tradeId}`, manualTrade)).statusCode).toBe(404);
    expect((await as('ravi', 'DELETE', `/journal/trades/${tradeId}`)).statusCode).toBe(404);
    const bulk = await as('ravi', 'POST', '/journal/trades/bulk-tag', {
      tradeIds: [tradeId],
      setupTags: ['x'],
    });
    expect(bulk.statusCode).toBe(404);
    expect((await as('ravi', 'GET', '/journal/trades')).json().data.total).toBe(0);
    expect((await as('asha', 'GET', `/journal/trades/${tradeId}`)).json().data.setupTags).toEqual([
      'breakout',
    ]);
  });

  it('adds and removes tags on several trades at once', async () => {
    const second = (
      await as('asha', 'POST', '/journal/trades', { ...manualTrade, symbol: 'TCS', exitPrice: 2430 })
    ).json().data;
    const tagged = await as('asha', 'POST', '/journal/trades/bulk-tag', {
      tradeIds: [tradeId, second._id],
      mistakeTags: ['FOMO'],
      setupTags: ['gap'],
    });
    expect(tagged.json().data.updated).toBe(2);
    const list = (await as('asha', 'GET', '/journal/trades?tag=fomo&sort=pnl&order=asc')).json().data;
    expect(list.trades.map((trade: { symbol: string }) => trade.symbol)).toEqual(['TCS', 'RELIANCE']);
    expect(list.facets.mistakeTags).toEqual(['fomo']);
    await as('asha', 'POST', '/journal/trades/bulk-tag', {
      tradeIds: [second._id],
      mistakeTags: ['fomo'],
      mode: 'remove',
    });
    expect((await as('asha', 'GET', '/journal/trades?tag=fomo')).json().data.total).toBe(1);
    await as('asha', 'DELETE', `/journal/trades/${second._id}`);
  });
});

describe('journal entries and screenshots', () => {
  let questionId: string;
  let screenshotUrl: string;

  it('writes one entry per day with answers, emotion, rating, notes and linked trades', async () => {
    const day = (await as('asha', 'GET', '/journal/entries/2026-11-02?utcOffsetMinutes=330')).json().data;
    expect(day.entry).toBeNull();
    expect(day.questions.length).toBeGreaterThanOrEqual(3);
    expect(day.trades.map((trade: { symbol: string }) => trade.symbol)).toEqual(['RELIANCE']);
    questionId = day.questions[0]._id;
    const entry = {
      answers: [{ questionId, answer: 'Buy the breakout above 2,450.' }],
      emotion: 'calm',
      rating: 4,
      notes: '**Patient** today.',
      tradeIds: [day.trades[0]._id],
    };
    const saved = await as('asha', 'PUT', '/journal/entries/2026-11-02', entry);
    expect(saved.statusCode).toBe(200);
    const again = await as('asha', 'PUT', '/journal/entries/2026-11-02', { ...entry, rating: 5 });
    expect(again.json().data).toMatchObject({ _id: saved.json().data._id, rating: 5 });
    expect(again.json().data.answers[0]).toMatchObject({ question: day.questions[0].text });
    expect((await as('asha', 'PUT', '/journal/entries/2026-11-02', { rating: 6 })).statusCode).toBe(400);
    expect((await as('asha', 'PUT', '/journal/entries/2026-02-30', entry)).statusCode).toBe(400);
  });

  it("answers 404 when linking another learner's trade, and keeps each learner's day apart", async () => {
    const ashaTrade = (await as('asha', 'GET', '/journal/trades')).json().data.trades[0]._id;
    const linked = await as('ravi', 'PUT', '/journal/entries/2026-11-02', { tradeIds: [ashaTrade] });
    expect(linked.statusCode).toBe(404);
    expect((await as('ravi', 'GET', '/journal/entries/2026-11-02')).json().data).toMatchObject({
      entry: null,
      trades: [],
    });
    expect((await as('ravi', 'DELETE', '/journal/entries/2026-11-03')).statusCode).toBe(404);
  });

  it('stores screenshots by their bytes, serves them to their owner only, and holds at most five', async () => {
    const added = await upload('asha', '/journal/entries/2026-11-02/screenshots', [
      { field: 'screenshots', name: 'chart.png', type: 'image/png', content: PNG },
    ]);
    expect(added.statusCode).toBe(201);
    const fake = await upload('asha', '/journal/entries/2026-11-02/screenshots', [
      {
        field: 'screenshots',
        name: 'chart.png',
        type: 'image/png',
        content: Buffer.from('#!/bin/sh\necho hi\n'),
      },
    ]);
    expect(fake.statusCode).toBe(415);
    const big = await upload('asha', '/journal/entries/2026-11-02/screenshots', [
      {
        field: 'screenshots',
        name: 'big.png',
        type: 'image/png',
        content: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
      },
    ]);
    expect(big.statusCode).toBe(413);

    const entry = (await as('asha', 'GET', '/journal/entries/2026-11-02')).json().data.entry;
    expect(entry.screenshots).toHaveLength(1);
    screenshotUrl = entry.screenshots[0].url.replace('/api/v1', '');
    const mine = await as('asha', 'GET', screenshotUrl);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    expect((await as('ravi', 'GET', screenshotUrl)).statusCode).toBe(404);
    expect((await as('ravi', 'DELETE', screenshotUrl)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/v1${screenshotUrl}` })).statusCode).toBe(401);

    const five = Array.from({ length: 5 }, (_, index) => ({
      field: 'screenshots',
      name: `s${index}.png`,
      type: 'image/png',
      content: PNG,
    }));
    expect((await upload('asha', '/journal/entries/2026-11-02/screenshots', five)).statusCode).toBe(409);
    expect(
      (await upload('asha', '/journal/entries/2026-11-02/screenshots', five.slice(0, 4))).statusCode,
    ).toBe(201);
    expect(
      (await as('asha', 'GET', '/journal/entries/2026-11-02')).json().data.entry.screenshots,
    ).toHaveLength(5);
  });

  it('shows the day on the calendar and counts the entry streak on the summary', async () => {
    const calendar = (await as('asha', 'GET', '/journal/calendar?month=2026-11&utcOffsetMinutes=330')).json()
      .data;
    expect(calendar.days).toEqual([
      { date: '2026-11-02', netPnl: 180, trades: 1, hasEntry: true, rating: 5, emotion: 'calm' },
    ]);
    const summary = (await as('asha', 'GET', '/journal/summary')).json().data;
    expect(summary).toMatchObject({ wroteToday: false, entryStreak: 0 });
  });
});

describe('CSV import', () => {
  const header =
    'symbol,side,quantity,entry_price,exit_price,entry_time,exit_time,fees,stop,setup_tags,currency';
  const row = (index: number) =>
    `SYM${index % 7},${index % 2 ? 'long' : 'short'},${index + 1},100,${100 + (index % 5) - 2},2026-10-${String(1 + (index % 28)).padStart(2, '0')} 09:${String(index % 60).padStart(2, '0')},2026-10-${String(1 + (index % 28)).padStart(2, '0')} 15:00,1,${index % 3 ? 95 : ''},import,INR`;
  const good = [header, ...Array.from({ length: 100 }, (_, index) => row(index))].join('\n');

  it('reports the 3 bad rows of a 100-row file by line and imports nothing', async () => {
    const lines = good.split('\n');
    lines[10] = lines[10].replace(',100,', ',abc,'); // line 11
    lines[42] = lines[42].replace(/,(long|short),/, ',sideways,'); // line 43
    lines[99] = lines[99].replace(/2026-10-\d\d 15:00/, 'not-a-time'); // line 100
    const bad = lines.join('\n');
    const preview = (await upload('asha', '/journal/import/preview?preset=generic', csvFile(bad))).json()
      .data;
    expect(preview.rows).toBe(100);
    expect(preview.errors.map((error: { line: number }) => error.line)).toEqual([11, 43, 100]);
    const before = await countTrades('asha');
    const commit = await upload('asha', '/journal/import/commit?preset=generic', csvFile(bad));
    expect(commit.statusCode).toBe(400);
    expect(commit.json().code).toBe('VALIDATION_FAILED');
    const advice = 'Correct the row, or start again from the template in Journal → Import.';
    expect(commit.json().details).toEqual([
      { path: 'line 11', message: `Entry_price "abc" is not a number. ${advice}` },
      { path: 'line 43', message: `Side "sideways" is not long or short. ${advice}` },
      { path: 'line 100', message: expect.stringContaining('Exit_time "not-a-time" is not a date') },
    ]);
    expect(await countTrades('asha')).toBe(before);
  });

  it('imports a file once: the same file again adds no trades', async () => {
    const preview = (await upload('asha', '/journal/import/preview?preset=generic', csvFile(good))).json()
      .data;
    expect(preview).toMatchObject({ rows: 100, errors: [], newTrades: 100, duplicates: 0 });
    const first = await upload('asha', '/journal/import/commit?preset=generic', csvFile(good));
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ added: 100, duplicates: 0 });
    expect(await countTrades('asha', 'csv')).toBe(100);

    const secondPreview = (
      await upload('asha', '/journal/import/preview?preset=generic', csvFile(good))
    ).json().data;
    expect(secondPreview).toMatchObject({ newTrades: 0, duplicates: 100 });
    const second = await upload('asha', '/journal/import/commit?preset=generic', csvFile(good));
    expect(second.json().data).toMatchObject({ added: 0, duplicates: 100 });
    expect(await countTrades('asha', 'csv')).toBe(100);

    // Another learner importing the same file gets their own trades.
    expect(
      (await upload('ravi', '/journal/import/commit?preset=generic', csvFile(good))).json().data.added,
    ).toBe(100);
  });

  it('imports a broker layout by fills and serves every example', async () => {
    const presets = (await as('asha', 'GET', '/journal/import/presets')).json().data;
    expect(presets.map((preset: { id: string; kind: string }) => [preset.id, preset.kind])).toEqual([
      ['zerodha-tradebook', 'fills'],
      ['ibkr-activity-trades', 'fills'],
      ['ibkr-trade-confirmation', 'fills'],
      ['groww-order-history', 'fills'],
      ['mt5-trade-history', 'fills'],
      ['tradovate-fills', 'fills'],
      ['candlewise-template', 'trades'],
    ]);
    for (const preset of presets) {
      expect(preset.howToExport.length, preset.id).toBeGreaterThan(40);
      if (!preset.templateUrl) continue;
      const template = await app.inject({ method: 'GET', url: preset.templateUrl });
      expect(template.statusCode).toBe(200);
      expect(template.headers['content-type']).toContain('text/csv');
      const result = await upload(
        'asha',
        `/journal/import/commit?preset=${preset.id}`,
        csvFile(template.body),
      );
      expect(result.statusCode, preset.id).toBe(201);
    }
    expect((await upload('asha', '/journal/import/commit?preset=zerodha', csvFile(good))).statusCode).toBe(
      400,
    );
  });

  it('exports the filtered trades as CSV that imports back as duplicates', async () => {
    const exported = await as('asha', 'GET', '/journal/export?source=csv&symbol=SYM1');
    expect(exported.headers['content-type']).toContain('text/csv');
    const lines = exported.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'symbol,side,quantity,entry_price,exit_price,entry_time,exit_time,fees,stop,target,setup_tags,mistake_tags,notes,currency,multiplier,pnl,source,verified,account,id',
    );
    expect(lines.length - 1).toBe(15);

    // The whole journal (typed-in, template, broker-file and paper trades) read back adds nothing.
    const before = await countTrades('asha');
    const everything = (await as('asha', 'GET', '/journal/export')).body;
    const back = await upload('asha', '/journal/import/commit', csvFile(everything, 'export.csv'));
    expect(back.statusCode).toBe(201);
    expect(back.json().data).toMatchObject({ layout: 'candlewise-template', added: 0 });
    expect(await countTrades('asha')).toBe(before);
  });
});

describe('statistics and competition fills', () => {
  it('computes statistics with filters', async () => {
    const all = (await as('asha', 'GET', '/journal/stats?source=csv&symbol=SYM0')).json().data;
    expect(all.trades).toBe(15);
    const manual = (await as('asha', 'GET', '/journal/stats?source=manual')).json().data;
    expect(manual).toMatchObject({
      trades: 1,
      netPnl: 180,
      winRate: 1,
      profitFactor: null,
      profitFactorInfinite: true,
    });
    expect(manual.expectancyR).toBeCloseTo(1.8, 6);
    const ranged = (await as('asha', 'GET', '/journal/stats?from=2026-10-01&to=2026-10-02&source=csv')).json()
      .data;
    expect(ranged.daily.map((day: { date: string }) => day.date)).toEqual(['2026-10-01', '2026-10-02']);
    expect((await as('asha', 'GET', '/journal/stats?tag=breakout&source=manual')).json().data.trades).toBe(1);
    expect((await as('asha', 'GET', '/journal/stats?from=2026-13-01')).statusCode).toBe(400);
  });

  it("turns the learner's closed competition fills into verified paper trades, once", async () => {
    await as('asha', 'POST', '/group/group-running/participants', { userId: people.asha.id });
    const requests = (await as('admin', 'GET', '/admin/groups/group-running/participants')).json().data;
    const request = requests.find((entry: { userId: string }) => entry.userId === people.asha.id);
    await as('admin', 'POST', `/admin/groups/group-running/participants/${request._id}/approve`);
    app.tradingEngine.setPrice('NIFTY50', 20_000);
    const order = (side: 'buy' | 'sell') =>
      as('asha', 'POST', '/group/group-running/orders', {
        symbol: 'NIFTY50',
        side,
        type: 'market',
        quantity: 2,
      });
    expect((await order('buy')).statusCode).toBe(201);
    expect((await as('asha', 'GET', '/journal/trades?source=paper')).json().data.total).toBe(0);
    app.tradingEngine.setPrice('NIFTY50', 20_100);
    expect((await order('sell')).statusCode).toBe(201);

    const paper = (await as('asha', 'GET', '/journal/trades?source=paper')).json().data;
    expect(paper.total).toBe(1);
    expect(paper.trades[0]).toMatchObject({
      symbol: 'NIFTY50',
      side: 'long',
      quantity: 2,
      source: 'paper',
      verified: true,
      origin: 'group-running',
    });
    await as('asha', 'GET', '/journal/stats');
    expect(await countTrades('asha', 'paper')).toBe(1);
    expect(await countTrades('ravi', 'paper')).toBe(0);
  });
});

describe('admin journal questions', () => {
  it('lets admins add, edit, retire and delete questions, and nobody else', async () => {
    expect((await as('asha', 'GET', '/admin/journal/questions')).statusCode).toBe(403);
    const created = await as('admin', 'POST', '/admin/journal/questions', {
      text: 'How well did I sleep?',
      position: 9,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id;
    let asked = (await as('asha', 'GET', '/journal/questions')).json().data;
    expect(asked.at(-1).text).toBe('How well did I sleep?');
    await as('admin', 'PUT', `/admin/journal/questions/${id}`, {
      text: 'How did I sleep?',
      position: 9,
      active: false,
    });
    asked = (await as('asha', 'GET', '/journal/questions')).json().data;
    expect(asked.some((question: { _id: string }) => question._id === id)).toBe(false);
    expect((await as('admin', 'DELETE', `/admin/journal/questions/${id}`)).statusCode).toBe(200);
    expect((await as('admin', 'DELETE', `/admin/journal/questions/${id}`)).statusCode).toBe(404);
    expect((await as('admin', 'POST', '/admin/journal/questions', { text: 'x' })).statusCode).toBe(400);
  });
});

describe('values the database cannot store', () => {
  const tooLarge = /must be under 100,000,000,000,000/;

  it('refuses amounts past numeric(20,6) and a P&L too large to store, naming the field and its limit', async () => {
    const cases: Array<[string, number, RegExp]> = [
      ['quantity', 1e15, tooLarge],
      ['entryPrice', 1e308, tooLarge],
      ['fees', 1e14, tooLarge],
      ['stopPrice', 1e-7, /at least 0\.000001/],
    ];
    for (const [field, value, message] of cases) {
      const answer = await as('asha', 'POST', '/journal/trades', { ...manualTrade, [field]: value });
      expect(answer.statusCode, field).toBe(400);
      expect(answer.json().details, field).toContainEqual({
        path: field,
        message: expect.stringMatching(message),
      });
    }
    const hugeProfit = await as('asha', 'POST', '/journal/trades', {
      ...manualTrade,
      quantity: 9e13,
      entryPrice: 1,
      exitPrice: 10,
      stopPrice: null,
    });
    expect(hugeProfit.statusCode).toBe(400);
    expect(hugeProfit.json().details).toEqual([
      {
        path: 'quantity',
        message: expect.stringMatching(/^The P&L of this trade .* under 100,000,000,000,000\.$/),
      },
    ]);
  });

  it('keeps journal days, months and trade times in the years 1970 to 2100', async () => {
    const years = 'Use a year from 1970 to 2100.';
    const farMonth = await as('asha', 'GET', '/journal/calendar?month=9999-12');
    expect(farMonth.statusCode).toBe(400);
    expect(farMonth.json().details).toEqual([{ path: 'month', message: years }]);
    expect((await as('asha', 'GET', '/journal/calendar?month=0000-01')).statusCode).toBe(400);
    expect((await as('asha', 'GET', '/journal/entries/0000-01-01')).statusCode).toBe(400);
    expect((await as('asha', 'GET', '/journal/trades?from=0000-01-01')).statusCode).toBe(400);
    const ancient = await as('asha', 'POST', '/journal/trades', {
      ...manualTrade,
      entryTime: '0000-01-01T00:00:00Z',
    });
    expect(ancient.statusCode).toBe(400);
    expect(ancient.json().details).toEqual([{ path: 'entryTime', message: years }]);
  });

  it('refuses in the preview, by line, the rows the database cannot store, exactly as the commit does', async () => {
    const day = '2026-11-04';
    const file = [
      'symbol,side,quantity,entry_price,exit_price,entry_time,exit_time,currency',
      `AAA,long,10,100,101,${day} 09:15,${day} 10:00,INR`,
      `BBB,long,1e15,100,101,${day} 09:15,${day} 10:00,INR`,
      `CCC,long,10,1e308,101,${day} 09:15,${day} 10:00,INR`,
      `DDD,long,90000000000000,1,10,${day} 09:15,${day} 10:00,INR`,
      `EEE,long,10,100,101,0000-01-01 09:15,${day} 10:00,INR`,
      `FFF,long,0.0000001,100,101,${day} 09:15,${day} 10:00,INR`,
    ].join('\n');
    const preview = await upload('ravi', '/journal/import/preview?preset=generic', csvFile(file));
    expect(preview.statusCode).toBe(200);
    const fix = 'Correct the row, or start again from the template in Journal → Import.';
    expect(preview.json().data.errors).toEqual([
      { line: 3, message: `Quantity must be under 100,000,000,000,000. ${fix}` },
      { line: 4, message: `Entry_price must be under 100,000,000,000,000. ${fix}` },
      {
        line: 5,
        message: `The P&L (quantity times the price move) must be under 100,000,000,000,000. ${fix}`,
      },
      { line: 6, message: `Entry_time "0000-01-01 09:15" is not in the years 1970 to 2100. ${fix}` },
      { line: 7, message: `Quantity must be at least 0.000001. ${fix}` },
    ]);
    const commit = await upload('ravi', '/journal/import/commit?preset=generic', csvFile(file));
    expect(commit.statusCode).toBe(400);
    expect(commit.json().details).toEqual(
      preview.json().data.errors.map((error: { line: number; message: string }) => ({
        path: `line ${error.line}`,
        message: error.message,
      })),
    );

    // Broker fills that each fit can add up to a trade that does not: the opening fill's line says so.
    const fills = [
      'symbol,trade_type,quantity,price,trade_id,order_id,order_execution_time',
      `INFY,buy,60000000000000,1,f1,o1,${day}T09:31:12`,
      `INFY,buy,60000000000000,1,f2,o2,${day}T09:32:12`,
      `INFY,sell,60000000000000,1,f3,o3,${day}T13:45:03`,
      `INFY,sell,60000000000000,1,f4,o4,${day}T13:46:03`,
    ].join('\n');
    const fillsPreview = await upload('ravi', '/journal/import/preview?preset=zerodha', csvFile(fills));
    expect(fillsPreview.json().data.errors).toEqual([
      {
        line: 2,
        message:
          "the trade's quantity must be under 100,000,000,000,000 (the trade that opens on this line).",
      },
    ]);
    expect((await upload('ravi', '/journal/import/commit?preset=zerodha', csvFile(fills))).statusCode).toBe(
      400,
    );
  });

  it('answers a malformed upload with 400 and a sentence, and keeps a file name it can store', async () => {
    const body = multipart(csvFile('symbol,side\r\n'));
    for (const [url, contentType, payload] of [
      ['/journal/import/preview', 'multipart/form-data', body.payload],
      ['/journal/entries/2026-11-02/screenshots', body.headers['content-type'], body.payload.subarray(0, 60)],
    ] as const) {
      const answer = await app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: { ...bearer(people.ravi.token), 'content-type': contentType },
        payload,
      });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      expect(answer.json().message, url).toMatch(/multipart\/form-data/);
    }

    const template = (await app.inject({ method: 'GET', url: '/api/v1/journal/import/template' })).body;
    const named = await upload('ravi', '/journal/import/commit', [
      { field: 'file', name: 'my\u0000trades.csv', type: 'text/csv', content: Buffer.from(template) },
    ]);
    expect(named.statusCode).toBe(201);
  });

  it('refuses an answer with half of a surrogate pair, which JSON storage cannot hold', async () => {
    const [question] = (await as('ravi', 'GET', '/journal/questions')).json().data;
    const answer = await as('ravi', 'PUT', '/journal/entries/2026-11-06', {
      answers: [{ questionId: question._id, answer: 'calm \ud83d then busy' }],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details).toEqual([
      {
        path: 'answers.0.answer',
        message:
          'Remove the broken characters (half of an emoji or symbol) from answers.0.answer: they cannot be stored.',
      },
    ]);
  });
});

describe('fills are the source of truth of broker files', () => {
  const zerodha = (rows: string[]) =>
    [
      'symbol,segment,trade_date,trade_type,quantity,price,trade_id,order_id,order_execution_time',
      ...rows,
    ].join('\n');
  const commit = (who: string, text: string, name = 'tradebook.csv') =>
    upload(who, '/journal/import/commit?preset=zerodha', csvFile(text, name));
  const preview = async (who: string, text: string) =>
    (await upload(who, '/journal/import/preview?preset=zerodha', csvFile(text))).json().data;
  const tradesOf = async (who: string, symbol: string) =>
    (await as(who, 'GET', `/journal/trades?symbol=${symbol}&sort=date&order=asc`)).json().data.trades;

  it('makes one trade of a position opened in one monthly file and closed in the next', async () => {
    const october = zerodha(['HDFCBANK,EQ,2026-10-14,buy,20,1650,5001,9001,2026-10-14T10:00:00']);
    const november = zerodha(['HDFCBANK,EQ,2026-11-18,sell,20,1700,5002,9002,2026-11-18T14:00:00']);
    const first = await commit('kiran', october, 'october.csv');
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      newFills: 1,
      knownFills: 0,
      completeTrades: 0,
      openPositions: 1,
    });
    expect(first.json().message).toBe(
      '1 new fill, 0 already in your journal: 0 trades complete, 1 position open.',
    );
    const open = (await as('kiran', 'GET', '/journal/positions')).json().data;
    expect(open.positions).toEqual([
      {
        source: 'csv',
        account: '',
        accountLabel: 'Imported files',
        symbol: 'HDFCBANK',
        side: 'long',
        quantity: 20,
        averagePrice: 1650,
        currency: 'INR',
        multiplier: 1,
        since: '2026-10-14T04:30:00.000Z',
        fromOpeningHoldings: false,
      },
    ]);
    expect(await tradesOf('kiran', 'HDFCBANK')).toEqual([]);

    expect(await preview('kiran', november)).toMatchObject({
      format: 'fills',
      newFills: 1,
      knownFills: 0,
      completeTrades: 1,
      openPositions: 0,
      newTrades: 1,
      needsOpeningHoldings: [],
    });
    const second = await commit('kiran', november, 'november.csv');
    expect(second.json().data).toMatchObject({ added: 1, completeTrades: 1, openPositions: 0 });
    expect(await tradesOf('kiran', 'HDFCBANK')).toEqual([
      expect.objectContaining({
        side: 'long',
        quantity: 20,
        entryPrice: 1650,
        exitPrice: 1700,
        pnl: 1000,
        currency: 'INR',
        fromFills: true,
        entryTime: '2026-10-14T04:30:00.000Z',
        exitTime: '2026-11-18T08:30:00.000Z',
      }),
    ]);
    expect((await as('kiran', 'GET', '/journal/positions')).json().data.positions).toEqual([]);
  });

  it('adds nothing for the same file twice or the overlap of two files, and keeps the learner’s tags', async () => {
    const fileA = zerodha([
      'WIPRO,EQ,2026-11-02,buy,10,500,6101,9201,2026-11-02T10:00:00',
      'WIPRO,EQ,2026-11-03,sell,10,520,6102,9202,2026-11-03T10:00:00',
      'WIPRO,EQ,2026-11-04,buy,5,510,6103,9203,2026-11-04T10:00:00',
    ]);
    const fileB = zerodha([
      'WIPRO,EQ,2026-11-03,sell,10,520,6102,9202,2026-11-03T10:00:00',
      'WIPRO,EQ,2026-11-04,buy,5,510,6103,9203,2026-11-04T10:00:00',
      'WIPRO,EQ,2026-11-05,sell,5,530,6104,9204,2026-11-05T10:00:00',
    ]);
    expect((await commit('kiran', fileA)).json().data).toMatchObject({
      newFills: 3,
      added: 1,
      openPositions: 1,
    });
    const [first] = await tradesOf('kiran', 'WIPRO');
    await as('kiran', 'POST', '/journal/trades/bulk-tag', { tradeIds: [first._id], setupTags: ['gap'] });
    // Its price or quantity cannot change: the answer says what can, and nothing is saved.
    const facts = (({
      symbol,
      side,
      quantity,
      entryPrice,
      exitPrice,
      entryTime,
      exitTime,
      fees,
      currency,
      multiplier,
    }) => ({
      symbol,
      side,
      quantity,
      entryPrice,
      exitPrice,
      entryTime,
      exitTime,
      fees,
      currency,
      multiplier,
    }))(first);
    const annotations = { stopPrice: 490, setupTags: ['gap'], notes: 'Held through the dip.' };
    const refused = await as('kiran', 'PUT', `/journal/trades/${first._id}`, {
      ...facts,
      quantity: 999,
      entryPrice: 1,
      ...annotations,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This trade is rebuilt from its fills, so its quantity and entry price come from them. You can edit its stop, target, setup tags, mistake tags and notes.',
    );
    expect(refused.json().details).toEqual([
      { path: 'quantity', message: 'Comes from the fills: it cannot be edited.' },
      { path: 'entryPrice', message: 'Comes from the fills: it cannot be edited.' },
    ]);
    expect((await as('kiran', 'GET', `/journal/trades/${first._id}`)).json().data).toMatchObject({
      quantity: 10,
      entryPrice: 500,
      notes: first.notes,
    });
    // The same facts (times as the form sends them, to the minute) with new annotations are saved.
    const saved = await as('kiran', 'PUT', `/journal/trades/${first._id}`, {
      ...facts,
      entryTime: `${facts.entryTime.slice(0, 16)}:00.000Z`,
      ...annotations,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Trade saved.');

    const again = await commit('kiran', fileA);
    expect(again.json().data).toMatchObject({ newFills: 0, knownFills: 3, added: 0 });
    expect(again.json().message).toMatch(/^0 new fills, 3 already in your journal/);
    expect(await preview('kiran', fileB)).toMatchObject({ newFills: 1, knownFills: 2, completeTrades: 2 });
    expect((await commit('kiran', fileB)).json().data).toMatchObject({
      newFills: 1,
      knownFills: 2,
      added: 1,
    });
    expect((await commit('kiran', fileB)).json().data).toMatchObject({ newFills: 0, added: 0 });

    const trades = await tradesOf('kiran', 'WIPRO');
    expect(trades.map((trade: { quantity: number; pnl: number }) => [trade.quantity, trade.pnl])).toEqual([
      [10, 200],
      [5, 100],
    ]);
    // The rebuild kept the row and what the learner added; the fills' numbers are not editable.
    expect(trades[0]).toMatchObject({
      _id: first._id,
      setupTags: ['gap'],
      stopPrice: 490,
      notes: 'Held through the dip.',
      quantity: 10,
    });
  });

  it('keeps Zerodha F&O fills apart when the per-day trade ids repeat on another day', async () => {
    const day = (date: string, first: string, second: string, entry: number, exit: number) =>
      zerodha([
        `NIFTY26NOVFUT,FO,${date},buy,75,${entry},${first},${date.replaceAll('-', '')}${first},${date}T09:20:00`,
        `NIFTY26NOVFUT,FO,${date},sell,75,${exit},${second},${date.replaceAll('-', '')}${second},${date}T10:20:00`,
      ]);
    const monday = day('2026-11-02', '1', '2', 24000, 24050);
    const tuesday = day('2026-11-03', '1', '2', 24100, 24000);
    expect((await commit('kiran', monday)).json().data).toMatchObject({ added: 1 });
    expect(await preview('kiran', tuesday)).toMatchObject({ newFills: 2, knownFills: 0, newTrades: 1 });
    expect((await commit('kiran', tuesday)).json().data).toMatchObject({ added: 1 });
    // One file holding both days is two trades too, not a rejected file.
    const both = [monday, tuesday.split('\n').slice(1).join('\n')].join('\n');
    expect((await commit('kiran', both)).json().data).toMatchObject({ newFills: 0, knownFills: 4, added: 0 });
    const trades = await tradesOf('kiran', 'NIFTY26NOVFUT');
    expect(trades.map((trade: { pnl: number }) => trade.pnl)).toEqual([3750, -7500]);
  });

  it('adopts a trade imported from a preset before fills were kept, with the learner’s tags', async () => {
    // As the old import stored it: a hashed id, no account, the preset as origin.
    await database.db.insert(journalTrades).values({
      id: 'legacy-trade-0000000001',
      userId: people.kiran.id,
      symbol: 'MARUTI',
      side: 'long',
      quantity: 2,
      entryPrice: 11000,
      exitPrice: 11100,
      entryTime: new Date('2026-09-01T04:00:00Z'),
      exitTime: new Date('2026-09-02T04:00:00Z'),
      fees: 0,
      pnl: 200,
      setupTags: ['earnings'],
      source: 'csv',
      externalId: 'a'.repeat(40),
      origin: 'zerodha',
    });
    const file = zerodha([
      'MARUTI,EQ,2026-09-01,buy,2,11000,7101,9401,2026-09-01T09:30:00',
      'MARUTI,EQ,2026-09-02,sell,2,11100,7102,9402,2026-09-02T09:30:00',
    ]);
    expect((await commit('kiran', file)).json().data).toMatchObject({ newFills: 2, added: 0 });
    expect(await tradesOf('kiran', 'MARUTI')).toEqual([
      expect.objectContaining({ _id: 'legacy-trade-0000000001', setupTags: ['earnings'], fromFills: true }),
    ]);
  });

  it('asks for opening holdings instead of inventing a short, then makes the sale a long trade', async () => {
    const sale = zerodha(['ITC,EQ,2026-11-05,sell,100,450,6201,9301,2026-11-05T11:00:00']);
    const planned = await preview('kiran', sale);
    expect(planned).toMatchObject({ newFills: 1, completeTrades: 0, openPositions: 0 });
    expect(planned.needsOpeningHoldings).toEqual([
      {
        source: 'csv',
        account: '',
        symbol: 'ITC',
        quantity: 100,
        currency: 'INR',
        firstSaleAt: '2026-11-05T05:30:00.000Z',
      },
    ]);
    const committed = await commit('kiran', sale);
    expect(committed.statusCode).toBe(201);
    expect(committed.json().data.needsOpeningHoldings).toHaveLength(1);
    expect(committed.json().message).toMatch(/1 symbol needs opening holdings\.$/);
    expect(await tradesOf('kiran', 'ITC')).toEqual([]);
    expect((await as('kiran', 'GET', '/journal/positions')).json().data.needsOpeningHoldings).toHaveLength(1);

    const refused = await as('kiran', 'POST', '/journal/opening-holdings', {
      source: 'csv',
      account: 'nobody',
      holdings: [{ symbol: 'ITC', quantity: 100, averagePrice: 400 }],
    });
    expect(refused.statusCode).toBe(404);
    const saved = await as('kiran', 'POST', '/journal/opening-holdings', {
      source: 'csv',
      account: '',
      holdings: [{ symbol: 'itc', quantity: 100, averagePrice: 400 }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ addedTrades: 1, needsOpeningHoldings: [] });
    expect(await tradesOf('kiran', 'ITC')).toEqual([
      expect.objectContaining({ side: 'long', quantity: 100, entryPrice: 400, exitPrice: 450, pnl: 5000 }),
    ]);
    expect((await as('kiran', 'GET', '/journal/positions')).json().data.needsOpeningHoldings).toEqual([]);
  });
});

describe('real broker files, chosen or found from their columns', () => {
  const fixture = (name: string) =>
    readFileSync(
      new URL(`../../../packages/shared/src/journal/importers/fixtures/${name}`, import.meta.url),
      'utf8',
    );
  const FILES: Array<[string, string]> = [
    ['zerodha-equity-tradebook.csv', 'zerodha-tradebook'],
    ['zerodha-fo-tradebook.csv', 'zerodha-tradebook'],
    ['ibkr-activity-trades.csv', 'ibkr-activity-trades'],
    ['ibkr-trade-confirmation.csv', 'ibkr-trade-confirmation'],
    ['groww-stock-orders.csv', 'groww-order-history'],
  ];

  it.each(FILES)('imports %s once: the same file again adds nothing', async (name, layout) => {
    const file = csvFile(fixture(name), name);
    const preview = (await upload('omar', '/journal/import/preview', file)).json().data;
    expect(preview).toMatchObject({ layout, format: 'fills', errors: [] });
    expect(preview.newFills).toBeGreaterThan(0);
    const first = await upload('omar', '/journal/import/commit', file);
    expect(first.statusCode, JSON.stringify(first.json())).toBe(201);
    expect(first.json().data).toMatchObject({ layout, newFills: preview.newFills });
    const trades = await countTrades('omar');
    const again = await upload('omar', `/journal/import/commit?preset=${layout}`, file);
    expect(again.json().data).toMatchObject({
      newFills: 0,
      knownFills: preview.newFills + preview.knownFills,
      added: 0,
    });
    expect(await countTrades('omar')).toBe(trades);
  });

  it('keeps each IBKR account and currency apart, in New York time', async () => {
    const { trades } = (await as('omar', 'GET', '/journal/trades?source=csv&limit=100')).json().data;
    const ibkr = trades.filter((trade: { origin?: string; currency: string }) => trade.currency !== 'INR');
    expect(ibkr.length).toBeGreaterThan(0);
    expect(new Set(ibkr.map((trade: { currency: string }) => trade.currency)).size).toBeGreaterThan(1);
  });

  it('refuses to delete a trade rebuilt from fills (it would come back at the next import)', async () => {
    const { trades } = (await as('omar', 'GET', '/journal/trades?source=csv&limit=1')).json().data;
    expect(trades[0].fromFills).toBe(true);
    const refused = await as('omar', 'DELETE', `/journal/trades/${trades[0]._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This trade is rebuilt from your broker’s fills at every import or sync, so deleting it would not last. Add a note or a mistake tag instead.',
    );
    expect((await as('asha', 'DELETE', `/journal/trades/${trades[0]._id}`)).statusCode).toBe(404);
  });

  it('reads its own export back (broker-file trades included) and adds nothing', async () => {
    const before = await countTrades('omar');
    const everything = (await as('omar', 'GET', '/journal/export')).body;
    const back = await upload('omar', '/journal/import/commit', csvFile(everything, 'export.csv'));
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().data).toMatchObject({ added: 0, duplicates: before });
    expect(back.json().message).toBe(`0 trades imported, ${before} already in your journal.`);
    expect(await countTrades('omar')).toBe(before);
  });
});

describe('currencies, time zones and Pro sections of the statistics', () => {
  const trade = (
    symbol: string,
    currency: string,
    entry: number,
    exit: number,
    entryTime: string,
    exitTime: string,
  ) => ({
    ...manualTrade,
    symbol,
    currency,
    quantity: 1,
    entryPrice: entry,
    exitPrice: exit,
    stopPrice: null,
    fees: 0,
    entryTime,
    exitTime,
  });

  it('never adds rupees and dollars: one currency per answer, the main one by default', async () => {
    for (const [symbol, currency, exit] of [
      ['INFY', 'INR', 200],
      ['TCS', 'INR', 150],
      ['AAPL', 'usd', 110],
    ] as const) {
      const created = await as(
        'meera',
        'POST',
        '/journal/trades',
        trade(symbol, currency, 100, exit, '2026-11-02T04:00:00Z', '2026-11-02T06:00:00Z'),
      );
      expect(created.statusCode).toBe(201);
    }
    const main = (await as('meera', 'GET', '/journal/stats')).json().data;
    expect(main).toMatchObject({
      currency: 'INR',
      currencies: [
        { currency: 'INR', trades: 2 },
        { currency: 'USD', trades: 1 },
      ],
      trades: 2,
      netPnl: 150,
    });
    const dollars = (await as('meera', 'GET', '/journal/stats?currency=usd')).json().data;
    expect(dollars).toMatchObject({ currency: 'USD', trades: 1, netPnl: 10 });
    expect(dollars.bySymbol.map((row: { key: string }) => row.key)).toEqual(['AAPL']);

    const calendar = (await as('meera', 'GET', '/journal/calendar?month=2026-11')).json().data;
    expect(calendar).toMatchObject({
      currency: 'INR',
      days: [{ date: '2026-11-02', netPnl: 150, trades: 2 }],
    });
    const usdCalendar = (await as('meera', 'GET', '/journal/calendar?month=2026-11&currency=USD')).json()
      .data;
    expect(usdCalendar.days).toEqual([
      expect.objectContaining({ date: '2026-11-02', netPnl: 10, trades: 1 }),
    ]);
    expect((await as('meera', 'GET', '/journal/trades')).json().data.facets.currencies).toEqual([
      'INR',
      'USD',
    ]);
  });

  it('reads hours in the profile’s zone with daylight saving: 09:30 in New York in March and November', async () => {
    const bad = await as('nia', 'PUT', '/user/update/user-details', {
      userId: people.nia.id,
      timeZone: 'Mars/Olympus',
    });
    expect(bad.statusCode).toBe(400);
    const set = await as('nia', 'PUT', '/user/update/user-details', {
      userId: people.nia.id,
      timeZone: 'America/New_York',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.user.timeZone).toBe('America/New_York');
    // 09:30 New York: 13:30 UTC in daylight time (10 March), 14:30 UTC in standard time (10 November).
    await as(
      'nia',
      'POST',
      '/journal/trades',
      trade('SPY', 'USD', 500, 505, '2026-03-10T13:30:00Z', '2026-03-10T20:00:00Z'),
    );
    await as(
      'nia',
      'POST',
      '/journal/trades',
      trade('SPY', 'USD', 500, 498, '2026-11-10T14:30:00Z', '2026-11-11T02:00:00Z'),
    );
    const stats = (await as('nia', 'GET', '/journal/stats')).json().data;
    expect(stats.timeZone).toBe('America/New_York');
    expect(stats.byHour.filter((hour: { trades: number }) => hour.trades > 0)).toEqual([
      expect.objectContaining({ key: '09', trades: 2, netPnl: 3 }),
    ]);
    // 02:00 UTC on 11 November is the evening of the 10th in New York.
    expect(stats.daily.map((day: { date: string }) => day.date)).toEqual(['2026-03-10', '2026-11-10']);
    const day = (await as('nia', 'GET', '/journal/entries/2026-11-10')).json().data;
    expect(day.trades).toHaveLength(1);
  });

  it('shows a free learner the headline figures and calendar, with the breakdowns and equity curve locked', async () => {
    const free = (await as('asha', 'GET', '/journal/stats')).json().data;
    expect(free.breakdownsLocked).toBe(true);
    expect(free.trades).toBeGreaterThan(0);
    expect(free.daily.length).toBeGreaterThan(0);
    for (const section of ['equityCurve', 'bySymbol', 'bySetupTag', 'byMistakeTag', 'byWeekday', 'byHour']) {
      expect(free[section], section).toEqual({ locked: true });
    }
    const pro = (await as('nia', 'GET', '/journal/stats')).json().data;
    expect(pro.breakdownsLocked).toBe(false);
    expect(Array.isArray(pro.bySymbol) && Array.isArray(pro.equityCurve)).toBe(true);
  });
});

describe('short sales the broker marks', () => {
  const HEADER =
    'ClientAccountID,CurrencyPrimary,AssetClass,Symbol,Multiplier,TradeID,DateTime,TradeDate,Buy/Sell,Quantity,TradePrice,IBCommission,IBCommissionCurrency,IBOrderID,Open/CloseIndicator,LevelOfDetail';
  const file = (openClose: [string, string]) =>
    [
      HEADER,
      `U7654321,USD,STK,TSLA,1,8001,20260302;100000,20260302,SELL,-50,250.00,-1,USD,9101,${openClose[0]},EXECUTION`,
      `U7654321,USD,STK,TSLA,1,8002,20260303;110000,20260303,BUY,50,245.00,-1,USD,9102,${openClose[1]},EXECUTION`,
    ].join('\n');
  const tslaTrades = async () =>
    (await as('tara', 'GET', '/journal/trades?symbol=TSLA&sort=date&order=asc')).json().data.trades;

  it('keeps an IBKR overnight short as a short (+248), also for fills imported before the mark was read', async () => {
    // The same fills without the Open/Close marks: read as a sale of shares held before the file
    // and a new long, as a file without marks must be.
    const unmarked = await upload(
      'tara',
      '/journal/import/commit?preset=ibkr-activity-trades',
      csvFile(file(['', ''])),
    );
    expect(unmarked.statusCode, JSON.stringify(unmarked.json())).toBe(201);
    expect(await tslaTrades()).toEqual([]);
    const before = (await as('tara', 'GET', '/journal/positions')).json().data.positions;
    expect(before.map((p: { symbol: string; side: string }) => [p.symbol, p.side])).toEqual([
      ['TSLA', 'long'],
    ]);

    // The file again with the marks: no new fill, but the stored ones learn they open and close a short.
    const marked = await upload(
      'tara',
      '/journal/import/commit?preset=ibkr-activity-trades',
      csvFile(file(['O', 'C'])),
    );
    expect(marked.statusCode, JSON.stringify(marked.json())).toBe(201);
    expect(marked.json().data).toMatchObject({ newFills: 0, knownFills: 2 });
    expect(
      (await tslaTrades()).map((t: { side: string; quantity: number; pnl: number }) => [
        t.side,
        t.quantity,
        t.pnl,
      ]),
    ).toEqual([['short', 50, 248]]);
    expect((await as('tara', 'GET', '/journal/positions')).json().data.positions).toEqual([]);
  });
});

describe('template rows without a currency', () => {
  it('take a listed instrument’s currency, and a symbol Candlewise cannot tell is asked for by line', async () => {
    const file = [
      'symbol,side,quantity,entry_price,exit_price,entry_time,exit_time,currency',
      'AAPL,long,5,221.1,223.1,2026-11-04 20:05,2026-11-04 21:05,',
      'ACMEWIDGETS,long,5,10,11,2026-11-04 20:05,2026-11-04 21:05,',
    ].join('\n');
    const preview = (await upload('tara', '/journal/import/preview?preset=generic', csvFile(file))).json()
      .data;
    expect(preview.errors).toEqual([
      {
        line: 3,
        message: expect.stringMatching(
          /^Currency is empty and Candlewise cannot tell which currency ACMEWIDGETS/,
        ),
      },
    ]);
    const fixed = file.replace(
      'ACMEWIDGETS,long,5,10,11,2026-11-04 20:05,2026-11-04 21:05,',
      'ACMEWIDGETS,long,5,10,11,2026-11-04 20:05,2026-11-04 21:05,USD',
    );
    const commit = await upload('tara', '/journal/import/commit?preset=generic', csvFile(fixed));
    expect(commit.statusCode, JSON.stringify(commit.json())).toBe(201);
    const trades = (await as('tara', 'GET', '/journal/trades?symbol=AAPL')).json().data.trades;
    expect(
      trades.map((t: { symbol: string; currency: string; pnl: number }) => [t.symbol, t.currency, t.pnl]),
    ).toEqual([['AAPL', 'USD', 10]]);
  });
});
