import { z } from '../api/zod-messages.ts';

/** The /contact form, validated the same way in the browser and by the API. */
export const contactMessageSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please enter your name.')
    .max(100, 'Please keep your name under 100 characters.'),
  email: z
    .string()
    .trim()
    .max(254, 'That e-mail address is too long.')
    .pipe(z.email('Please enter a valid e-mail address.')),
  subject: z
    .string()
    .trim()
    .min(1, 'Please add a subject.')
    .max(150, 'Please keep the subject under 150 characters.'),
  message: z
    .string()
    .trim()
    .min(10, 'Please write at least 10 characters so we can help.')
    .max(5000, 'Please keep your message under 5,000 characters.'),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

/** Which contact messages the admin list shows: not yet handled, handled, or every one. */
export const contactMessageFilters = ['open', 'handled', 'all'] as const;
export type ContactMessageFilter = (typeof contactMessageFilters)[number];

/** PATCH /admin/contact-messages/{id}: mark a message handled (true) or open again (false). */
export const contactMessageHandledSchema = z.object({ handled: z.boolean() });
export type ContactMessageHandledInput = z.infer<typeof contactMessageHandledSchema>;
