import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  brokerConnections,
  brokerFills,
  fills,
  newId,
  newsItems,
  newsSources,
  positions,
  tradingAccounts,
} from '@candlewise/db';
import type { NewsItem } from '@candlewise/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewsPoller } from '../src/services/news/news-poller.ts';
import { pollNewsSource } from '../src/services/news/poll-news-source.ts';
import { seedSampleNews } from '../src/services/news/seed-sample-news.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/news/${name}`, import.meta.url), 'utf8');

/**
 * A local stand-in for the feed publishers: real-world shaped feeds, conditional GET on the RSS one,
 * and the failures a poller meets (an HTTP error, broken XML, a page that is not a feed, a server
 * that never finishes, a 20 MB body).
 */
const requests: Array<{ path: string; ifNoneMatch?: string }> = [];
let hugeBytesSent = 0;
let feedServer: Server;
let base = '';
const RSS_ETAG = '"wire-v1"';

function startFeedServer() {
  feedServer = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ path, ifNoneMatch: request.headers['if-none-match'] });
    const xml = (body: string, headers: Record<string, string> = {}) => {
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', ...headers });
      response.end(body);
    };
    switch (path) {
      case '/wire.xml':
        if (request.headers['if-none-match'] === RSS_ETAG) {
          response.writeHead(304, { etag: RSS_ETAG });
          response.end();
          return;
        }
        return xml(fixture('rss-cdata-enclosures.xml'), { etag: RSS_ETAG });
      case '/ledger.atom':
        return xml(fixture('atom.xml'), {
          'content-type': 'application/atom+xml',
          'last-modified': 'Mon, 17 Nov 2025 09:00:00 GMT',
        });
      case '/syndicated.xml':
        return xml(fixture('duplicate-guids.xml'));
      case '/broken.xml':
        return xml(fixture('malformed.xml'));
      case '/maintenance':
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end(fixture('maintenance.html'));
      case '/down.xml':
        response.writeHead(503, { 'content-type': 'text/plain' });
        return response.end('upstream unavailable');
      case '/slow.xml':
        // Headers at once, then a trickle that would take a minute.
        response.writeHead(200, { 'content-type': 'application/rss+xml' });
        response.write('<?xml version="1.0"?><rss version="2.0"><channel><title>Slow</title>');
        {
          const drip = setInterval(() => response.write(' '), 200);
          const stop = setTimeout(() => response.end('</channel></rss>'), 60_000);
          response.on('close', () => {
            clearInterval(drip);
            clearTimeout(stop);
          });
        }
        return;
      case '/huge.xml': {
        // 20 MB without a Content-Length: only reading it tells how big it is.
        response.writeHead(200, { 'content-type': 'application/rss+xml' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let left = (20 * 1024 * 1024) / chunk.length;
        const pump = () => {
          while (left > 0) {
            left -= 1;
            hugeBytesSent += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', pump);
          }
          response.end();
        };
        response.on('close', () => {
          left = 0;
        });
        pump();
        return;
      }
      default:
        response.writeHead(404);
        response.end();
    }
  });
  return new Promise<void>((resolve) =>
    feedServer.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const sourceIds: Record<string, string> = {};
const settings = {
  intervalMinutes: 15,
  timeoutMs: 3000,
  maxBytes: 5 * 1024 * 1024,
  allowHosts: ['127.0.0.1'],
};

const as = (
  who: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(tokens[who]), payload });

async function allNews(query = ''): Promise<NewsItem[]> {
  const response = await as('user', 'GET', `/news?pageSize=50${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().data.items;
}

beforeAll(async () => {
  await startFeedServer();
  t = await createTestApp({ news: { pollMinutes: 15, fetchTimeoutMs: 3000, maxFeedBytes: 5 * 1024 * 1024 } });
  for (const [name, role] of [
    ['user', 'user'],
    ['trader', 'user'],
    ['admin', 'admin'],
  ] as const) {
    const user = await createOnboardedUser(t.database.db, {
      email: `${name}@example.com`,
      password: 'password-for-tests',
      role,
      firstName: name === 'admin' ? 'Asha' : 'Test',
      lastName: name === 'admin' ? 'Rao' : 'User',
    });
    ids[name] = user.id;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: `${name}@example.com`, password: 'password-for-tests' },
    });
    tokens[name] = login.json().data.token;
  }
});
afterAll(async () => {
  await t?.close();
  feedServer?.closeAllConnections();
  await new Promise((resolve) => feedServer?.close(resolve));
});

describe('the bundled sample feed', () => {
  it('is ingested once on first start, with recent dates, categories, symbols and local images', async () => {
    const now = new Date();
    expect(await seedSampleNews(t.database.db, now)).toBe(12);
    expect(await seedSampleNews(t.database.db, now)).toBe(0); // a second start adds nothing

    const items = await allNews();
    expect(items).toHaveLength(12);
    const newest = Date.parse(items[0].publishedAt);
    expect(now.getTime() - newest).toBe(25 * 60_000);
    expect(new Set(items.map((item) => item.category))).toEqual(
      new Set(['markets', 'forex', 'crypto', 'stocks', 'commodities', 'education']),
    );
    const nifty = items.find((item) => item.title.startsWith('Nifty 50 closes'))!;
    expect(nifty).toMatchObject({
      kind: 'feed',
      source: { name: 'Candlewise Markets Desk' },
      imageUrl: '/images/news/markets.svg',
      url: 'https://candlewise.app/desk/nifty-record-close-banks-lead',
    });
    expect(nifty.symbols).toEqual(expect.arrayContaining(['NIFTY50', 'SENSEX', 'HDFCBANK']));
    expect(nifty.summary).not.toMatch(/</);
    expect(items.find((item) => item.title.startsWith('Bitcoin holds'))!.imageUrl).toBe(
      '/images/news/crypto.svg',
    );
  });
});

describe('polling feeds', () => {
  it('lets admins add sources and refuses everyone else', async () => {
    const feeds = {
      wire: ['Example Markets Wire', '/wire.xml', 'markets'],
      ledger: ['Crypto Ledger', '/ledger.atom', 'crypto'],
      syndicated: ['Syndicated Desk', '/syndicated.xml', 'markets'],
      broken: ['Broken Feed', '/broken.xml', 'markets'],
      maintenance: ['Maintenance Page', '/maintenance', 'markets'],
      down: ['Down Feed', '/down.xml', 'markets'],
      slow: ['Slow Feed', '/slow.xml', 'markets'],
      huge: ['Huge Feed', '/huge.xml', 'markets'],
    } as const;
    for (const [key, [name, path, category]] of Object.entries(feeds)) {
      const response = await as('admin', 'POST', '/admin/news/sources', {
        name,
        url: `${base}${path}`,
        category,
      });
      expect(response.statusCode).toBe(201);
      sourceIds[key] = response.json().data.source._id;
    }
    expect(
      (await as('user', 'POST', '/admin/news/sources', { name: 'X', url: `${base}/x`, category: 'markets' }))
        .statusCode,
    ).toBe(403);
    expect((await as('user', 'GET', '/admin/news/sources')).statusCode).toBe(403);
    const duplicate = await as('admin', 'POST', '/admin/news/sources', {
      name: 'Again',
      url: `${base}/wire.xml`,
      category: 'markets',
    });
    expect(duplicate.statusCode).toBe(409);
    const invalid = await as('admin', 'POST', '/admin/news/sources', {
      name: 'X',
      url: 'ftp://x',
      category: 'sport',
    });
    expect(invalid.statusCode).toBe(400);
    expect(
      invalid
        .json()
        .details.map((detail: { path: string }) => detail.path)
        .sort(),
    ).toEqual(['category', 'name', 'url']);
  });

  it('refuses sources on private networks when saved, and never fetches one (SSRF)', async () => {
    for (const url of [
      'http://10.0.0.5/feed.xml',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[::ffff:a9fe:a9fe]/latest/meta-data',
      'http://[64:ff9b::a00:5]/',
    ]) {
      const refused = await as('admin', 'POST', '/admin/news/sources', {
        name: 'Inside',
        url,
        category: 'markets',
      });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().details).toEqual([
        { path: 'url', message: expect.stringMatching(/private network/) },
      ]);
    }
    // Saved while allowed (this test's server), fetched by a server that does not allow it: refused.
    const [source] = await t.database.db
      .insert(newsSources)
      .values({
        id: newId(),
        name: 'Local only',
        url: `${base}/wire.xml?inside`,
        category: 'markets',
        enabled: false,
      })
      .returning();
    const outcome = await pollNewsSource(t.database.db, source, {
      intervalMinutes: 15,
      timeoutMs: 3000,
      maxBytes: 1e6,
    });
    expect(outcome).toEqual({
      status: 'failed',
      error: expect.stringMatching(/^127\.0\.0\.1 leads to 127\.0\.0\.1, an address on a private network/),
    });
    await t.database.db.delete(newsSources).where(eq(newsSources.id, source.id));
  });

  it('stores each story once, records every failure on its source, and stops nothing else', async () => {
    const poller = new NewsPoller({ db: t.database.db, log: t.app.log, settings });
    expect(await poller.tryLead()).toBe(true); // the embedded database has one process: it polls
    const started = Date.now();
    const results = await poller.pollDue(new Date());
    const elapsed = Date.now() - started;
    await poller.stop();

    const outcome = (key: string) => results.find((result) => result.sourceId === sourceIds[key])?.outcome;
    expect(outcome('wire')).toEqual({ status: 'ok', received: 3, stored: 2 });
    expect(outcome('ledger')).toEqual({ status: 'ok', received: 2, stored: 2 });
    // dup-1 twice, the wire's story under another address, and one story listed twice: 2 new.
    expect(outcome('syndicated')).toEqual({ status: 'ok', received: 5, stored: 2 });
    expect(outcome('broken')).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/not a readable RSS or Atom feed/),
    });
    expect(outcome('maintenance')).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/not a readable RSS or Atom feed/),
    });
    expect(outcome('down')).toMatchObject({
      status: 'failed',
      error: 'The feed answered HTTP 503 Service Unavailable.',
    });
    expect(outcome('slow')).toMatchObject({
      status: 'failed',
      error: 'The feed did not answer within 3 s.',
    });
    expect(outcome('huge')).toMatchObject({
      status: 'failed',
      error: 'The feed is larger than 5 MB; it was not read.',
    });
    // The cap ended the download long before 20 MB, and the slow feed held back nothing for long.
    expect(hugeBytesSent).toBeLessThan(10 * 1024 * 1024);
    expect(elapsed).toBeLessThan(10_000);

    const sources = (await as('admin', 'GET', '/admin/news/sources')).json().data.sources;
    const byId = new Map(sources.map((source: { _id: string }) => [source._id, source]));
    expect(byId.get(sourceIds.slow)).toMatchObject({
      failureCount: 1,
      lastError: expect.stringMatching(/within 3 s/),
      itemCount: 0,
    });
    expect(byId.get(sourceIds.wire)).toMatchObject({ failureCount: 0, lastError: null, itemCount: 2 });

    // Nothing else was disturbed: the server answers and every good item is listed.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    expect(await allNews()).toHaveLength(12 + 6);
  });

  it('keeps feed HTML out: summaries are text, links and images are http(s), categories and symbols are found', async () => {
    const items = await allNews();
    const gold = items.find((item) => item.title === 'Gold & silver rally as yields drop')!;
    expect(gold).toMatchObject({
      summary: 'Bullion climbed 1.2% after the release.',
      imageUrl: 'https://cdn.wire.example.com/images/gold-rally.jpg',
      category: 'commodities',
      author: 'Priya Nair',
      source: { _id: sourceIds.wire, name: 'Example Markets Wire' },
    });
    expect(gold.symbols).toEqual(['XAUUSD']); // "Gold" names XAUUSD, any case
    const infosys = items.find((item) => item.title.startsWith('Infosys wins'))!;
    expect(infosys).toMatchObject({
      summary: 'The deal lifts INFY in early trade; TCS also gains.',
      category: 'markets', // "Business" is none of ours: the source's category
      imageUrl: 'https://cdn.wire.example.com/images/infy.png',
    });
    expect(infosys.symbols).toEqual(['TCS', 'INFY']);
    const bitcoin = items.find((item) => item.title.startsWith('Bitcoin & Ether'))!;
    expect(bitcoin).toMatchObject({
      category: 'crypto',
      imageUrl: 'https://ledger.example.org/img/btc-eth.webp',
      summary: 'BTC fell 2%; ETH followed.',
      symbols: ['BTCUSD', 'ETHUSD'],
    });
    expect(items.find((item) => item.title.startsWith('Stablecoin'))!.url).toBe(
      'https://ledger.example.org/2025/11/stablecoin-rules', // relative links resolve against the feed's own link,
    );
    expect(items.some((item) => item.title.startsWith('Sensex opens flat'))).toBe(false); // javascript: link
    for (const item of items) {
      expect(item.summary).not.toMatch(/<|script|onerror/i);
      expect(item.url).toMatch(/^https?:\/\//);
    }
    const rows = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(newsItems)
      .where(eq(newsItems.canonicalUrl, 'wire.example.com/markets/gold-silver-rally'));
    expect(rows[0].n).toBe(1);
  });

  it('asks again with the validators it was given and stores nothing new on a 304', async () => {
    const before = requests.length;
    const poller = new NewsPoller({ db: t.database.db, log: t.app.log, settings });
    await poller.tryLead();
    // Nothing is due yet: a healthy source waits its 15 minutes.
    expect(await poller.pollDue(new Date(Date.now() + 60_000))).toEqual([]);
    const later = await poller.pollDue(new Date(Date.now() + 16 * 60_000));
    await poller.stop();
    const wireOutcome = later.find((result) => result.sourceId === sourceIds.wire)?.outcome;
    expect(wireOutcome).toEqual({ status: 'not-modified' });
    expect(requests.slice(before).find((request) => request.path === '/wire.xml')?.ifNoneMatch).toBe(
      RSS_ETAG,
    );
    // The failing sources were tried again (after 15 minutes, the first back-off) and counted.
    const [slow] = await t.database.db.select().from(newsSources).where(eq(newsSources.id, sourceIds.slow));
    expect(slow.failureCount).toBe(2);
    expect(slow.nextPollAt!.getTime() - slow.lastFetchedAt!.getTime()).toBe(30 * 60_000);
    expect(await allNews()).toHaveLength(18);
  });

  it('polls one source now on an admin request and reports the outcome', async () => {
    const ok = await as('admin', 'POST', `/admin/news/sources/${sourceIds.ledger}/poll`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      message: 'Fetched 2 items; 0 new.',
      data: { result: { status: 'ok', stored: 0 } },
    });
    const failed = await as('admin', 'POST', `/admin/news/sources/${sourceIds.down}/poll`);
    expect(failed.json().data).toMatchObject({ result: { status: 'failed' }, source: { failureCount: 3 } });
    expect((await as('admin', 'POST', '/admin/news/sources/nope/poll')).statusCode).toBe(404);
  });

  it('switches sources off and deletes them with their items', async () => {
    const off = await as('admin', 'PATCH', `/admin/news/sources/${sourceIds.broken}`, { enabled: false });
    expect(off.json().data.source.enabled).toBe(false);
    const poller = new NewsPoller({ db: t.database.db, log: t.app.log, settings });
    await poller.tryLead();
    const results = await poller.pollDue(new Date(Date.now() + 24 * 3_600_000));
    await poller.stop();
    expect(results.map((result) => result.sourceId)).not.toContain(sourceIds.broken);

    expect((await as('admin', 'DELETE', `/admin/news/sources/${sourceIds.syndicated}`)).statusCode).toBe(200);
    expect(await allNews()).toHaveLength(16);
    expect((await as('admin', 'DELETE', `/admin/news/sources/${sourceIds.syndicated}`)).statusCode).toBe(404);
  });
});

describe('reading news', () => {
  it('filters by category, symbol and words, and says how many match', async () => {
    const forex = (await as('user', 'GET', '/news?category=forex')).json().data;
    expect(forex.total).toBe(2);
    expect(forex.items.every((item: { category: string }) => item.category === 'forex')).toBe(true);

    const btc = (await as('user', 'GET', '/news?symbol=btcusd')).json().data.items;
    expect(btc.map((item: { title: string }) => item.title).sort()).toEqual([
      'Bitcoin & Ether slip as funding turns negative',
      'Bitcoin holds above 90,000 as ETF inflows slow',
    ]);

    const search = (await as('user', 'GET', `/news?q=${encodeURIComponent('RUPEE central')}`)).json().data;
    expect(search.items.map((item: { title: string }) => item.title)).toEqual([
      'Rupee steadies near 84.3 per dollar after central bank comments',
    ]);
    // Words found in the summary count; % and _ are letters, not wildcards.
    expect((await as('user', 'GET', '/news?q=stop-loss')).json().data.total).toBe(1);
    const everything = await allNews();
    const withPercent = everything.filter((item) => `${item.title} ${item.summary}`.includes('%'));
    expect(withPercent.length).toBeGreaterThan(0);
    expect((await as('user', 'GET', '/news?q=%25&pageSize=50')).json().data.total).toBe(withPercent.length);
    expect((await as('user', 'GET', '/news?q=_')).json().data.total).toBe(0);
    expect((await as('user', 'GET', '/news?q=zzzz-nothing')).json().data).toMatchObject({
      total: 0,
      items: [],
    });
    expect((await as('user', 'GET', '/news?category=stocks&q=nvidia')).json().data.total).toBe(1);

    expect((await as('user', 'GET', '/news?category=sport')).statusCode).toBe(400);
    expect((await as('user', 'GET', '/news?pageSize=500')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/news' })).statusCode).toBe(401);
  });

  it('pages in a stable order: every item once, newest first, ties broken by id', async () => {
    const everything = await allNews();
    const seen: string[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const data = (await as('user', 'GET', `/news?page=${page}&pageSize=5`)).json().data;
      expect(data).toMatchObject({ page, pageSize: 5, total: everything.length });
      seen.push(...data.items.map((item: { _id: string }) => item._id));
    }
    expect(seen).toEqual(everything.map((item) => item._id));
    const times = everything.map((item) => Date.parse(item.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('shows "my symbols": what the user holds or has traded, and nothing for someone who has not', async () => {
    const accountId = newId();
    await t.database.db.insert(tradingAccounts).values({
      id: accountId,
      groupId: 'group-running',
      userId: ids.trader,
      startingBalance: 100_000,
      balance: 100_000,
      equity: 100_000,
      peakEquity: 100_000,
    });
    await t.database.db
      .insert(positions)
      .values({ accountId, symbol: 'XAUUSD', quantity: 1, averagePrice: 2650 });
    await t.database.db.insert(fills).values({
      id: newId(),
      accountId,
      symbol: 'EURUSD',
      side: 'buy',
      quantity: 1,
      price: 1.08,
      reason: 'order',
    });
    const mine = (await as('trader', 'GET', '/news?mine=1')).json().data;
    expect(mine.mySymbols).toEqual(['EURUSD', 'XAUUSD']);
    expect(mine.total).toBeGreaterThan(0);
    for (const item of mine.items) {
      expect(item.symbols.some((symbol: string) => symbol === 'EURUSD' || symbol === 'XAUUSD')).toBe(true);
    }
    expect(mine.items.map((item: { title: string }) => item.title)).toContain(
      'Gold eases from its high as the dollar firms',
    );
    expect((await as('user', 'GET', '/news?mine=1')).json().data).toMatchObject({
      total: 0,
      items: [],
      mySymbols: [],
    });
  });

  it('counts the symbols of the journal and of a connected broker among "my symbols"', async () => {
    const connectionId = newId();
    await t.database.db
      .insert(brokerConnections)
      .values({ id: connectionId, userId: ids.trader, broker: 'paper', credentials: '' });
    await t.database.db.insert(brokerFills).values({
      connectionId,
      brokerFillId: 'fill-1',
      symbol: 'aapl',
      side: 'buy',
      quantity: 3,
      price: 190,
      executedAt: new Date('2026-11-20T15:00:00Z'),
    });
    const trade = await as('trader', 'POST', '/journal/trades', {
      symbol: 'reliance',
      side: 'long',
      quantity: 10,
      entryPrice: 2400,
      entryTime: '2026-11-20T04:00:00.000Z',
    });
    expect(trade.statusCode).toBe(201);
    const mine = (await as('trader', 'GET', '/news?mine=1')).json().data;
    expect(mine.mySymbols).toEqual(['AAPL', 'EURUSD', 'RELIANCE', 'XAUUSD']);
  });
});

describe('admin posts', () => {
  let postId = '';

  it('publishes a markdown article beside the feed items and opens it in the app', async () => {
    const body =
      '## Why we practise\n\nTrade the **NIFTY50** on paper first. <script>alert(1)</script>\n\n- Size small\n- [Read the rules](https://example.com/rules)';
    const created = await as('admin', 'POST', '/admin/news/posts', {
      title: 'Competition rules for December',
      body,
      category: 'education',
    });
    expect(created.statusCode).toBe(201);
    const post = created.json().data.post;
    postId = post._id;
    expect(post).toMatchObject({
      kind: 'post',
      url: null,
      source: { _id: null, name: 'Candlewise' },
      author: 'Asha Rao',
      symbols: ['NIFTY50'],
      category: 'education',
    });
    expect(post.summary).toBe('Why we practise Trade the NIFTY50 on paper first. Size small Read the rules');

    const list = await allNews();
    expect(list[0]).toMatchObject({ _id: postId, title: 'Competition rules for December' });
    const one = (await as('user', 'GET', `/news/${postId}`)).json().data.item;
    expect(one.body).toBe(body); // markdown is stored as written; the web renders it without HTML
    expect((await as('user', 'GET', '/news/does-not-exist')).statusCode).toBe(404);
    expect(
      (await as('user', 'POST', '/admin/news/posts', { title: 'x', body: 'y', category: 'x' })).statusCode,
    ).toBe(403);
  });

  it('validates, edits and deletes articles', async () => {
    const invalid = await as('admin', 'POST', '/admin/news/posts', {
      title: 'Hi',
      body: 'short',
      category: 'education',
    });
    expect(invalid.statusCode).toBe(400);
    const unknown = await as('admin', 'POST', '/admin/news/posts', {
      title: 'About a symbol we do not list',
      body: 'A body long enough to be accepted here.',
      category: 'stocks',
      symbols: ['TSLA'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown instrument: TSLA.');

    const edited = await as('admin', 'PUT', `/admin/news/posts/${postId}`, {
      title: 'Competition rules for December (updated)',
      summary: 'What changes in the December competition.',
      body: 'The freeze threshold is 8 % this month.',
      category: 'markets',
      symbols: ['SENSEX'],
    });
    expect(edited.json().data.post).toMatchObject({
      category: 'markets',
      symbols: ['SENSEX'],
      summary: 'What changes in the December competition.',
    });
    const posts = (await as('admin', 'GET', '/admin/news/posts')).json().data;
    expect(posts.total).toBe(1);
    expect((await as('admin', 'DELETE', `/admin/news/posts/${postId}`)).statusCode).toBe(200);
    expect((await as('admin', 'GET', `/news/${postId}`)).statusCode).toBe(404);
    // A feed item is not a post: the post routes do not touch it.
    const feedItem = (await allNews())[0];
    expect((await as('admin', 'DELETE', `/admin/news/posts/${feedItem._id}`)).statusCode).toBe(404);
  });
});

describe('the first page read on every load (issue #43)', () => {
  it('is the same for every learner, and an admin’s post or removal shows on everyone’s next read', async () => {
    const page = async (who: string) => {
      const response = await as(who, 'GET', '/news?page=1&pageSize=10');
      expect(response.statusCode).toBe(200);
      return response.json().data;
    };
    const before = await page('user');
    expect(await page('trader')).toEqual(before);
    expect(await page('admin')).toEqual(before);
    const created = await as('admin', 'POST', '/admin/news/posts', {
      title: 'The January competition opens',
      body: 'Sign-ups open on Monday for everyone on the learner plan.',
      category: 'education',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.post._id;
    for (const who of ['admin', 'user', 'trader']) {
      const after = await page(who);
      expect(after.items[0]).toMatchObject({ _id: id, title: 'The January competition opens' });
      expect(after.total).toBe(before.total + 1);
    }
    expect((await as('admin', 'DELETE', `/admin/news/posts/${id}`)).statusCode).toBe(200);
    for (const who of ['user', 'trader', 'admin']) expect(await page(who)).toEqual(before);
  });
});

describe('one poller among several processes', () => {
  it.runIf(process.env.DATABASE_URL)(
    'lets exactly one process poll, and another take over when it stops',
    async () => {
      const pool = t.database.pool!;
      const first = new NewsPoller({ db: t.database.db, pool, log: t.app.log, settings });
      const second = new NewsPoller({ db: t.database.db, pool, log: t.app.log, settings });
      expect(await first.tryLead()).toBe(true);
      expect(await second.tryLead()).toBe(false);
      await first.stop();
      expect(await second.tryLead()).toBe(true);
      await second.stop();
    },
  );
});
