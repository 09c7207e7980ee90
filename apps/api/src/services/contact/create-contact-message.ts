import { contactMessages, type DbExecutor, newId } from '@candlewise/db';
import type { ContactMessageInput } from '@candlewise/shared';
import type { Mailer } from '../../providers/mail/mailer.ts';

/** Stores a contact-form message, then tells the support inbox (a mail failure does not lose the message). */
export async function createContactMessage(
  db: DbExecutor,
  mailer: Mailer,
  supportEmail: string,
  input: ContactMessageInput & { ipAddress?: string; userId?: string | null },
): Promise<{ id: string }> {
  const id = newId();
  await db.insert(contactMessages).values({
    id,
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    ipAddress: input.ipAddress ?? null,
    userId: input.userId ?? null,
  });
  await mailer
    .send({
      to: supportEmail,
      subject: `[Contact] ${input.subject}`,
      text: `From: ${input.name} <${input.email}>\n\n${input.message}\n\n(message ${id})`,
    })
    .catch(() => undefined);
  return { id };
}
