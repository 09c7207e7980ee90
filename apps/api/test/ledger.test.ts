import { candles, fills, orders } from '@candlewise/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ENGINE_CHANNELS } from '../src/engine/trading-engine.ts';
import {
  checkLedgerInvariants,
  formatLedgerReport,
} from '../src/services/trading/check-ledger-invariants.ts';
import { addApprovedMembers, type Member, seededRandom } from './competition-members.ts';
import { bearer, createTestDatabase, testConfig } from './helper.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false });
  await app.tradingEngine.tryLead();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const order = (member: Member, groupId: string, body: object) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/group/${groupId}/orders`,
    headers: bearer(member.token),
    payload: body,
  });

async function expectBalancedBooks() {
  const report = await checkLedgerInvariants(database.db);
  expect(report.violations, formatLedgerReport(report)).toBe(0);
}

describe('the ledger', () => {
  it('fills a resting order once although its account is reloaded while the tick is being saved', async () => {
    const engine = app.tradingEngine;
    const members = await addApprovedMembers(database.db, app.config.appSecret, 'group-running', 40, 'race');
    await engine.announceGroupChange('group-running');
    engine.setPrice('NIFTY50', 20_000);
    const placed = [];
    for (const member of members) {
      const response = await order(member, 'group-running', {
        symbol: 'NIFTY50',
        side: 'buy',
        type: 'limit',
        quantity: 1,
        price: 19_990,
      });
      expect(response.statusCode).toBe(201);
      placed.push(response.json().data._id as string);
    }
    await engine.flush();

    // The ask falls through every limit: the next tick fills all forty. While that tick's writes are
    // on their way, another process announces each account (as a follower does after an order).
    engine.setPrice('NIFTY50', 19_980);
    const now = Date.now();
    const tick = engine.tickOnce(now, engine.currentQuotes());
    for (const member of members)
      void app.eventBus.publish(ENGINE_CHANNELS.accountChanged, { accountId: member.accountId });
    await tick;
    await engine.flush();
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let i = 1; i <= 3; i += 1) await engine.tickOnce(now + i * 1000, engine.currentQuotes());
    await engine.flush();

    const rows = await database.db.select().from(fills).where(inArray(fills.orderId, placed));
    expect(rows).toHaveLength(placed.length);
    const statuses = await database.db
      .select({ status: orders.status })
      .from(orders)
      .where(inArray(orders.id, placed));
    expect(statuses.every((row) => row.status === 'filled')).toBe(true);
    await expectBalancedBooks();
  });

  it('balances after a hundred members trade at once while the market moves and accounts freeze', async () => {
    const engine = app.tradingEngine;
    const random = seededRandom(14);
    const members = await addApprovedMembers(database.db, app.config.appSecret, 'group-running', 100, 'load');
    await engine.announceGroupChange('group-running');
    let mid = 20_000;
    engine.setPrice('NIFTY50', mid);
    let clock = Date.now();
    let running = true;
    // Every tenth member opens a long of about 9× equity first and holds it; the market's first
    // sharp drop waits for all of them, so they freeze however fast the orders go through.
    const leveraged = members.filter((_, index) => index % 10 === 0).length;
    let leveragedOpen = 0;
    let dropAt = Number.POSITIVE_INFINITY;
    // The market: a fast walk with sharp drops, so leveraged longs freeze during the run.
    const market = (async () => {
      let step = 0;
      // Until the orders are done, and at least through the first drop.
      while (running || step <= dropAt) {
        step += 1;
        if (dropAt === Number.POSITIVE_INFINITY && leveragedOpen === leveraged) dropAt = step;
        const drop = step >= dropAt && (step - dropAt) % 25 === 0;
        mid = Math.max(1_000, mid * (1 + (random() - 0.5) * 0.004 - (drop ? 0.06 : 0)));
        engine.setPrice('NIFTY50', Math.round(mid * 20) / 20);
        clock += 1000;
        await engine.tickOnce(clock, engine.currentQuotes());
        // A follower's announcement now and then, as two processes would send.
        const someone = members[Math.floor(random() * members.length)];
        void app.eventBus.publish(ENGINE_CHANNELS.accountChanged, { accountId: someone.accountId });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();

    const trader = async (member: Member, index: number) => {
      const pick = seededRandom(1000 + index);
      for (let n = 0; n < 8; n += 1) {
        const price = Math.round(mid * 20) / 20;
        const roll = pick();
        if (index % 10 === 0 && n === 0) {
          // A leveraged long: about 9× equity, frozen by the next drop.
          await order(member, 'group-running', { symbol: 'NIFTY50', side: 'buy', quantity: 44 });
          leveragedOpen += 1;
        } else if (roll < 0.3) {
          await order(member, 'group-running', {
            symbol: 'NIFTY50',
            side: pick() < 0.5 ? 'buy' : 'sell',
            quantity: 1 + Math.floor(pick() * 3),
            ...(pick() < 0.5
              ? { stopLoss: Math.round(price * 0.97), takeProfit: Math.round(price * 1.03) }
              : {}),
          });
        } else if (roll < 0.6) {
          const side = pick() < 0.5 ? 'buy' : 'sell';
          await order(member, 'group-running', {
            symbol: 'NIFTY50',
            side,
            type: 'limit',
            quantity: 1 + Math.floor(pick() * 2),
            price: Math.round(side === 'buy' ? price * 1.001 : price * 0.999),
          });
        } else if (roll < 0.8) {
          const side = pick() < 0.5 ? 'buy' : 'sell';
          await order(member, 'group-running', {
            symbol: 'NIFTY50',
            side,
            type: 'stop',
            quantity: 1,
            price: Math.round(side === 'buy' ? price * 1.0005 : price * 0.9995),
          });
        } else if (roll < 0.9) {
          const summary = await app.inject({
            method: 'GET',
            url: '/api/v1/group/group-running/account',
            headers: bearer(member.token),
          });
          const open = summary.json().data?.orders?.[0];
          if (open)
            await app.inject({
              method: 'DELETE',
              url: `/api/v1/group/group-running/orders/${open._id}`,
              headers: bearer(member.token),
            });
        } else if (index % 10 !== 0) {
          await app.inject({
            method: 'POST',
            url: '/api/v1/group/group-running/positions/NIFTY50/close',
            headers: bearer(member.token),
          });
        }
      }
    };
    await Promise.all(members.map((member, index) => trader(member, index)));
    running = false;
    await market;
    for (let i = 1; i <= 3; i += 1) await engine.tickOnce(clock + i * 1000, engine.currentQuotes());
    await engine.flush();

    const report = await checkLedgerInvariants(database.db);
    const frozen = await database.db.select().from(fills).where(eq(fills.reason, 'freeze'));
    expect(report.violations, formatLedgerReport(report)).toBe(0);
    expect(frozen.length).toBeGreaterThan(0);
    // Every tick was saved in its one transaction (a failing statement would fall back, and count).
    expect(engine.status().failedTicks).toBe(0);
  });

  it('keeps the candle in progress across a graceful stop', async () => {
    const engine = app.tradingEngine;
    // A minute ahead of every clock the tests above used (the book ignores quotes for closed minutes).
    const minute = Math.floor(Date.now() / 60_000) * 60_000 + 30 * 60_000;
    engine.setPrice('NIFTY50', 21_000);
    await engine.tickOnce(minute + 1000, engine.currentQuotes());
    engine.setPrice('NIFTY50', 21_300);
    await engine.tickOnce(minute + 2000, engine.currentQuotes());
    engine.setPrice('NIFTY50', 21_100);
    await engine.tickOnce(minute + 3000, engine.currentQuotes());
    await app.close();
    const [saved] = await database.db
      .select()
      .from(candles)
      .where(and(eq(candles.symbol, 'NIFTY50'), eq(candles.startTime, new Date(minute))));
    expect(saved).toMatchObject({ high: 21_300, close: 21_100 });
    // A restarted server shows the same candle and continues it.
    app = await buildApp({ config: testConfig(), database, logger: false });
    await app.tradingEngine.tryLead();
    expect(app.tradingEngine.candles.get('NIFTY50').at(-1)).toMatchObject({
      time: minute,
      high: 21_300,
      close: 21_100,
    });
  });
});
