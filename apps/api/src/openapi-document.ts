import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, runMigrations } from '@candlewise/db';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

/**
 * The OpenAPI document as the app generates it from the shared contracts (ADR 023), built without
 * listening on an empty in-memory database. Outside production, so the dev routes are in it too.
 */
export async function generateOpenApiDocument(): Promise<Record<string, unknown>> {
  const database = await openDatabase({ inMemory: true });
  await runMigrations(database);
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'openapi-document-openapi-document-0123456789',
    DATA_DIR: path.join(tmpdir(), 'candlewise-openapi'),
    WEB_DIST_DIR: path.join(tmpdir(), 'candlewise-no-web-build'),
    API_DOCS: 'true',
  });
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await database.close();
  }
}

/** Stable text: two-space JSON with a final newline, so a diff shows only real changes. */
export function formatOpenApiDocument(document: Record<string, unknown>): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

export type OperationProblem = { method: string; path: string; problem: string };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Every operation must declare a 2xx answer with a schema (issue 39): the ones that do not. */
export function findOperationsWithout2xxSchema(document: Record<string, unknown>): OperationProblem[] {
  const problems: OperationProblem[] = [];
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const [route, item] of Object.entries(paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const operation = raw as {
        responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
      };
      const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      if (success.length === 0) {
        problems.push({ method: method.toUpperCase(), path: route, problem: 'no 2xx response' });
        continue;
      }
      const described = success.some(
        ([status, response]) =>
          status === '204' ||
          Object.values(response.content ?? {}).some((media) => media.schema !== undefined),
      );
      if (!described)
        problems.push({ method: method.toUpperCase(), path: route, problem: '2xx without a schema' });
    }
  }
  return problems;
}
