import { z } from 'zod';
import { defineContract } from '../api/contract.ts';

/** Notifications (ADR 023); the JSON operations' schemas are still declared in the route file. */
export const notificationContract = defineContract({
  stream: {
    method: 'GET',
    path: '/notification/stream',
    produces: 'text/event-stream',
    /** Server-sent events: `notification` (a new one, with the unread count) and `unread` (the count). */
    response: z.string(),
  },
});
