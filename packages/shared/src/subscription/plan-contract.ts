import { z } from 'zod';
import { apiData, apiSuccess, defineContract } from '../api/contract.ts';
import { planStatuses } from '../user/user-types.ts';
import { paymentReceiptSchema, paymentSchema } from './payment-schemas.ts';

/** The user's plan after a change: the status and when the paid period ends (Unix seconds). */
export const planFieldsSchema = z.object({
  planStatus: z.enum(planStatuses),
  planExpirationDate: z.number().nullable(),
});
const planAnswer = apiSuccess(planFieldsSchema);
const userIdBody = z.object({ userId: z.string().min(1).max(64) });
const sessionParams = z.object({ sessionId: z.string().min(1).max(100) });

export const planSchema = z.object({
  id: z.enum(['free', 'pro']),
  name: z.string(),
  priceInr: z.number(),
  interval: z.literal('month'),
  features: z.array(z.string()),
});

/** Plans and payments (ADR 023): the catalogue, checkout, the plan's changes, receipts and Stripe's webhook. */
export const planContract = defineContract({
  listPlans: {
    method: 'GET',
    path: '/plans',
    response: apiData(
      z.object({
        currency: z.literal('INR'),
        provider: z.enum(['local', 'stripe']),
        plans: z.array(planSchema),
      }),
    ),
  },
  startCheckout: {
    method: 'POST',
    path: '/plans/checkout',
    status: 201,
    /** `url`: an in-app path (/checkout/<id>) for the local provider, an https address for Stripe. */
    response: apiData(z.object({ url: z.string(), sessionId: z.string() })),
  },
  getCheckout: {
    method: 'GET',
    path: '/plans/checkout/:sessionId',
    params: sessionParams,
    response: apiData(
      z.object({ _id: z.string(), amountInr: z.number(), status: z.string(), plan: z.literal('Pro') }),
    ),
  },
  payCheckout: {
    method: 'POST',
    path: '/plans/checkout/:sessionId/pay',
    params: sessionParams,
    body: z.object({
      cardNumber: z
        .string()
        .trim()
        .regex(/^[\d ]{12,23}$/, 'Enter the card number.'),
      expiry: z
        .string()
        .trim()
        .regex(/^(0[1-9]|1[0-2])\s?\/\s?\d{2}$/, 'Use MM/YY.'),
      cvc: z
        .string()
        .trim()
        .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digits on the back.'),
      name: z.string().trim().min(1, 'Enter the name on the card.').max(100),
    }),
    response: apiData(z.object({ redirectUrl: z.string() })),
  },
  verifyCheckout: {
    method: 'POST',
    path: '/plans/getsession',
    body: z
      .object({
        userId: z.string().min(1).max(64),
        sessionId: z.string().min(1).max(200).optional(),
        session_id: z.string().min(1).max(200).optional(),
      })
      .refine((body) => body.sessionId || body.session_id, {
        message: 'Send the sessionId from the address.',
        path: ['sessionId'],
      }),
    response: apiSuccess(
      planFieldsSchema.extend({
        /** The payment this checkout recorded: its receipt is /manage-subscription/receipts/{paymentId}. */
        paymentId: z.string().nullable(),
      }),
    ),
  },
  listPayments: {
    method: 'GET',
    path: '/plans/payments',
    response: apiData(z.array(paymentSchema)),
  },
  getPaymentReceipt: {
    method: 'GET',
    path: '/plans/payments/:paymentId',
    params: z.object({ paymentId: z.string().min(1).max(64) }),
    response: apiData(paymentReceiptSchema),
  },
  cancelSubscription: {
    method: 'POST',
    path: '/plans/cancel-subscription',
    body: userIdBody,
    response: planAnswer,
  },
  reactivateSubscription: {
    method: 'POST',
    path: '/plans/re-activate-subscription',
    body: userIdBody,
    response: planAnswer,
  },
  stripeWebhook: {
    method: 'POST',
    path: '/plans/webhook',
    response: apiSuccess(
      z.object({ received: z.literal(true), outcome: z.enum(['handled', 'duplicate', 'ignored']) }),
    ),
  },
});
