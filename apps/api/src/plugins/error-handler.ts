import type { ApiErrorBody, ApiFieldError } from '@candlewise/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

function send(reply: FastifyReply, status: number, body: ApiErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

function fieldPath(instancePath: string | undefined, params: unknown): string {
  const fromInstance = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const missing = (params as { missingProperty?: string } | undefined)?.missingProperty;
  return [fromInstance, missing].filter(Boolean).join('.') || '(body)';
}

/**
 * Every failure leaves in the envelope of docs/architecture.md §API conventions. Bad input is 4xx with a sentence a person
 * can act on; anything unexpected is a 500 that names only the request id (details go to the log).
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.statusCode, {
        success: false,
        message: error.message,
        code: error.code,
        ...(error.details ? { details: error.details } : {}),
      });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const details: ApiFieldError[] = error.validation.map((issue) => ({
        path: fieldPath(issue.instancePath, issue.params),
        message: issue.message ?? 'Invalid value.',
      }));
      const fields = [...new Set(details.map((detail) => detail.path))].join(', ');
      return send(reply, 400, {
        success: false,
        message: `Some fields in the request ${where} are not valid: ${fields}. Correct them and try again.`,
        code: 'VALIDATION_FAILED',
        details,
      });
    }

    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return send(reply, 400, {
          success: false,
          message: 'The request body is not valid JSON. Check the syntax and try again.',
          code: 'BAD_REQUEST',
        });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, {
          success: false,
          message: 'The request body is empty; send a JSON object.',
          code: 'BAD_REQUEST',
        });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
        return send(reply, 413, {
          success: false,
          message: 'The request is too large. Send a smaller body or file.',
          code: 'PAYLOAD_TOO_LARGE',
        });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, {
          success: false,
          message: `This endpoint does not accept ${request.headers['content-type'] ?? 'that content type'}; send application/json.`,
          code: 'UNSUPPORTED_MEDIA_TYPE',
        });
      default:
        break;
    }

    if (request.isMultipart() && isMalformedMultipart(error)) {
      return send(reply, 400, {
        success: false,
        message:
          'The upload is not a complete multipart/form-data body (its boundary is missing or it ends too early). Choose the file and send it again.',
        code: 'BAD_REQUEST',
      });
    }

    // A value the database cannot store (a number out of range, a date past year 9999, text it
    // cannot encode) is the request's fault: the edge checks should have said so, and this makes
    // sure a gap there is still a 400, never a 500.
    const sqlState = databaseErrorCode(error);
    if (sqlState?.startsWith('22')) {
      request.log.warn({ err: error, sqlState }, 'a value the database refused reached it');
      return send(reply, 400, {
        success: false,
        message:
          'One of the values is outside what can be stored (a number too large, a date out of range or unusable text). Check the values and try again.',
        code: 'VALIDATION_FAILED',
      });
    }

    if (error.statusCode === 429) {
      return send(reply, 429, {
        success: false,
        message: error.message || 'Too many requests. Please wait a moment and try again.',
        code: 'RATE_LIMITED',
      });
    }

    // Other framework 4xx errors (bad headers, bad URL encoding, …) keep their status and a plain sentence.
    if (
      error.statusCode &&
      error.statusCode >= 400 &&
      error.statusCode < 500 &&
      !isResponseSerializationError(error)
    ) {
      request.log.info({ err: error }, 'client error');
      return send(reply, error.statusCode, {
        success: false,
        message: error.message.endsWith('.') ? error.message : `${error.message}.`,
        code: 'BAD_REQUEST',
      });
    }

    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return send(reply, 500, {
      success: false,
      message: `Something went wrong on our side. Please try again; if it keeps happening, contact support and quote request id ${request.id}.`,
      code: 'INTERNAL_ERROR',
    });
  });
});

/**
 * The multipart parser's (@fastify/busboy) refusals of a body that is not well-formed: no or an
 * unusable boundary, a body cut short. They carry no code, so they are known by their text.
 */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /unexpected end of multipart data$/i,
  /^The needle cannot/,
  /^Malformed part header$/,
];

function isMalformedMultipart(error: Error): boolean {
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  return (
    code === undefined &&
    statusCode === undefined &&
    MALFORMED_MULTIPART.some((text) => text.test(error.message))
  );
}

/** The SQLSTATE of a database error, also when drizzle wrapped it (error.cause). */
function databaseErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The answer for an /api path no route matches. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, {
    success: false,
    message: `No API endpoint matches ${request.method} ${request.url.split('?')[0]}. Check the path and method.`,
    code: 'NOT_FOUND',
  });
}
