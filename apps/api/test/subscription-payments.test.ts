import { payments, users } from '@candlewise/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';

const DAY = 86_400;
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Asha Rao' };

describe('payments and receipts (local provider)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function makeUser(email: string, firstName: string, lastName: string) {
    const user = await createOnboardedUser(t.database.db, { email, password: 'password-for-tests' });
    await t.database.db.update(users).set({ firstName, lastName }).where(eq(users.id, user.id));
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'password-for-tests' },
    });
    return { id: user.id, email, token: login.json().data.token as string };
  }

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

  async function buyPro(me: { id: string; token: string }) {
    const started = await call(me.token, 'POST', '/plans/checkout');
    expect(started.statusCode).toBe(201);
    const { sessionId } = started.json().data as { sessionId: string };
    expect((await call(me.token, 'POST', `/plans/checkout/${sessionId}/pay`, card)).statusCode).toBe(200);
    return sessionId;
  }

  it('records one payment for a paid checkout, however often and however concurrently it is confirmed', async () => {
    const me = await makeUser('asha@example.com', 'Asha', 'Rao');
    const sessionId = await buyPro(me);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(me.token, 'POST', '/plans/getsession', { userId: me.id, sessionId }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const paymentIds = new Set(answers.map((answer) => answer.json().data.paymentId));
    expect(paymentIds.size).toBe(1);
    const [paymentId] = [...paymentIds];
    expect(paymentId).toEqual(expect.any(String));

    const rows = await t.database.db.select().from(payments).where(eq(payments.userId, me.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: paymentId,
      provider: 'local',
      providerPaymentId: sessionId,
      checkoutSessionId: sessionId,
    });

    const [user] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    const list = await call(me.token, 'GET', '/plans/payments');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      {
        _id: paymentId,
        receiptNumber: expect.stringMatching(/^CW-\d{6,}$/),
        plan: 'Pro',
        status: 'paid',
        amountMinor: 200_000,
        currency: 'INR',
        paidAt: expect.any(String),
        periodStart: expect.any(String),
        periodEnd: new Date(user.planExpirationDate! * 1000).toISOString(),
        paymentMethod: 'Visa test card ending in 4242',
      },
    ]);
    const [payment] = list.json().data;
    expect((Date.parse(payment.periodEnd) - Date.parse(payment.periodStart)) / 1000).toBe(30 * DAY);
    expect(Math.abs(Date.parse(payment.paidAt) - Date.now())).toBeLessThan(60_000);

    const receipt = await call(me.token, 'GET', `/plans/payments/${paymentId}`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json().data).toEqual({
      ...payment,
      billedTo: { name: 'Asha Rao', email: 'asha@example.com' },
      issuer: { name: 'Candlewise' },
    });
  });

  it('keeps who was billed as at payment time', async () => {
    const me = await makeUser('renamed@example.com', 'Ravi', 'Kumar');
    const sessionId = await buyPro(me);
    const paymentId = (await call(me.token, 'POST', '/plans/getsession', { userId: me.id, sessionId })).json()
      .data.paymentId;
    await t.database.db
      .update(users)
      .set({ firstName: 'Someone', lastName: 'Else' })
      .where(eq(users.id, me.id));
    const receipt = await call(me.token, 'GET', `/plans/payments/${paymentId}`);
    expect(receipt.json().data.billedTo).toEqual({ name: 'Ravi Kumar', email: 'renamed@example.com' });
  });

  it('a second month bought after a cancel is its own payment for the period after the first, newest first', async () => {
    const me = await makeUser('twice@example.com', 'Tara', 'Iyer');
    const firstSession = await buyPro(me);
    await call(me.token, 'POST', '/plans/getsession', { userId: me.id, sessionId: firstSession });
    expect((await call(me.token, 'POST', '/plans/cancel-subscription', { userId: me.id })).statusCode).toBe(
      200,
    );
    const secondSession = await buyPro(me);
    await call(me.token, 'POST', '/plans/getsession', { userId: me.id, sessionId: secondSession });

    const list = (await call(me.token, 'GET', '/plans/payments')).json().data as Array<{
      receiptNumber: string;
      periodStart: string;
      periodEnd: string;
    }>;
    expect(list).toHaveLength(2);
    const [second, first] = list;
    expect(second.periodStart).toBe(first.periodEnd);
    expect(Number(second.receiptNumber.slice(3))).toBe(Number(first.receiptNumber.slice(3)) + 1);
  });

  it("answers another learner's payment, an unknown id and a checkout that is not paid as not found", async () => {
    const owner = await makeUser('owner@example.com', 'Owner', 'One');
    const other = await makeUser('other@example.com', 'Other', 'Two');
    const sessionId = await buyPro(owner);
    const paymentId = (
      await call(owner.token, 'POST', '/plans/getsession', { userId: owner.id, sessionId })
    ).json().data.paymentId as string;

    const theirs = await call(other.token, 'GET', `/plans/payments/${paymentId}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: 'We could not find that payment. Open your receipts from the Manage Subscription page.',
    });
    expect((await call(other.token, 'GET', '/plans/payments/nope')).statusCode).toBe(404);
    expect((await call(other.token, 'GET', '/plans/payments')).json().data).toEqual([]);

    // Started but never paid: nothing to show.
    const started = (await call(other.token, 'POST', '/plans/checkout')).json().data;
    expect(
      (
        await call(other.token, 'POST', '/plans/getsession', {
          userId: other.id,
          sessionId: started.sessionId,
        })
      ).statusCode,
    ).toBe(409);
    expect((await call(other.token, 'GET', '/plans/payments')).json().data).toEqual([]);
  });

  it('answers odd payment ids with a 4xx in the error envelope', async () => {
    const me = await makeUser('prober@example.com', 'Pro', 'Ber');
    const tooLong = await call(me.token, 'GET', `/plans/payments/${'x'.repeat(65)}`);
    expect(tooLong.statusCode).toBe(400);
    for (const id of ['%00', '..%2F..%2Fusers', '%E2%82%B9', "1' or '1'='1"]) {
      const answer = await call(me.token, 'GET', `/plans/payments/${id}`);
      expect([400, 404], id).toContain(answer.statusCode);
      expect(answer.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
  });

  it('asks for a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/plans/payments' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/plans/payments/x' })).statusCode).toBe(401);
  });
});
