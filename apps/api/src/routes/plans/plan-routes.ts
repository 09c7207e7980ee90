import { planContract } from '@candlewise/shared/subscription/plan-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { assertSelf } from '../../plugins/authentication.ts';
import { cancelPlan, reactivatePlan } from '../../services/subscriptions/change-plan.ts';
import {
  completeCheckout,
  getLocalCheckout,
  payLocalCheckout,
  startCheckout,
} from '../../services/subscriptions/checkout.ts';
import { getPaymentReceipt } from '../../services/subscriptions/get-payment-receipt.ts';
import { listPayments } from '../../services/subscriptions/list-payments.ts';
import { handleStripeEvent } from '../../services/subscriptions/stripe-webhook.ts';

const c = planContract;

export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['plans'];

  app.get(
    '/plans',
    {
      schema: {
        tags,
        summary: 'Free and Pro, with the configured monthly price',
        response: { 200: c.listPlans.response },
      },
    },
    async () => ({
      success: true as const,
      data: {
        currency: 'INR' as const,
        provider: app.paymentProvider.name,
        plans: [
          {
            id: 'free' as const,
            name: 'Free',
            priceInr: 0,
            interval: 'month' as const,
            features: [
              'Free courses with progress',
              'Trading competitions and leaderboards',
              'Trading journal with basic statistics',
              'Market news',
            ],
          },
          {
            id: 'pro' as const,
            name: 'Pro',
            priceInr: app.config.proPriceInr,
            interval: 'month' as const,
            features: [
              'Everything in Free',
              'Pro courses',
              'Broker sync into the journal',
              'Full journal statistics and breakdowns',
            ],
          },
        ],
      },
    }),
  );

  app.post(
    '/plans/checkout',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Start a Pro checkout; open data.url',
        response: { 201: c.startCheckout.response },
      },
    },
    async (request, reply) => {
      const checkout = await startCheckout(app.database.db, app.paymentProvider, request.currentUser, {
        amountInr: app.config.proPriceInr,
        publicUrl: app.config.publicUrl,
      });
      return reply.code(201).send({ success: true as const, data: checkout });
    },
  );

  app.get(
    '/plans/checkout/:sessionId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'A local checkout session (the built-in checkout page)',
        params: c.getCheckout.params,
        response: { 200: c.getCheckout.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getLocalCheckout(app.database.db, request.currentUser, request.params.sessionId),
    }),
  );

  app.post(
    '/plans/checkout/:sessionId/pay',
    {
      onRequest: app.authenticate,
      preHandler: app.limit({
        max: 20,
        windowMs: 15 * 60_000,
        key: (request) => `pay:user:${request.currentUser.id}`,
      }),
      schema: {
        tags,
        security,
        summary: 'Pay a local checkout with a test card (4242… succeeds, 4000 0000 0000 0002 is declined)',
        params: c.payCheckout.params,
        body: c.payCheckout.body,
        response: { 200: c.payCheckout.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await payLocalCheckout(
        app.database.db,
        request.currentUser,
        request.params.sessionId,
        request.body.cardNumber,
      ),
    }),
  );

  app.post(
    '/plans/getsession',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Verify a finished checkout with the provider and activate Pro (idempotent)',
        body: c.verifyCheckout.body,
        response: { 200: c.verifyCheckout.response },
      },
    },
    async (request) => {
      assertSelf(request, request.body.userId);
      const sessionId = (request.body.sessionId ?? request.body.session_id)!;
      const plan = await completeCheckout(
        app.database.db,
        app.eventBus,
        app.paymentProvider,
        sessionId,
        request.currentUser.id,
      );
      return { success: true as const, message: 'Your Pro plan is active.', data: plan };
    },
  );

  app.get(
    '/plans/payments',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The caller's payments, newest first (amounts in the currency's minor unit)",
        response: { 200: c.listPayments.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listPayments(app.database.db, request.currentUser.id),
    }),
  );

  app.get(
    '/plans/payments/:paymentId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "One of the caller's payments as a receipt; anyone else's is 404",
        params: c.getPaymentReceipt.params,
        response: { 200: c.getPaymentReceipt.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getPaymentReceipt(app.database.db, request.currentUser.id, request.params.paymentId),
    }),
  );

  app.post(
    '/plans/cancel-subscription',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Cancel Pro at the end of the period',
        body: c.cancelSubscription.body,
        response: { 200: c.cancelSubscription.response },
      },
    },
    async (request) => {
      assertSelf(request, request.body.userId);
      const plan = await cancelPlan(app.database.db, app.eventBus, app.paymentProvider, request.currentUser);
      return { success: true as const, message: 'Subscription canceled successfully', data: plan };
    },
  );

  app.post(
    '/plans/re-activate-subscription',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Undo a cancel before the plan expires',
        body: c.reactivateSubscription.body,
        response: { 200: c.reactivateSubscription.response },
      },
    },
    async (request) => {
      assertSelf(request, request.body.userId);
      const plan = await reactivatePlan(
        app.database.db,
        app.eventBus,
        app.paymentProvider,
        request.currentUser,
      );
      return { success: true as const, message: 'Subscription re-activated successfully', data: plan };
    },
  );

  // Stripe signs the exact bytes it sent: this route keeps the raw body.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );
    webhook.post(
      '/plans/webhook',
      {
        schema: {
          tags,
          summary: 'Stripe webhook (signature verified, events de-duplicated by id)',
          hide: false,
          response: { 200: c.stripeWebhook.response },
        },
      },
      async (request) => {
        const stripe = app.stripeClient;
        const secret = app.config.stripe?.webhookSecret;
        if (!stripe || !secret)
          throw new AppError(404, 'NOT_FOUND', 'Webhooks are not enabled: PAYMENTS_PROVIDER is not stripe.');
        const signature = request.headers['stripe-signature'];
        let event: import('stripe').Stripe.Event;
        try {
          event = await stripe.webhooks.constructEventAsync(
            String(request.body ?? ''),
            String(signature ?? ''),
            secret,
          );
        } catch {
          throw new AppError(400, 'BAD_REQUEST', 'The webhook signature is not valid.');
        }
        const outcome = await handleStripeEvent(app.database.db, app.eventBus, app.paymentProvider, event);
        return { success: true as const, data: { received: true, outcome } };
      },
    );
  });
};
