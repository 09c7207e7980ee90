import { type DbExecutor, devOutbox, newId } from '@candlewise/db';
import type { FastifyBaseLogger } from 'fastify';
import { maskCodes } from '../mail/mailer.ts';

export type SmsMessage = { to: string; text: string };

/** Where text messages go: an HTTP provider when SMS_WEBHOOK_URL is set, else the log plus the dev outbox. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** Development transport: the log gets the text with its codes masked, the dev outbox all of it. */
export function createConsoleSmsSender(logger: FastifyBaseLogger, outbox?: DbExecutor): SmsSender {
  return {
    async send(message) {
      logger.info({ sms: { to: message.to } }, `sms to ${message.to}: ${maskCodes(message.text)}`);
      if (outbox) {
        await outbox
          .insert(devOutbox)
          .values({ id: newId(), to: message.to, channel: 'sms', subject: '', text: message.text });
      }
    },
  };
}

/**
 * A generic HTTP SMS gateway: POST { to, text } as JSON, with an optional bearer token. Most
 * providers (or a small relay in front of them) accept this shape.
 */
export function createWebhookSmsSender(url: string, token?: string): SmsSender {
  return {
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
    },
  };
}
