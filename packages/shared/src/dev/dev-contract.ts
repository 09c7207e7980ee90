import { z } from 'zod';
import { apiData, defineContract } from '../api/contract.ts';

/** Development only (ADR 023): mail and SMS as the console transports kept them; not in production. */
export const devContract = defineContract({
  listOutbox: {
    method: 'GET',
    path: '/dev/outbox',
    query: z.object({
      to: z.string().trim().max(254).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: apiData(
      z.array(
        z.object({
          to: z.string(),
          channel: z.enum(['email', 'sms']),
          subject: z.string(),
          text: z.string(),
          createdAt: z.string(),
        }),
      ),
    ),
  },
});
