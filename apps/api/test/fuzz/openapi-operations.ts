/** The parts of the OpenAPI document (as @fastify/swagger writes it from the zod schemas) the fuzzer reads. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export type ApiParameter = {
  name: string;
  location: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
};

export type ApiOperation = {
  method: string;
  /** The path template of the document, e.g. /api/v1/journal/trades/{id}. */
  path: string;
  summary: string;
  secured: boolean;
  parameters: ApiParameter[];
  jsonBody?: { required: boolean; schema: JsonSchema };
  /** An upload: the multipart field that carries the file(s). */
  multipart?: { field: string };
};

type OpenApiOperation = {
  summary?: string;
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
};

export type OpenApiDocument = { paths?: Record<string, Record<string, OpenApiOperation>> };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * Every operation of the document. Uploads are multipart: the body is declared either as
 * multipart/form-data content or, as the zod transform drops `consumes`, in the summary
 * ('multipart field "file"'), which is where a reader of /api/docs learns the field's name too.
 */
export function listOperations(document: OpenApiDocument): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const summary = operation.summary ?? '';
      const content = operation.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      const declaresMultipart = 'multipart/form-data' in content || /multipart/i.test(summary);
      operations.push({
        method: method.toUpperCase(),
        path,
        summary,
        secured: (operation.security?.length ?? 0) > 0,
        parameters: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
          .map((parameter) => ({
            name: parameter.name,
            location: parameter.in as 'path' | 'query',
            required: parameter.in === 'path' || parameter.required === true,
            schema: parameter.schema ?? {},
          })),
        ...(json ? { jsonBody: { required: operation.requestBody?.required === true, schema: json } } : {}),
        ...(declaresMultipart
          ? { multipart: { field: summary.match(/field "([^"]+)"/)?.[1] ?? 'file' } }
          : {}),
      });
    }
  }
  return operations;
}

/** The one type a schema stands for (nullable and `anyOf [x, null]` read as x). */
export function schemaType(schema: JsonSchema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  const branch = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].find(
    (candidate) => schemaType(candidate) && schemaType(candidate) !== 'null',
  );
  if (branch) return schemaType(branch);
  if (schema.enum?.length) return typeof schema.enum[0];
  if (schema.properties) return 'object';
  return undefined;
}

/** The branch of a union that carries the constraints (the first that is not null). */
export function mainBranch(schema: JsonSchema): JsonSchema {
  if (schema.type || schema.enum || schema.properties) return schema;
  return (
    [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].find(
      (candidate) => schemaType(candidate) !== 'null',
    ) ?? schema
  );
}
