import { createServer, type Server } from 'node:http';
import { notifications, subscriptions, users, webhookEvents } from '@candlewise/db';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlanExpiryJob } from '../src/services/subscriptions/plan-expiry-job.ts';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';

const DAY = 86_400;

async function makeUser(t: TestApp, email: string) {
  const user = await createOnboardedUser(t.database.db, { email, password: 'password-for-tests' });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: 'password-for-tests' },
  });
  return { id: user.id, token: login.json().data.token as string };
}

const countWhere = async (t: TestApp, userId: string, title: string) =>
  (
    await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.title, title)))
  )[0].count;

describe('local checkout and the plan calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

  async function checkout(token: string) {
    const started = await call(token, 'POST', '/plans/checkout');
    expect(started.statusCode).toBe(201);
    return started.json().data as { url: string; sessionId: string };
  }
  const card = { expiry: '12/30', cvc: '123', name: 'Test Learner' };

  it('shows the plans at the configured price', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/plans' });
    expect(
      response.json().data.plans.map((plan: { id: string; priceInr: number }) => [plan.id, plan.priceInr]),
    ).toEqual([
      ['free', 0],
      ['pro', 2000],
    ]);
  });

  it('a declined card changes nothing; the test card pays; getsession replayed 10 times activates once', async () => {
    const me = await makeUser(t, 'buyer@example.com');
    const session = await checkout(me.token);
    expect(session.url).toBe(`/checkout/${session.sessionId}`);

    const declined = await call(me.token, 'POST', `/plans/checkout/${session.sessionId}/pay`, {
      ...card,
      cardNumber: '4000 0000 0000 0002',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({
      code: 'PAYMENT_DECLINED',
      message: 'Your card was declined. No money was taken; try another card.',
    });
    const early = await call(me.token, 'POST', '/plans/getsession', {
      userId: me.id,
      sessionId: session.sessionId,
    });
    expect(early.statusCode).toBe(409);
    const [unchanged] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    expect(unchanged.planStatus).toBe('Not Subscribed');

    const paid = await call(me.token, 'POST', `/plans/checkout/${session.sessionId}/pay`, {
      ...card,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(paid.json().data.redirectUrl).toBe(`/success?session_id=${session.sessionId}`);

    const answers = [];
    for (let i = 0; i < 10; i += 1) {
      answers.push(
        await call(me.token, 'POST', '/plans/getsession', { userId: me.id, sessionId: session.sessionId }),
      );
    }
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const expiries = new Set(answers.map((answer) => answer.json().data.planExpirationDate));
    expect(expiries.size).toBe(1);
    const expiry = [...expiries][0] as number;
    expect(Math.abs(expiry - (Math.floor(Date.now() / 1000) + 30 * DAY))).toBeLessThan(60);
    expect(answers[0].json().data.planStatus).toBe('active');
    expect(await countWhere(t, me.id, 'Welcome to Pro')).toBe(1);
  });

  it('20 concurrent completions of one checkout leave one active subscription of one period', async () => {
    const me = await makeUser(t, 'racer@example.com');
    const session = await checkout(me.token);
    await call(me.token, 'POST', `/plans/checkout/${session.sessionId}/pay`, {
      ...card,
      cardNumber: '4242424242424242',
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(me.token, 'POST', '/plans/getsession', { userId: me.id, sessionId: session.sessionId }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row.planStatus).toBe('active');
    expect(Math.abs(row.planExpirationDate! - (Math.floor(Date.now() / 1000) + 30 * DAY))).toBeLessThan(60);
    expect(
      await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, me.id)),
    ).toHaveLength(1);
    expect(await countWhere(t, me.id, 'Welcome to Pro')).toBe(1);
  });

  it('refuses another user’s userId with 403 on every plan call', async () => {
    const me = await makeUser(t, 'nosy@example.com');
    const other = await makeUser(t, 'victim@example.com');
    for (const url of ['/plans/cancel-subscription', '/plans/re-activate-subscription']) {
      expect((await call(me.token, 'POST', url, { userId: other.id })).statusCode).toBe(403);
    }
    expect(
      (await call(me.token, 'POST', '/plans/getsession', { userId: other.id, sessionId: 'x' })).statusCode,
    ).toBe(403);
  });

  it('cancels only an active plan and re-activates only a canceled one (409 otherwise)', async () => {
    const me = await makeUser(t, 'switcher@example.com');
    expect((await call(me.token, 'POST', '/plans/cancel-subscription', { userId: me.id })).statusCode).toBe(
      409,
    );
    const notCanceled = await call(me.token, 'POST', '/plans/re-activate-subscription', { userId: me.id });
    expect(notCanceled.statusCode).toBe(409);
    expect(notCanceled.json().message).toBe('Your plan is not canceled, so there is nothing to re-activate.');

    const session = await checkout(me.token);
    await call(me.token, 'POST', `/plans/checkout/${session.sessionId}/pay`, {
      ...card,
      cardNumber: '4242424242424242',
    });
    await call(me.token, 'POST', '/plans/getsession', { userId: me.id, sessionId: session.sessionId });
    expect(
      (await call(me.token, 'POST', '/plans/re-activate-subscription', { userId: me.id })).statusCode,
    ).toBe(409);

    const canceled = await call(me.token, 'POST', '/plans/cancel-subscription', { userId: me.id });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({
      message: 'Subscription canceled successfully',
      data: { planStatus: 'canceled' },
    });
    expect((await call(me.token, 'POST', '/plans/cancel-subscription', { userId: me.id })).statusCode).toBe(
      409,
    );
    const again = await call(me.token, 'POST', '/plans/re-activate-subscription', { userId: me.id });
    expect(again.json()).toMatchObject({
      message: 'Subscription re-activated successfully',
      data: { planStatus: 'active' },
    });
  });

  it('ends expired plans and warns three days before, once', async () => {
    const me = await makeUser(t, 'expiring@example.com');
    const session = await checkout(me.token);
    await call(me.token, 'POST', `/plans/checkout/${session.sessionId}/pay`, {
      ...card,
      cardNumber: '4242424242424242',
    });
    await call(me.token, 'POST', '/plans/getsession', { userId: me.id, sessionId: session.sessionId });
    const soon = Math.floor(Date.now() / 1000) + 2 * DAY;
    await t.database.db.update(users).set({ planExpirationDate: soon }).where(eq(users.id, me.id));
    await t.database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: soon })
      .where(eq(subscriptions.userId, me.id));
    await runPlanExpiryJob(t.database.db, t.app.eventBus);
    await runPlanExpiryJob(t.database.db, t.app.eventBus);
    expect(await countWhere(t, me.id, 'Pro ends in 3 days')).toBe(1);

    // The learner's details have been read (and may be cached) while the plan was active.
    const details = async () =>
      (await call(me.token, 'GET', `/user/details/${me.id}`)).json().data.userData.planStatus;
    expect(await details()).toBe('active');

    await runPlanExpiryJob(t.database.db, t.app.eventBus, (soon + 1) * 1000, t.app.forgetUser);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row.planStatus).toBe('Not Subscribed');
    expect(await countWhere(t, me.id, 'Pro has ended')).toBe(1);
    // The next read says so at once, not when a cache runs out.
    expect(await details()).toBe('Not Subscribed');
  });
});

/** A local HTTP server speaking the few Stripe endpoints we use, with state we can change. */
function stripeStandIn() {
  const state = {
    session: {
      id: 'cs_test_123',
      status: 'complete',
      payment_status: 'paid',
      customer: 'cus_1',
      subscription: 'sub_1',
      invoice: 'in_first_1',
      amount_total: 200_000,
      currency: 'inr',
    },
    subscription: {
      id: 'sub_1',
      object: 'subscription',
      status: 'active',
      customer: 'cus_1',
      cancel_at_period_end: false,
      default_payment_method: {
        id: 'pm_1',
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: '4242' },
      },
      items: {
        object: 'list',
        data: [
          {
            id: 'si_1',
            current_period_start: Math.floor(Date.now() / 1000),
            current_period_end: Math.floor(Date.now() / 1000) + 30 * DAY,
          },
        ],
      },
    },
    invoices: {} as Record<string, Record<string, unknown>>,
    requests: [] as string[],
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      state.requests.push(`${request.method} ${request.url}`);
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
        response.end(JSON.stringify(value));
      };
      const path = (request.url ?? '').split('?')[0];
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        return json(200, {
          ...state.session,
          object: 'checkout.session',
          status: 'open',
          url: 'https://checkout.stripe.test/pay/cs_test_123',
        });
      }
      if (request.method === 'GET' && path === `/v1/checkout/sessions/${state.session.id}`) {
        return json(200, { ...state.session, object: 'checkout.session', subscription: state.subscription });
      }
      if (path === `/v1/subscriptions/${state.subscription.id}`) {
        if (request.method === 'POST') {
          const form = new URLSearchParams(body);
          if (form.has('cancel_at_period_end'))
            state.subscription.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
        }
        return json(200, state.subscription);
      }
      const invoice = path.startsWith('/v1/invoices/')
        ? state.invoices[path.slice('/v1/invoices/'.length)]
        : null;
      if (request.method === 'GET' && invoice) return json(200, invoice);
      return json(404, { error: { type: 'invalid_request_error', message: `No such route ${path}` } });
    });
  });
  return { server, state };
}

describe('Stripe provider against a local stand-in for the Stripe API', () => {
  let t: TestApp;
  let standIn: ReturnType<typeof stripeStandIn>;
  const webhookSecret = 'whsec_test_secret';
  const signer = new Stripe('sk_test_dummy');

  beforeAll(async () => {
    standIn = stripeStandIn();
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    const { port } = standIn.server.address() as { port: number };
    t = await createTestApp({
      paymentsProvider: 'stripe',
      stripe: {
        secretKey: 'sk_test_dummy',
        webhookSecret,
        priceId: 'price_pro',
        apiUrl: `http://127.0.0.1:${port}`,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => standIn.server.close(resolve));
  });

  const sendEvent = (event: object, secret = webhookSecret) => {
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret });
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/plans/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
  };

  it('checks out through Stripe, cancels and resumes with cancel_at_period_end, and syncs from webhooks', async () => {
    const me = await makeUser(t, 'stripe.user@example.com');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/plans/checkout',
      headers: bearer(me.token),
    });
    expect(started.json().data).toEqual({
      url: 'https://checkout.stripe.test/pay/cs_test_123',
      sessionId: 'cs_test_123',
    });

    const completed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/plans/getsession',
      headers: bearer(me.token),
      payload: { userId: me.id, sessionId: 'cs_test_123' },
    });
    expect(completed.json().data).toEqual({
      planStatus: 'active',
      planExpirationDate: standIn.state.subscription.items.data[0].current_period_end,
      paymentId: expect.any(String),
    });

    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/v1/plans/cancel-subscription',
      headers: bearer(me.token),
      payload: { userId: me.id },
    });
    expect(cancel.statusCode).toBe(200);
    expect(standIn.state.subscription.cancel_at_period_end).toBe(true);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/plans/re-activate-subscription',
      headers: bearer(me.token),
      payload: { userId: me.id },
    });
    expect(standIn.state.subscription.cancel_at_period_end).toBe(false);

    // A bad signature changes nothing.
    standIn.state.subscription.status = 'canceled';
    const forged = await sendEvent(
      { id: 'evt_forged', type: 'customer.subscription.deleted', data: { object: { id: 'sub_1' } } },
      'whsec_wrong',
    );
    expect(forged.statusCode).toBe(400);
    expect((await t.database.db.select().from(users).where(eq(users.id, me.id)))[0].planStatus).toBe(
      'active',
    );

    // The same event 20 times: one change, state re-read from Stripe.
    standIn.state.subscription.status = 'active';
    standIn.state.subscription.cancel_at_period_end = true;
    const event = {
      id: 'evt_1',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_1', cancel_at_period_end: false } },
    };
    const before = standIn.state.requests.length;
    const answers = [];
    for (let i = 0; i < 20; i += 1) answers.push(await sendEvent(event));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.filter((answer) => answer.json().data.outcome === 'handled')).toHaveLength(1);
    expect(
      standIn.state.requests.slice(before).filter((line) => line.startsWith('GET /v1/subscriptions')),
    ).toHaveLength(1);
    expect(
      await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_1')),
    ).toHaveLength(1);
    expect((await t.database.db.select().from(users).where(eq(users.id, me.id)))[0].planStatus).toBe(
      'canceled',
    );

    const failed = await sendEvent({
      id: 'evt_2',
      object: 'event',
      type: 'invoice.payment_failed',
      data: { object: { id: 'in_1', subscription: 'sub_1' } },
    });
    expect(failed.json().data.outcome).toBe('handled');
    await sendEvent({
      id: 'evt_2',
      object: 'event',
      type: 'invoice.payment_failed',
      data: { object: { id: 'in_1', subscription: 'sub_1' } },
    });
    expect(await countWhere(t, me.id, 'Payment failed')).toBe(1);
  });

  it("records the checkout's payment once, whichever of getsession and invoice.paid comes first, and each paid renewal", async () => {
    const now = Math.floor(Date.now() / 1000);
    Object.assign(standIn.state.session, { id: 'cs_test_456', subscription: 'sub_2', invoice: 'in_first_2' });
    Object.assign(standIn.state.subscription, { id: 'sub_2', status: 'active', cancel_at_period_end: false });
    standIn.state.subscription.items.data[0] = {
      id: 'si_2',
      current_period_start: now,
      current_period_end: now + 30 * DAY,
    };
    const invoice = (id: string, start: number, paid = true) => ({
      id,
      object: 'invoice',
      status: paid ? 'paid' : 'open',
      amount_paid: paid ? 200_000 : 0,
      currency: 'inr',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_2' } },
      lines: { object: 'list', data: [{ id: `il_${id}`, period: { start, end: start + 30 * DAY } }] },
      status_transitions: { paid_at: paid ? start : null },
    });
    standIn.state.invoices.in_first_2 = invoice('in_first_2', now);

    const me = await makeUser(t, 'stripe.renewer@example.com');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/plans/checkout',
      headers: bearer(me.token),
    });
    expect(started.json().data.sessionId).toBe('cs_test_456');
    const completed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/plans/getsession',
      headers: bearer(me.token),
      payload: { userId: me.id, sessionId: 'cs_test_456' },
    });
    const paymentId = completed.json().data.paymentId as string;
    expect(paymentId).toEqual(expect.any(String));

    const list = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/plans/payments', headers: bearer(me.token) })).json()
        .data as Array<Record<string, unknown>>;
    expect(await list()).toEqual([
      expect.objectContaining({
        _id: paymentId,
        amountMinor: 200_000,
        currency: 'INR',
        paymentMethod: 'Visa ending in 4242',
        periodStart: new Date(now * 1000).toISOString(),
        periodEnd: new Date((now + 30 * DAY) * 1000).toISOString(),
      }),
    ]);

    // The first invoice's own webhook: the same payment, not a second one.
    const first = await sendEvent({
      id: 'evt_first_paid',
      object: 'event',
      type: 'invoice.paid',
      data: { object: { id: 'in_first_2' } },
    });
    expect(first.json().data.outcome).toBe('handled');
    expect(await list()).toHaveLength(1);

    // An unpaid invoice records nothing; a paid renewal records one payment, however often it is sent.
    standIn.state.invoices.in_open_2 = invoice('in_open_2', now + 30 * DAY, false);
    await sendEvent({
      id: 'evt_open',
      object: 'event',
      type: 'invoice.paid',
      data: { object: { id: 'in_open_2' } },
    });
    expect(await list()).toHaveLength(1);

    standIn.state.invoices.in_renew_2 = invoice('in_renew_2', now + 30 * DAY);
    standIn.state.subscription.items.data[0] = {
      id: 'si_2',
      current_period_start: now + 30 * DAY,
      current_period_end: now + 60 * DAY,
    };
    for (const id of ['evt_renew', 'evt_renew', 'evt_renew_again']) {
      const answer = await sendEvent({
        id,
        object: 'event',
        type: 'invoice.paid',
        data: { object: { id: 'in_renew_2' } },
      });
      expect(answer.statusCode).toBe(200);
    }
    const payments = await list();
    expect(payments).toHaveLength(2);
    expect(payments[0]).toMatchObject({
      amountMinor: 200_000,
      currency: 'INR',
      paymentMethod: 'Visa ending in 4242',
      paidAt: new Date((now + 30 * DAY) * 1000).toISOString(),
      periodEnd: new Date((now + 60 * DAY) * 1000).toISOString(),
    });
    expect(payments[1]._id).toBe(paymentId);
    expect(payments[0].receiptNumber).not.toBe(payments[1].receiptNumber);
    expect((await t.database.db.select().from(users).where(eq(users.id, me.id)))[0].planExpirationDate).toBe(
      now + 60 * DAY,
    );
  });
});
