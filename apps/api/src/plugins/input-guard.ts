import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/**
 * C0 control characters cannot be stored (PostgreSQL refuses NUL in text) and have no business in
 * names, e-mails, ids or queries. Text bodies keep tab, line feed and carriage return (notes,
 * descriptions); paths and queries keep none.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_IN_BODY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_ANYWHERE = /[\u0000-\u001f\u007f]/;
/** Half of a surrogate pair (half an emoji): not text at all, and PostgreSQL cannot store it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MAX_DEPTH = 32;

function findControl(value: unknown, pattern: RegExp, path: string, depth = 0): string | null {
  if (typeof value === 'string') return pattern.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findControl(value[i], pattern, path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (CONTROL_ANYWHERE.test(key)) return here;
    const found = findControl(inner, pattern, here, depth + 1);
    if (found) return found;
  }
  return null;
}

function refuse(where: string, path: string, broken = false): AppError {
  const field = path || where;
  const message = broken
    ? `Remove the broken characters (half of an emoji or symbol) from ${field}: they cannot be stored.`
    : `Remove the control characters (such as NUL) from ${field}: they cannot be stored.`;
  return new AppError(400, 'VALIDATION_FAILED', message, [{ path: field, message }]);
}

/** One edge rule for text, before any route sees the request (docs/architecture.md §API conventions: 400, never a 500). */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const inParams = findControl(request.params, CONTROL_ANYWHERE, '');
    if (inParams !== null) throw refuse('the path', inParams);
    const inQuery = findControl(request.query, CONTROL_ANYWHERE, '');
    if (inQuery !== null) throw refuse('the query', inQuery);
    if (request.body !== undefined && !request.isMultipart()) {
      const inBody = findControl(request.body, CONTROL_IN_BODY, '');
      if (inBody !== null) throw refuse('the body', inBody);
    }
    for (const [where, value] of [
      ['the path', request.params],
      ['the query', request.query],
      ['the body', request.isMultipart() ? undefined : request.body],
    ] as const) {
      const broken = findControl(value, LONE_SURROGATE, '');
      if (broken !== null) throw refuse(where, broken, true);
    }
  });
});
