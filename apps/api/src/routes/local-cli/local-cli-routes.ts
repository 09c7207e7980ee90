import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { FailedCheck, runCliCommand, UsageError } from '../../services/cli/run-cli-command.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const bodySchema = z.object({
  command: z.string().max(40).optional(),
  options: z
    .object({
      email: z.string().max(320).optional(),
      password: z.string().max(200).optional(),
      admin: z.boolean().optional(),
      first: z.string().max(100).optional(),
      last: z.string().max(100).optional(),
    })
    .default({}),
});

/**
 * The CLI's way in while this server owns the embedded database (it cannot open DATA_DIR then):
 * POST /api/v1/local-cli runs one CLI command on the server's database. Only a connection from
 * this machine's loopback that no proxy relayed, carrying the secret the server wrote at start to
 * DATA_DIR/cli-access.json (mode 0600: the account that runs the server) gets in; anything else is
 * a 404 (not from here) or 403 (wrong key). Registered only by server.ts on the embedded database,
 * and not part of the API's contract or its OpenAPI document.
 */
export const localCliRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, { secret }) => {
  const expected = Buffer.from(secret);
  app.post('/local-cli', { schema: { hide: true, body: bodySchema } }, async (request) => {
    const relayed = request.headers['x-forwarded-for'] || request.headers.forwarded;
    if (!LOOPBACK.has(request.raw.socket.remoteAddress ?? '') || relayed) {
      throw new AppError(404, 'NOT_FOUND', 'Route POST /api/v1/local-cli not found.');
    }
    const sent = Buffer.from(String(request.headers['x-cli-secret'] ?? ''));
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
      throw new AppError(
        403,
        'FORBIDDEN',
        'The CLI key does not match this server (DATA_DIR/cli-access.json).',
      );
    }
    const { command, options } = request.body;
    try {
      const message = await runCliCommand(command, options, (run) => run(app.database.db));
      return { success: true as const, message };
    } catch (error) {
      if (error instanceof FailedCheck) return { success: false as const, message: error.message };
      if (error instanceof UsageError) throw new AppError(400, 'BAD_REQUEST', error.message);
      throw error;
    }
  });
};
