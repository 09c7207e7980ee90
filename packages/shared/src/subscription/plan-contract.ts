import { z } from 'zod';
import { apiSuccess, defineContract } from '../api/contract.ts';

/** Plans and payments (ADR 023); the JSON operations' schemas are still declared in the route file. */
export const planContract = defineContract({
  stripeWebhook: {
    method: 'POST',
    path: '/plans/webhook',
    response: apiSuccess(
      z.object({ received: z.literal(true), outcome: z.enum(['handled', 'duplicate', 'ignored']) }),
    ),
  },
});
