import { z } from 'zod';
import { apiData, apiSuccessWithMessage, defineContract } from '../api/contract.ts';
import {
  contactMessageFilters,
  contactMessageHandledSchema,
  contactMessageSchema,
} from './contact-message-schema.ts';

/** The contact form (ADR 023): a visitor's message to the team. */
export const contactContract = defineContract({
  createMessage: {
    method: 'POST',
    path: '/contact',
    body: contactMessageSchema,
    status: 201,
    response: apiSuccessWithMessage(z.object({ _id: z.string() })),
  },
});

/** A contact message as the admin inbox shows it. */
export const adminContactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** When an admin marked it handled; null while it is open. */
  handledAt: z.string().nullable(),
  /** Who marked it handled; null while open (or when that admin account was deleted). */
  handledBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});

/** The admins' inbox of contact messages (ADR 023). */
export const adminContactContract = defineContract({
  listMessages: {
    method: 'GET',
    path: '/admin/contact-messages',
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
      status: z.enum(contactMessageFilters).default('all'),
    }),
    response: apiData(
      z.object({
        messages: z.array(adminContactMessageSchema),
        total: z.number(),
        page: z.number(),
        pageSize: z.number(),
        status: z.enum(contactMessageFilters),
      }),
    ),
  },
  setHandled: {
    method: 'PATCH',
    path: '/admin/contact-messages/:messageId',
    params: z.object({ messageId: z.string().min(1).max(64) }),
    body: contactMessageHandledSchema,
    response: apiSuccessWithMessage(adminContactMessageSchema),
  },
});
