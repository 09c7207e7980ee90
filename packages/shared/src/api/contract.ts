import { z } from 'zod';

/**
 * One API contract shared by the API and the web app (ADR 023). Each operation names its method, its
 * path under /api/v1 (Fastify's `:param` form) and the zod schemas of what it takes and answers:
 * the API validates and serialises with them, the OpenAPI document is generated from them, the web
 * app's types are inferred from them and its test mocks are parsed with them.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiOperation = {
  method: HttpMethod;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status (200 unless said). */
  status?: 200 | 201 | 202;
  /** The whole success answer: the JSON envelope, or what a stream or a file sends. */
  response: z.ZodType;
  /** Not JSON: the media type of the success answer (a stream, a file). */
  produces?: string;
};

/** A domain's operations; `satisfies` keeps each schema's own type for inference. */
export function defineContract<const C extends Record<string, ApiOperation>>(contract: C): C {
  return contract;
}

/** The success envelope `{ success: true, message?, data }` around `data`. */
export function apiSuccess<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}

/** The envelope of a write that answers only a sentence: `{ success: true, message }`. */
export const apiMessageSchema = z.object({ success: z.literal(true), message: z.string() });

/** The success envelope of an answer that never carries a sentence: `{ success: true, data }`. */
export function apiData<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** The success envelope whose sentence is always there: `{ success: true, message, data }`. */
export function apiSuccessWithMessage<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

/** What the web sees: the parsed answer of an operation, and its `data`. */
export type ResponseOf<O extends ApiOperation> = z.output<O['response']>;
export type DataOf<O extends ApiOperation> = z.output<O['response']> extends { data: infer D } ? D : never;
export type BodyOf<O extends ApiOperation> = O['body'] extends z.ZodType ? z.input<O['body']> : never;
export type QueryOf<O extends ApiOperation> = O['query'] extends z.ZodType ? z.input<O['query']> : never;
