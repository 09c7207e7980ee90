import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  findOperationsWithout2xxSchema,
  formatOpenApiDocument,
  generateOpenApiDocument,
} from '../src/openapi-document.ts';

describe('the OpenAPI document generated from the shared contracts (ADR 023)', () => {
  it('gives every operation a 2xx response with a schema, and matches docs/openapi.json', async () => {
    const document = await generateOpenApiDocument();
    // Listed by method and path, so a failure names each operation that lacks one.
    expect(findOperationsWithout2xxSchema(document)).toEqual([]);
    const committed = readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8');
    expect(formatOpenApiDocument(document) === committed, 'run `npm run openapi:write` and commit it').toBe(
      true,
    );
    // Migrates an in-memory database and builds the whole app: minutes on a busy machine.
  }, 300_000);

  it('names an operation whose 2xx answer has no schema', () => {
    const document = {
      paths: {
        '/api/v1/a': { get: { responses: { 200: { description: 'Default Response' } } } },
        '/api/v1/b': { post: { responses: { 400: { description: 'Bad' } } } },
        '/api/v1/c': {
          get: { responses: { 200: { content: { 'application/json': { schema: { type: 'object' } } } } } },
        },
      },
    };
    expect(findOperationsWithout2xxSchema(document)).toEqual([
      { method: 'GET', path: '/api/v1/a', problem: '2xx without a schema' },
      { method: 'POST', path: '/api/v1/b', problem: 'no 2xx response' },
    ]);
  });
});
