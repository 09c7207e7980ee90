import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';

// Issue #40: on the embedded database a lone /health waited 22 s in PGlite's queue behind the
// order flow's transactions. A health check must answer while a long transaction holds the
// database. The transaction below is released only once /health has answered, so if /health
// queued behind it, neither would ever finish and the test would fail on its timeout.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const health = () => t.app.inject({ method: 'GET', url: '/api/v1/health' });

describe('/health while a long transaction holds the database', () => {
  it('answers before the transaction is released, and again after it', async () => {
    let answered: Awaited<ReturnType<typeof health>> | undefined;
    let answeredInsideTransaction = false;
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      answered = await health();
      answeredInsideTransaction = true;
      await tx.execute(sql`select 1`);
    });
    expect(answeredInsideTransaction).toBe(true);
    expect(answered?.statusCode).toBe(200);
    expect(answered?.json().data.database).toEqual({ engine: t.database.engine, reachable: true });

    const after = await health();
    expect(after.statusCode).toBe(200);
    expect(after.json().data.database.reachable).toBe(true);
  });

  it('answers while loose statements are queued behind the transaction', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started!: () => void;
    const holding = new Promise<void>((resolve) => {
      started = resolve;
    });
    const transaction = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      started();
      await held;
    });
    await holding;
    const queued = Promise.all([1, 2, 3].map(() => t.database.db.execute(sql`select 1`)));
    try {
      const answer = await health();
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data.database.reachable).toBe(true);
    } finally {
      release();
    }
    await transaction;
    await queued;
  });
});
