import { type DbExecutor, devOutbox, newId } from '@candlewise/db';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Where e-mail goes: SMTP when SMTP_URL is set, else the log plus the dev outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Verification and reset codes (6 digits) as `******`: logs are read by more people, kept longer
 * and shipped further than a mailbox, so a code printed there could take over the account.
 */
export function maskCodes(text: string): string {
  return text.replace(/(?<!\d)\d{6}(?!\d)/g, '******');
}

/**
 * Development transport: prints the message with its codes masked, and keeps it whole in the dev
 * outbox (never in production), where the developer and the e2e tests read the code.
 */
export function createConsoleMailer(logger: FastifyBaseLogger, outbox?: DbExecutor): Mailer {
  return {
    async send(message) {
      logger.info(
        { mail: { to: message.to, subject: maskCodes(message.subject) } },
        `mail to ${message.to}:\n${maskCodes(message.text)}`,
      );
      if (outbox) {
        await outbox.insert(devOutbox).values({
          id: newId(),
          to: message.to,
          channel: 'email',
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
        });
      }
    },
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
