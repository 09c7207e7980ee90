import { attemptCounters, type DbExecutor } from '@candlewise/db';
import { eq, lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';

export type Reservation = { allowed: boolean; count: number; retryAfterMs: number };

/**
 * Counts attempts per key in a fixed window, reserving before the answer is known: `reserve`
 * raises the count and refuses (undoing its own raise) once it would pass `max`, in one atomic
 * step; `release` gives a reservation back when the attempt turned out not to count (a correct
 * password). So N simultaneous guesses get at most `max` answers, on any number of processes.
 */
export interface AttemptCounter {
  reserve(key: string, max: number, windowMs: number): Promise<Reservation>;
  release(key: string): Promise<void>;
  clear(key: string): Promise<void>;
  count(key: string): Promise<number>;
}

// One round trip: raise, start the window on the first attempt, refuse and undo past the limit.
const RESERVE = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); ttl = tonumber(ARGV[2]) end
if n > tonumber(ARGV[1]) then
  redis.call('DECR', KEYS[1])
  return {0, n - 1, ttl}
end
return {1, n, ttl}`;
const RELEASE = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export function createRedisAttemptCounter(redis: Redis, namespace: string): AttemptCounter {
  const name = (key: string) => `${namespace}attempts:${key}`;
  return {
    async reserve(key, max, windowMs) {
      const [allowed, count, ttl] = (await redis.eval(RESERVE, 1, name(key), max, windowMs)) as number[];
      return { allowed: allowed === 1, count, retryAfterMs: Math.max(0, ttl) };
    },
    async release(key) {
      await redis.eval(RELEASE, 1, name(key));
    },
    async clear(key) {
      await redis.del(name(key));
    },
    async count(key) {
      return Number((await redis.get(name(key))) ?? 0);
    },
  };
}

/** The same in the database (one upsert is atomic on its row), for deployments without Redis. */
export function createDatabaseAttemptCounter(db: DbExecutor): AttemptCounter {
  let lastSweep = 0;
  return {
    async reserve(key, max, windowMs) {
      // Old windows are swept now and then, so the table holds only live counters.
      if (Date.now() - lastSweep > 60_000) {
        lastSweep = Date.now();
        await db.delete(attemptCounters).where(lt(attemptCounters.windowEndsAt, sql`now()`));
      }
      const window = sql`now() + ${`${windowMs} milliseconds`}::interval`;
      const [raised] = await db
        .insert(attemptCounters)
        .values({ key, count: 1, windowEndsAt: window })
        .onConflictDoUpdate({
          target: attemptCounters.key,
          set: {
            count: sql`case when ${attemptCounters.windowEndsAt} <= now() then 1 else ${attemptCounters.count} + 1 end`,
            windowEndsAt: sql`case when ${attemptCounters.windowEndsAt} <= now() then ${window} else ${attemptCounters.windowEndsAt} end`,
          },
        })
        .returning({
          count: attemptCounters.count,
          retryAfterMs: sql<number>`greatest(0, extract(epoch from (${attemptCounters.windowEndsAt} - now())) * 1000)::float8`,
        });
      if (raised.count <= max)
        return { allowed: true, count: raised.count, retryAfterMs: raised.retryAfterMs };
      await this.release(key);
      return { allowed: false, count: raised.count - 1, retryAfterMs: raised.retryAfterMs };
    },
    async release(key) {
      await db
        .update(attemptCounters)
        .set({ count: sql`greatest(${attemptCounters.count} - 1, 0)` })
        .where(eq(attemptCounters.key, key));
    },
    async clear(key) {
      await db.delete(attemptCounters).where(eq(attemptCounters.key, key));
    },
    async count(key) {
      const [row] = await db
        .select({ count: attemptCounters.count })
        .from(attemptCounters)
        .where(sql`${attemptCounters.key} = ${key} and ${attemptCounters.windowEndsAt} > now()`);
      return row?.count ?? 0;
    },
  };
}
