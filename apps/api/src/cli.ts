import { parseArgs } from 'node:util';
import {
  type DatabaseHandle,
  DataDirLockedError,
  lockDataDir,
  openDatabase,
  runMigrations,
  seedDatabase,
} from '@candlewise/db';
import { ZodError } from 'zod';
import { ConfigError, loadConfig } from './config.ts';
import { AppError } from './lib/app-error.ts';
import { seedSampleNews } from './services/news/seed-sample-news.ts';
import { checkLedgerInvariants, formatLedgerReport } from './services/trading/check-ledger-invariants.ts';
import { createOnboardedUser } from './services/users/create-onboarded-user.ts';
import { setUserRoleByEmail } from './services/users/set-user-role.ts';

const USAGE = `Candlewise CLI

  npm run cli -- user:create --email E --password P [--admin] [--first F] [--last L]
      make a fully onboarded user (role user, or admin with --admin)
  npm run cli -- user:promote --email E      make an existing user an admin
  npm run cli -- db:migrate                  apply the database migrations
  npm run cli -- db:seed                     add the sample courses and competitions to an empty database
  npm run cli -- ledger:check                check the competition ledger's invariants (exit 1 on a violation)

It uses the same configuration as the server (DATA_DIR or DATABASE_URL). With the embedded
database, stop the server first: the data folder has one owner at a time.`;

class UsageError extends Error {}
/** A command that ran and found a problem: its report is printed and the exit code is 1. */
class FailedCheck extends Error {}

async function withDatabase<T>(run: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const config = loadConfig();
  let release: (() => Promise<void>) | null = null;
  let handle: DatabaseHandle;
  if (config.databaseUrl) {
    handle = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
  } else {
    release = await lockDataDir(config.dataDir);
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

  switch (command) {
    case 'user:create': {
      if (!values.email || !values.password)
        throw new UsageError('user:create needs --email and --password.');
      const user = await withDatabase((handle) =>
        createOnboardedUser(handle.db, {
          email: values.email!,
          password: values.password!,
          firstName: values.first,
          lastName: values.last,
          role: values.admin ? 'admin' : 'user',
        }),
      );
      return `Created ${user.role} ${user.email} (${user.firstName} ${user.lastName}, id ${user.id}).`;
    }
    case 'user:promote': {
      if (!values.email) throw new UsageError('user:promote needs --email.');
      const user = await withDatabase((handle) => setUserRoleByEmail(handle.db, values.email!, 'admin'));
      return `${user.email} is now an admin.`;
    }
    case 'db:migrate':
      await withDatabase(async () => undefined);
      return 'The database is up to date.';
    case 'db:seed': {
      const [result, news] = await withDatabase(
        async (handle) => [await seedDatabase(handle.db), await seedSampleNews(handle.db)] as const,
      );
      const newsNote = news ? ` Added ${news} sample news items.` : '';
      return result.courses || result.groups
        ? `Seeded ${result.courses} courses, ${result.videos} videos, ${result.chapters} chapters and ${result.groups} competitions.${newsNote}`
        : `Nothing to seed: the database already has courses and competitions.${newsNote}`;
    }
    case 'ledger:check': {
      const report = await withDatabase((handle) => checkLedgerInvariants(handle.db));
      const text = `${formatLedgerReport(report)}\n${report.violations} violation(s) in ${report.checks.length} checks.`;
      if (report.violations) throw new FailedCheck(text);
      return text;
    }
    case undefined:
    case 'help':
    case '--help':
      return USAGE;
    default:
      throw new UsageError(`Unknown command "${command}".`);
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
      console.error(`${error.message}\n\n${USAGE}`);
    } else if (error instanceof DataDirLockedError) {
      console.error(`${error.message}\nThe CLI needs the server stopped when it uses the embedded database.`);
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
