import { journalExecutions, journalImportJobs } from '@candlewise/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bearer, createTestDatabase, signedInLearner, testConfig } from './helper.ts';

// Large imports as a job (issues #41, #43): POST answers 202 with the job at once, GET follows it
// to the same answer a direct commit gives, all or nothing, and only for its owner.

let app: FastifyInstance;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false });
  for (const name of ['meera', 'karan']) {
    tokens[name] = (await signedInLearner(app, database, name)).token;
  }
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** A Zerodha tradebook of `pairs` round trips: bought 10 at 500, sold 10 at 510 an hour later. */
function tradebook(pairs: number, broken?: number): string {
  const lines = [
    'symbol,segment,trade_date,trade_type,quantity,price,trade_id,order_id,order_execution_time',
  ];
  for (let i = 0; i < pairs; i += 1) {
    const day = `2025-${String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    const symbol = `SYM${i % 40}`;
    lines.push(`${symbol},EQ,${day},buy,10,500,${300000 + 2 * i},${800000 + 2 * i},${day}T10:00:00`);
    lines.push(
      `${symbol},EQ,${day},sell,${i === broken ? 'ten' : '10'},510,${300001 + 2 * i},${800001 + 2 * i},${day}T11:00:00`,
    );
  }
  return lines.join('\n');
}

const BOUNDARY = 'cw-import-job';
const upload = (who: string, url: string, csv: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...bearer(tokens[who]), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="tradebook.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${BOUNDARY}--\r\n`,
    ),
  });
const jobOf = (who: string, id: string) =>
  app.inject({ method: 'GET', url: `/api/v1/journal/import/jobs/${id}`, headers: bearer(tokens[who]) });

async function finished(who: string, id: string) {
  for (let round = 0; round < 600; round += 1) {
    const job = (await jobOf(who, id)).json().data;
    if (job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the job did not finish in 60 s');
}

const fillsOf = async (who: string) => {
  const rows = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(journalExecutions)
    .where(sql`${journalExecutions.userId} = (select id from users where email = ${`${who}@example.com`})`);
  return rows[0].n;
};

describe('POST /journal/import/jobs', () => {
  it('answers 202 with the running job, then the commit’s own answer and sentence when done', async () => {
    const started = await upload('meera', '/journal/import/jobs?preset=zerodha', tradebook(1500));
    expect(started.statusCode).toBe(202);
    const job = started.json().data;
    expect(job).toMatchObject({
      status: 'running',
      stage: 'reading',
      fileName: 'tradebook.csv',
      result: null,
    });

    const done = await finished('meera', job._id);
    expect(done).toMatchObject({
      status: 'done',
      stage: 'finished',
      done: 3000,
      total: 3000,
      error: null,
      message: '3,000 new fills, 0 already in your journal: 1,500 trades complete, 0 positions open.',
    });
    expect(done.result).toMatchObject({ format: 'fills', newFills: 3000, knownFills: 0, added: 1500 });
    expect(await fillsOf('meera')).toBe(3000);
    const trades = await app.inject({
      method: 'GET',
      url: '/api/v1/journal/trades?limit=1',
      headers: bearer(tokens.meera),
    });
    expect(trades.json().data.total).toBe(1500);

    // The same file again: every fill known, nothing added.
    const again = await finished(
      'meera',
      (await upload('meera', '/journal/import/jobs?preset=zerodha', tradebook(1500))).json().data._id,
    );
    expect(again.message).toBe(
      '0 new fills, 3,000 already in your journal: 1,500 trades complete, 0 positions open.',
    );
    expect(await fillsOf('meera')).toBe(3000);
  });

  it('imports nothing from a file with a bad row, and says which line', async () => {
    const job = (await upload('karan', '/journal/import/jobs?preset=zerodha', tradebook(1200, 700))).json()
      .data;
    const failed = await finished('karan', job._id);
    expect(failed.status).toBe('failed');
    expect(failed.result).toBeNull();
    expect(failed.error.message).toBe(
      '1 row of the file has errors, so nothing was imported. Correct it and import the file again.',
    );
    expect(failed.error.errors).toEqual([{ line: 1403, message: expect.any(String) }]);
    expect(await fillsOf('karan')).toBe(0);
  });

  it('shows a job to its owner only, and needs a sign-in', async () => {
    const job = (await upload('meera', '/journal/import/jobs?preset=zerodha', tradebook(10))).json().data;
    await finished('meera', job._id);
    const other = await jobOf('karan', job._id);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await jobOf('karan', 'no-such-job')).statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'GET', url: `/api/v1/journal/import/jobs/${job._id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('says a job whose process stopped imported nothing, instead of running for ever', async () => {
    const job = (await upload('karan', '/journal/import/jobs?preset=zerodha', tradebook(5))).json().data;
    await finished('karan', job._id);
    // A job another process was running when it died: its row stopped moving three minutes ago.
    await database.db
      .update(journalImportJobs)
      .set({ status: 'running', stage: 'storing', updatedAt: sql`now() - interval '3 minutes'` })
      .where(eq(journalImportJobs.id, job._id));
    const stalled = (await jobOf('karan', job._id)).json().data;
    expect(stalled.status).toBe('failed');
    expect(stalled.error.message).toMatch(/stopped before it finished .* nothing was imported/);
  });
});
