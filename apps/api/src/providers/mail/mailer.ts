import type { FastifyBaseLogger } from 'fastify';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Where e-mail goes. The console transport is the default; SMTP arrives with the accounts issue. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createConsoleMailer(logger: FastifyBaseLogger): Mailer {
  return {
    async send(message) {
      logger.info(
        { mail: { to: message.to, subject: message.subject } },
        `mail to ${message.to}:\n${message.text}`,
      );
    },
  };
}
