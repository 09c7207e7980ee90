import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, runMigrations, seedDatabase } from '@candlewise/db';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * Builds one migrated, seeded database per test run; every test file then starts from a copy of it
 * (test/helper.ts): a PGlite dump loaded in memory, or a PostgreSQL database created from a template.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const templateName = `cw_template_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${templateName}`);
    const templateUrl = withDatabase(databaseUrl, templateName);
    const handle = await openDatabase({ databaseUrl: templateUrl, poolSize: 2 });
    await runMigrations(handle);
    await seedDatabase(handle.db);
    await handle.close();
    project.provide('databaseTemplate', { engine: 'postgres', url: databaseUrl, template: templateName });
    return async () => {
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
    };
  }

  const handle = await openDatabase({ inMemory: true });
  await runMigrations(handle);
  await seedDatabase(handle.db);
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  const dumpFile = path.join(tmpdir(), `candlewise-test-${process.pid}.tar`);
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { engine: 'pglite', dumpFile });
  return () => rmSync(dumpFile, { force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate:
      | { engine: 'postgres'; url: string; template: string }
      | { engine: 'pglite'; dumpFile: string };
  }
}
