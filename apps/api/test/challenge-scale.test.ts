import type { ChildProcess } from 'node:child_process';
import { challengeEvents, groups, instruments, tradingAccounts } from '@candlewise/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkLedgerInvariants,
  formatLedgerReport,
} from '../src/services/trading/check-ledger-invariants.ts';
import { startApiProcess } from './api-process.ts';
import { auditChallenges } from './challenge-audit.ts';
import { addApprovedMembers, type Member, seededRandom } from './competition-members.ts';
import { createTestDatabase } from './helper.ts';

const SECRET = 'challenge-scale-secret-challenge-scale-secret-0123';
const MEMBERS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The proof for challenges: two API processes on one PostgreSQL and Redis, 50 members of a
 * two-phase challenge trading a volatile instrument through both (market, limit and stop orders,
 * stop-losses and take-profits, closes), so phases pass and fail on the daily and maximum loss as
 * it goes — then every decision is recomputed from the ledger by independent code, and the
 * ledger's invariants checked: neither may find a difference.
 */
describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)(
  'a scripted 50-member challenge on two processes, recomputed from the ledger',
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    const processes: ChildProcess[] = [];
    const ports: number[] = [];
    const logs: string[] = [];
    let members: Member[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      await database.db.insert(instruments).values({
        symbol: 'TESTCHAL',
        name: 'Volatile challenge index',
        assetClass: 'index',
        tickSize: 0.01,
        lotStep: 1,
        minQuantity: 1,
        contractSize: 1,
        currency: 'INR',
        basePrice: 1000,
        volatility: 0.0015,
        spread: 0.1,
        position: 99,
      });
      await database.db.insert(groups).values({
        id: 'challenge-cup',
        name: 'Challenge Cup',
        startDate: new Date(Date.now() - 3_600_000),
        endDate: new Date(Date.now() + 86_400_000),
        startingBalance: 100_000,
        ruleSet: 'replay-two-step-2-1@1',
        timeZone: 'UTC',
        instruments: ['TESTCHAL'],
      });
      members = await addApprovedMembers(database.db, SECRET, 'challenge-cup', MEMBERS, 'chal');
      for (let i = 0; i < 2; i += 1) {
        const started = await startApiProcess({
          DATABASE_URL: database.url!,
          REDIS_URL: process.env.REDIS_URL,
          APP_SECRET: SECRET,
        });
        processes.push(started.child);
        ports.push(started.port);
        logs.push(started.logFile);
      }
    }, 150_000);

    afterAll(async () => {
      for (const child of processes) if (child.exitCode === null) child.kill('SIGKILL');
      await database?.close();
    });

    it('decides passes and fails that an independent recomputation finds equal, with the ledger exact', async () => {
      const call = async (member: Member, method: string, path: string, body?: object) => {
        const port = ports[Math.floor(Math.random() * ports.length)];
        const response = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
          method,
          headers: {
            authorization: `Bearer ${member.token}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: response.status, json: (await response.json()) as { data?: unknown } };
      };
      const statuses: Record<number, number> = {};
      const trader = async (member: Member, index: number, rounds: number) => {
        const pick = seededRandom(11_000 + index);
        for (let n = 0; n < rounds; n += 1) {
          const quotes = (await call(member, 'GET', '/market/quotes?symbols=TESTCHAL')).json.data as
            | Array<{ mid: number }>
            | undefined;
          const price = quotes?.[0]?.mid ?? 1000;
          const side = pick() < 0.5 ? 'buy' : 'sell';
          const round2 = (value: number) => Math.round(value * 100) / 100;
          const roll = pick();
          let result: { status: number };
          if (roll < 0.45) {
            // 3× to 9× equity: a move of a few tenths of a percent passes or breaks a phase.
            result = await call(member, 'POST', '/group/challenge-cup/orders', {
              symbol: 'TESTCHAL',
              side,
              quantity: Math.floor(((3 + pick() * 6) * 100_000) / price),
              ...(pick() < 0.3
                ? side === 'buy'
                  ? { stopLoss: round2(price * 0.995), takeProfit: round2(price * 1.005) }
                  : { stopLoss: round2(price * 1.005), takeProfit: round2(price * 0.995) }
                : {}),
            });
          } else if (roll < 0.65) {
            result = await call(member, 'POST', '/group/challenge-cup/orders', {
              symbol: 'TESTCHAL',
              side,
              type: 'limit',
              quantity: 1 + Math.floor(pick() * 200),
              price: round2(side === 'buy' ? price * 1.001 : price * 0.999),
            });
          } else if (roll < 0.8) {
            result = await call(member, 'POST', '/group/challenge-cup/orders', {
              symbol: 'TESTCHAL',
              side,
              type: 'stop',
              quantity: 1 + Math.floor(pick() * 200),
              price: round2(side === 'buy' ? price * 1.001 : price * 0.999),
            });
          } else if (roll < 0.9) {
            result = await call(member, 'GET', '/group/challenge-cup/account');
          } else {
            result = await call(member, 'POST', '/group/challenge-cup/positions/TESTCHAL/close');
          }
          statuses[result.status] = (statuses[result.status] ?? 0) + 1;
          await sleep(150 + Math.floor(pick() * 250));
        }
      };
      await Promise.all(members.map((member, index) => trader(member, index, 40)));
      await sleep(3_000); // resting orders and exits, and the last decisions
      for (const child of processes) child.kill('SIGTERM');
      await Promise.all(
        processes.map(
          (child) =>
            new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve))),
        ),
      );

      expect(statuses[500], JSON.stringify(statuses)).toBeUndefined();
      expect(statuses[201]).toBeGreaterThan(MEMBERS * 5);
      const report = await checkLedgerInvariants(database.db);
      expect(report.violations, `${formatLedgerReport(report)}\n(process logs: ${logs.join(', ')})`).toBe(0);
      const problems = await auditChallenges(database.db, 'challenge-cup');
      expect(problems, `(process logs: ${logs.join(', ')})`).toEqual([]);

      const accounts = await database.db
        .select({ id: tradingAccounts.id })
        .from(tradingAccounts)
        .where(eq(tradingAccounts.groupId, 'challenge-cup'));
      const decided = await database.db
        .select({ kind: challengeEvents.kind, rule: challengeEvents.rule })
        .from(challengeEvents)
        .where(
          inArray(
            challengeEvents.accountId,
            accounts.map((row) => row.id),
          ),
        );
      // The run made both kinds of decision, or it proved nothing.
      expect(decided.filter((row) => row.kind === 'passed').length).toBeGreaterThan(0);
      expect(decided.filter((row) => row.kind === 'failed').length).toBeGreaterThan(0);
      console.info(
        `challenge run: ${decided.length} decisions (${decided.filter((row) => row.kind === 'passed').length} passes), statuses ${JSON.stringify(statuses)}`,
      );
    }, 240_000);
  },
);
