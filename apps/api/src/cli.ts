import { parseArgs } from 'node:util';
import {
  type DatabaseHandle,
  DataDirLockedError,
  lockDataDir,
  openDatabase,
  runMigrations,
} from '@candlewise/db';
import { ZodError } from 'zod';
import { ConfigError, loadConfig } from './config.ts';
import { AppError } from './lib/app-error.ts';
import { readCliAccess } from './lib/cli-access.ts';
import {
  CLI_USAGE,
  type CliOptions,
  FailedCheck,
  runCliCommand,
  UsageError,
} from './services/cli/run-cli-command.ts';

/** The embedded database is owned by a running server: the command goes to it instead. */
class ServerOwnsDataDir extends Error {}

async function withDatabase<T>(run: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const config = loadConfig();
  let release: (() => Promise<void>) | null = null;
  let handle: DatabaseHandle;
  if (config.databaseUrl) {
    handle = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
  } else {
    try {
      release = await lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError && readCliAccess(config.dataDir)) throw new ServerOwnsDataDir();
      throw error;
    }
    handle = await openDatabase({ dataDir: config.dataDir });
  }
  try {
    await runMigrations(handle);
    return await run(handle);
  } finally {
    await handle.close();
    await release?.();
  }
}

/** Asks the server that owns DATA_DIR to run the command (routes/local-cli), over 127.0.0.1. */
async function runOnServer(command: string | undefined, options: CliOptions): Promise<string> {
  const access = readCliAccess(loadConfig().dataDir);
  if (!access) throw new Error('The server that owns DATA_DIR left no cli-access.json.');
  let response: Response;
  try {
    response = await fetch(`${access.url}/api/v1/local-cli`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-cli-secret': access.secret },
      body: JSON.stringify({ command, options }),
    });
  } catch {
    throw new AppError(
      503,
      'SERVICE_UNAVAILABLE',
      `Another process holds DATA_DIR but the server at ${access.url} does not answer. Stop it (or wait for it to start) and try again.`,
    );
  }
  const body = (await response.json()) as { success: boolean; message?: string };
  const message = body.message ?? `The server answered ${response.status}.`;
  if (response.ok && body.success) return message;
  if (response.ok) throw new FailedCheck(message);
  if (response.status === 400) throw new UsageError(message);
  throw new AppError(response.status, 'BAD_REQUEST', message);
}

async function main(argv: string[]): Promise<string> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      admin: { type: 'boolean', default: false },
      first: { type: 'string' },
      last: { type: 'string' },
    },
    strict: true,
  });
  try {
    return await runCliCommand(command, values, (run) => withDatabase((handle) => run(handle.db)));
  } catch (error) {
    if (!(error instanceof ServerOwnsDataDir)) throw error;
    return runOnServer(command, values);
  }
}

main(process.argv.slice(2)).then(
  (message) => {
    console.log(message);
    process.exit(0);
  },
  (error) => {
    if (error instanceof FailedCheck) {
      console.error(error.message);
    } else if (
      error instanceof UsageError ||
      (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      console.error(`${error.message}\n\n${CLI_USAGE}`);
    } else if (error instanceof DataDirLockedError) {
      console.error(
        `${error.message}\nThe process holding it left no way in for the CLI (an older server, or one not listening on this machine): stop it and try again.`,
      );
    } else if (error instanceof AppError || error instanceof ConfigError) {
      console.error(error.message);
    } else if (error instanceof ZodError) {
      console.error(error.issues.map((issue) => issue.message).join('\n'));
    } else {
      console.error('The command failed:', error);
    }
    process.exit(1);
  },
);
