import { type Database, seedDatabase } from '@candlewise/db';
import { seedSampleNews } from '../news/seed-sample-news.ts';
import { checkLedgerInvariants, formatLedgerReport } from '../trading/check-ledger-invariants.ts';
import { createOnboardedUser } from '../users/create-onboarded-user.ts';
import { setUserRoleByEmail } from '../users/set-user-role.ts';

export const CLI_USAGE = `Candlewise CLI

  npm run cli -- user:create --email E --password P [--admin] [--first F] [--last L]
      make a fully onboarded user (role user, or admin with --admin)
  npm run cli -- user:promote --email E      make an existing user an admin
  npm run cli -- db:migrate                  apply the database migrations
  npm run cli -- db:seed                     add the sample courses and competitions to an empty database
  npm run cli -- ledger:check                check the competition ledger's invariants (exit 1 on a violation)

It uses the same configuration as the server (DATA_DIR or DATABASE_URL). While a server runs on the
embedded database (it owns the data folder), the CLI asks that server to run the command, over
127.0.0.1 with the key the server wrote to DATA_DIR/cli-access.json.`;

export type CliOptions = {
  email?: string;
  password?: string;
  admin?: boolean;
  first?: string;
  last?: string;
};

/** Wrong arguments: the message and the usage are printed, exit 1. */
export class UsageError extends Error {}
/** A command that ran and found a problem: its report is printed and the exit code is 1. */
export class FailedCheck extends Error {}

/** Runs with a migrated database (opened by the CLI itself, or the running server's own). */
export type WithDatabase = <T>(run: (db: Database) => Promise<T>) => Promise<T>;

/**
 * One CLI command, the same whether the CLI opened the database or the running server runs it for
 * the CLI (routes/local-cli): the arguments are checked before the database is touched.
 */
export async function runCliCommand(
  command: string | undefined,
  values: CliOptions,
  withDatabase: WithDatabase,
): Promise<string> {
  switch (command) {
    case 'user:create': {
      if (!values.email || !values.password)
        throw new UsageError('user:create needs --email and --password.');
      const user = await withDatabase((db) =>
        createOnboardedUser(db, {
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
      const user = await withDatabase((db) => setUserRoleByEmail(db, values.email!, 'admin'));
      return `${user.email} is now an admin.`;
    }
    case 'db:migrate':
      await withDatabase(async () => undefined);
      return 'The database is up to date.';
    case 'db:seed': {
      const [result, news] = await withDatabase(
        async (db) => [await seedDatabase(db), await seedSampleNews(db)] as const,
      );
      const newsNote = news ? ` Added ${news} sample news items.` : '';
      return result.courses || result.groups
        ? `Seeded ${result.courses} courses, ${result.videos} videos, ${result.chapters} chapters and ${result.groups} competitions.${newsNote}`
        : `Nothing to seed: the database already has courses and competitions.${newsNote}`;
    }
    case 'ledger:check': {
      const report = await withDatabase((db) => checkLedgerInvariants(db));
      const text = `${formatLedgerReport(report)}\n${report.violations} violation(s) in ${report.checks.length} checks.`;
      if (report.violations) throw new FailedCheck(text);
      return text;
    }
    case undefined:
    case 'help':
    case '--help':
      return CLI_USAGE;
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}
