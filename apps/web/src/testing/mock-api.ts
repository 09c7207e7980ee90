import type { ApiErrorBody } from '@candlewise/shared';
import { findApiOperation } from '@candlewise/shared/api/api-contracts';
import { onTestFinished, vi } from 'vitest';

export type ApiCall = { method: string; url: URL; body: unknown };
type Reply = { status?: number; body?: unknown };
/** A reply for the call, or a promise of one (an answer held back until the test lets it go). */
type Handler = (call: ApiCall) => Reply | undefined | Promise<Reply | undefined>;

/**
 * Replaces fetch for one test. `handlers` maps "METHOD /path" (path after /api/v1) to a reply;
 * anything else answers 404 in the API's error envelope. Every call is recorded for assertions.
 */
export function mockApi(handlers: Record<string, Handler | Reply> = {}) {
  const calls: ApiCall[] = [];
  const drifts: string[] = [];
  // A mocked success that the API could not send fails the test (ADR 023), after it ran.
  onTestFinished(() => {
    if (drifts.length > 0) throw new Error(drifts.join('\n\n'));
  });
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null);
    const call = { method, url, body };
    calls.push(call);
    const key = `${method} ${url.pathname.replace(/^\/api\/v1/, '')}`;
    const handler = handlers[key];
    const reply = (await (typeof handler === 'function' ? handler(call) : handler)) ?? {
      status: 404,
      body: { success: false, message: 'Not found', code: 'NOT_FOUND' },
    };
    const drift = checkAgainstContract(method, url.pathname, reply);
    if (drift) drifts.push(drift.message);
    return new Response(JSON.stringify(reply.body ?? { success: true, data: null }), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return {
    fetchMock,
    calls,
    /** The recorded calls to one endpoint, e.g. callsTo('GET', '/notification/all'). */
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.url.pathname === `/api/v1${path}`),
  };
}

/** Why a mocked success body is not what the API's contract says it answers, or null when it is. */
export function checkAgainstContract(
  method: string,
  pathname: string,
  reply: Reply,
): { operation: string; message: string } | null {
  const status = reply.status ?? 200;
  if (status < 200 || status > 299 || reply.body === undefined) return null;
  const path = pathname.replace(/^\/api\/v1/, '');
  const operation = findApiOperation(method, path);
  if (!operation || operation.produces) return null;
  const parsed = operation.response.safeParse(reply.body);
  if (parsed.success) return null;
  const problems = parsed.error.issues
    .slice(0, 8)
    .map((issue) => `  ${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('\n');
  return {
    operation: operation.name,
    message: `The mock of ${method} ${path} does not match the API contract (${operation.name}):\n${problems}`,
  };
}

/**
 * The API's 400 answer for input that failed its checks (code VALIDATION_FAILED): `details` maps
 * a field's path to its message, in order, and becomes the envelope's `details` list. Without a
 * `message` it is the sentence the API sends when a request body fails its schema.
 */
export function validationFailed(
  details: Record<string, string>,
  message = `Some fields in the request body are not valid: ${Object.keys(details).join(', ')}. Correct them and try again.`,
): { status: 400; body: ApiErrorBody } {
  const fields = Object.entries(details).map(([path, text]) => ({ path, message: text }));
  return {
    status: 400,
    body: {
      success: false,
      message,
      code: 'VALIDATION_FAILED',
      ...(fields.length > 0 ? { details: fields } : {}),
    },
  };
}
