import type { ChildProcess } from 'node:child_process';
import { fills, groups, instruments, tradingAccounts } from '@candlewise/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkLedgerInvariants,
  formatLedgerReport,
} from '../src/services/trading/check-ledger-invariants.ts';
import { startApiProcess, stopApiProcess } from './api-process.ts';
import { addApprovedMembers, type Member, seededRandom } from './competition-members.ts';
import { createTestDatabase } from './helper.ts';

const SECRET = 'engine-scale-secret-engine-scale-secret-0123456789';
const MEMBERS = 120;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Quote = { symbol: string; mid: number; time: number };

/**
 * The proof the issue asks for: two real API processes on one PostgreSQL and Redis, 120 members of
 * one competition placing market, limit and stop orders with stop-losses and take-profits through
 * both, accounts freezing on a volatile instrument, the leader killed with SIGKILL mid-run — then
 * the ledger's invariants must hold exactly, the market must continue where it was, and nobody
 * may be frozen by the failover.
 */
describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)(
  'two engine processes under load, with the leader killed',
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    const processes = new Map<number, ChildProcess>();
    const logs: string[] = [];
    let members: Member[] = [];
    let watcher: Member;
    const volatility = new Map<string, number>();

    const spawnServer = async () => {
      const started = await startApiProcess({
        DATABASE_URL: database.url!,
        REDIS_URL: process.env.REDIS_URL,
        APP_SECRET: SECRET,
      });
      processes.set(started.port, started.child);
      logs.push(started.logFile);
    };

    const role = async (port: number) => {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      return ((await response.json()) as { data: { tradingEngine: string } }).data.tradingEngine;
    };

    beforeAll(async () => {
      database = await createTestDatabase();
      // A volatile instrument (0.2 % a second) so leveraged accounts freeze during the run, in a
      // competition with a 1 % freeze threshold and a 3 s freeze.
      await database.db.insert(instruments).values({
        symbol: 'TESTVOL',
        name: 'Volatile test index',
        assetClass: 'index',
        tickSize: 0.01,
        lotStep: 1,
        minQuantity: 1,
        contractSize: 1,
        currency: 'INR',
        basePrice: 1000,
        volatility: 0.002,
        spread: 0.1,
        position: 99,
      });
      await database.db.insert(groups).values({
        id: 'load-cup',
        name: 'Load Cup',
        startDate: new Date(Date.now() - 3_600_000),
        endDate: new Date(Date.now() + 86_400_000),
        freezeThreshold: 1,
        freezeDuration: 3000,
        startingBalance: 100_000,
        instruments: [],
      });
      members = await addApprovedMembers(database.db, SECRET, 'load-cup', MEMBERS, 'scale');
      [watcher] = await addApprovedMembers(database.db, SECRET, 'group-running', 1, 'watch');
      for (const row of await database.db.select().from(instruments))
        volatility.set(row.symbol, row.volatility);
      await spawnServer();
      await spawnServer();
    }, 150_000);

    afterAll(async () => {
      for (const child of processes.values()) if (child.exitCode === null) child.kill('SIGKILL');
      await database?.close();
    });

    it('keeps the books exact, continues the market and freezes nobody at the failover', async () => {
      const ports = [...processes.keys()];
      const roles = await Promise.all(ports.map(role));
      expect(roles.sort()).toEqual(['follower', 'leader']);
      const leaderPort = ports[(await Promise.all(ports.map(role))).indexOf('leader')];
      const followerPort = ports.find((port) => port !== leaderPort)!;
      let alive = [...ports];

      const call = async (member: Member, method: string, path: string, body?: object) => {
        const port = alive[Math.floor(Math.random() * alive.length)];
        try {
          const response = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
            method,
            headers: {
              authorization: `Bearer ${member.token}`,
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
          });
          return {
            status: response.status,
            json: (await response.json()) as { data?: unknown; message?: string },
          };
        } catch {
          return { status: 0, json: {} }; // the killed process
        }
      };

      // The watcher holds about 9× equity short on NIFTY50 in a competition with a 5 % threshold:
      // normal moves over the run cannot freeze it; a market rewound by minutes could.
      const nifty = (await call(watcher, 'GET', '/market/quotes?symbols=NIFTY50')).json.data as Quote[];
      const short = await call(watcher, 'POST', '/group/group-running/orders', {
        symbol: 'NIFTY50',
        side: 'sell',
        quantity: Math.floor(880_000 / nifty[0].mid),
      });
      expect(short.status).toBe(201);

      // Quotes as the surviving process streams them, through the whole run.
      const seen: Quote[][] = [];
      const controller = new AbortController();
      const stream = await fetch(`http://127.0.0.1:${followerPort}/api/v1/group/load-cup/stream`, {
        headers: { authorization: `Bearer ${members[0].token}` },
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      const reading = (async () => {
        const reader = stream.body!.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) return;
            buffer += decoder.decode(value, { stream: true });
            let boundary = buffer.indexOf('\n\n');
            while (boundary >= 0) {
              const block = buffer.slice(0, boundary);
              buffer = buffer.slice(boundary + 2);
              if (/^event: quotes$/m.test(block))
                seen.push(JSON.parse(block.match(/^data: (.*)$/m)![1]) as Quote[]);
              boundary = buffer.indexOf('\n\n');
            }
          }
        } catch {}
      })();

      let statuses: Record<number, number> = {};
      const trader = async (member: Member, index: number, rounds: number) => {
        const pick = seededRandom(7_000 + index);
        for (let n = 0; n < rounds; n += 1) {
          const quotes = (await call(member, 'GET', '/market/quotes?symbols=TESTVOL,NIFTY50')).json.data as
            | Quote[]
            | undefined;
          const price = quotes?.find((quote) => quote.symbol === 'TESTVOL')?.mid ?? 1000;
          const roll = pick();
          const side = pick() < 0.5 ? 'buy' : 'sell';
          const round2 = (value: number) => Math.round(value * 100) / 100;
          let result: { status: number };
          if (index % 12 === 0 && n % 3 === 0) {
            // About 9× equity on the volatile index: frozen within seconds at a 1 % threshold.
            result = await call(member, 'POST', '/group/load-cup/orders', {
              symbol: 'TESTVOL',
              side,
              quantity: Math.floor(880_000 / price),
            });
          } else if (roll < 0.35) {
            result = await call(member, 'POST', '/group/load-cup/orders', {
              symbol: 'TESTVOL',
              side,
              quantity: 1 + Math.floor(pick() * 20),
              ...(pick() < 0.5
                ? side === 'buy'
                  ? { stopLoss: round2(price * 0.99), takeProfit: round2(price * 1.01) }
                  : { stopLoss: round2(price * 1.01), takeProfit: round2(price * 0.99) }
                : {}),
            });
          } else if (roll < 0.7) {
            // Priced to fill on the next tick (a buy limit above the ask, a sell limit below the bid).
            result = await call(member, 'POST', '/group/load-cup/orders', {
              symbol: 'TESTVOL',
              side,
              type: 'limit',
              quantity: 1 + Math.floor(pick() * 10),
              price: round2(side === 'buy' ? price * 1.002 : price * 0.998),
            });
          } else if (roll < 0.85) {
            result = await call(member, 'POST', '/group/load-cup/orders', {
              symbol: 'TESTVOL',
              side,
              type: 'stop',
              quantity: 1 + Math.floor(pick() * 10),
              price: round2(side === 'buy' ? price * 1.001 : price * 0.999),
              ...(side === 'buy' ? { stopLoss: round2(price * 0.98) } : { takeProfit: round2(price * 0.98) }),
            });
          } else {
            result = await call(member, 'POST', '/group/load-cup/positions/TESTVOL/close');
          }
          statuses[result.status] = (statuses[result.status] ?? 0) + 1;
        }
      };

      // Phase 1: everyone trades through both processes.
      await Promise.all(members.map((member, index) => trader(member, index, 6)));
      const beforeKill = { ...statuses };
      expect(beforeKill[201]).toBeGreaterThan(MEMBERS * 3);

      // Phase 2: the leader is killed mid-run; trading goes on through the survivor.
      const leaderHealth = (await (await fetch(`http://127.0.0.1:${leaderPort}/api/v1/health`)).json()) as {
        data: { engine: object; orders: object };
      };
      const killedAt = Date.now();
      const phase2 = Promise.all(members.map((member, index) => trader(member, index + MEMBERS, 4)));
      await sleep(300);
      void stopApiProcess(processes.get(leaderPort)!, 'SIGKILL');
      alive = [followerPort];
      statuses = {};
      await phase2;
      expect(
        await (async () => {
          const deadline = Date.now() + 15_000;
          while (Date.now() < deadline) {
            if ((await role(followerPort)) === 'leader') return true;
            await sleep(200);
          }
          return false;
        })(),
      ).toBe(true);
      // Phase 3: a round on the new leader alone, then a few seconds for resting orders to fill.
      await Promise.all(members.map((member, index) => trader(member, index + 2 * MEMBERS, 3)));
      await sleep(4000);
      controller.abort();
      await reading;

      // Stop the survivor gracefully (it saves its last state), then check the books.
      const survivor = processes.get(followerPort)!;
      survivor.kill('SIGTERM');
      await new Promise((resolve) =>
        survivor.exitCode !== null ? resolve(null) : survivor.once('exit', resolve),
      );
      const report = await checkLedgerInvariants(database.db);
      expect(report.violations, `${formatLedgerReport(report)}\n(process logs: ${logs.join(', ')})`).toBe(0);

      // Fills of every kind happened, and freezes did, all in the volatile competition.
      const accounts = await database.db
        .select({
          id: tradingAccounts.id,
          groupId: tradingAccounts.groupId,
          freezes: tradingAccounts.freezeCount,
        })
        .from(tradingAccounts)
        .where(inArray(tradingAccounts.groupId, ['load-cup', 'group-running']));
      const reasons = new Set(
        (
          await database.db
            .select({ reason: fills.reason })
            .from(fills)
            .where(
              inArray(
                fills.accountId,
                accounts.map((account) => account.id),
              ),
            )
        ).map((row) => row.reason),
      );
      expect([...reasons]).toEqual(expect.arrayContaining(['order', 'freeze']));
      expect(
        accounts.filter((account) => account.groupId === 'load-cup').some((account) => account.freezes > 0),
      ).toBe(true);
      const [watched] = await database.db
        .select()
        .from(tradingAccounts)
        .where(and(eq(tradingAccounts.groupId, 'group-running'), eq(tradingAccounts.userId, watcher.userId)));
      expect(watched.freezeCount).toBe(0);

      // The market continued where it was: across the failover's silence, every instrument moved
      // by about one normal step (a rewind of even a dozen seconds shows on most of them). The
      // failover is the longest pause after the kill: quotes come once a second, and the standby
      // can take over within that second's margin (a 1,478 ms pause once failed a fixed 1,500 ms).
      const pauseBefore = (i: number) => seen[i][0].time - seen[i - 1][0].time;
      let gapAt = -1;
      for (let i = 1; i < seen.length; i++) {
        if (seen[i][0].time > killedAt && (gapAt < 0 || pauseBefore(i) > pauseBefore(gapAt))) gapAt = i;
      }
      expect(
        gapAt,
        `no quotes after the kill in ${seen.length} quote batches (times ${seen.map((batch) => batch[0].time - killedAt).join(' ')})`,
      ).toBeGreaterThan(0);
      const last = new Map(seen[gapAt - 1].map((quote) => [quote.symbol, quote]));
      const jumps = seen[gapAt].map((quote) => {
        const before = last.get(quote.symbol)!;
        return Math.abs(Math.log(quote.mid / before.mid)) / volatility.get(quote.symbol)!;
      });
      const fillCounts = await database.db.execute(
        sql`select reason, count(*)::int as n from fills group by reason order by reason`,
      );
      console.log(
        `two processes, ${MEMBERS} members: leader before the kill ${JSON.stringify(leaderHealth.data)}; HTTP statuses before the kill ${JSON.stringify(beforeKill)}, after ${JSON.stringify(statuses)}; ` +
          `fills ${JSON.stringify((fillCounts as unknown as { rows: unknown[] }).rows)}; ` +
          `quotes seen ${seen.length} seconds, the failover after ${gapAt}: silence ${pauseBefore(gapAt)} ms; largest move across it ${Math.max(...jumps).toFixed(2)} σ ` +
          `over ${jumps.length} instruments; ledger violations ${report.violations}`,
      );
      expect(jumps.length).toBeGreaterThan(10);
      expect(Math.max(...jumps)).toBeLessThan(8); // two steps at most (a tick saved but not yet published), in σ
      expect(seen[gapAt][0].time).toBeGreaterThan(seen[gapAt - 1][0].time);
      // The simulated market is deterministic for its saved state: a leader resuming from an older
      // state replays prices already seen. No second after the failover may repeat one before it.
      const key = (batch: Quote[]) =>
        batch
          .map((quote) => `${quote.symbol}=${quote.mid}`)
          .sort()
          .join(',');
      const before = new Set(seen.slice(0, gapAt).map(key));
      const around = seen
        .slice(Math.max(0, gapAt - 3), gapAt + 3)
        .map(
          (batch) =>
            `${batch[0].time - killedAt}: ${batch
              .filter((q) => q.symbol === 'TESTVOL' || q.symbol === 'NIFTY50')
              .map((q) => `${q.symbol}=${q.mid}`)
              .join(' ')}`,
        )
        .join('\n');
      expect(
        seen.slice(gapAt).filter((batch) => before.has(key(batch))).length,
        `${around}\nlogs ${logs.join(' ')}`,
      ).toBe(0);
    }, 240_000);
  },
);
