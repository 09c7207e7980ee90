import { type Database, journalImportJobs, newId } from '@candlewise/db';
import type { JournalImportJob } from '@candlewise/shared';
import { and, eq, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { BackgroundWork } from '../../lib/background-work.ts';
import { commitJournalImport, type ImportOptions, ImportRowsRefused } from './import-journal-trades.ts';

type Stage = JournalImportJob['stage'];
type JobRow = typeof journalImportJobs.$inferSelect;

/** A job's row not written for this long, and not running here, stopped with its process. */
const STALLED_MS = 2 * 60_000;
/** Progress reaches the row at most this often (other processes read it there). */
const SAVE_EVERY_MS = 1000;

/**
 * Large imports committed in the background (issues #41, #43): the request answers 202 with the
 * job at once, the commit runs on this process in one transaction (all or nothing, as
 * POST /journal/import/commit), and its progress is kept here and written to `journal_import_jobs`
 * about once a second, so the import screen can follow it from any process. On the embedded
 * database the row cannot be written while the import's transaction holds it, so a job running
 * here is answered from memory; the row is written when it starts and when it ends.
 */
export class ImportJobs {
  private readonly running = new Map<string, JobRow>();

  constructor(
    private readonly db: () => Database,
    private readonly background: BackgroundWork,
    private readonly sentenceOf: (result: Record<string, unknown>) => string,
  ) {}

  async start(
    userId: string,
    file: { bytes: Buffer; fileName: string },
    options: ImportOptions,
  ): Promise<JournalImportJob> {
    const [row] = await this.db()
      .insert(journalImportJobs)
      .values({
        id: newId(),
        userId,
        fileName: file.fileName.slice(0, 200),
        status: 'running',
        stage: 'reading',
      })
      .returning();
    this.running.set(row.id, row);
    let savedAt = Date.now();
    const save = (force: boolean) => {
      const current = this.running.get(row.id);
      if (!current || (!force && Date.now() - savedAt < SAVE_EVERY_MS)) return;
      savedAt = Date.now();
      // Not awaited: on PostgreSQL it goes through beside the import; on the embedded database it
      // waits for the import's transaction, and memory answers meanwhile.
      void this.db()
        .update(journalImportJobs)
        .set({ stage: current.stage, done: current.done, total: current.total, updatedAt: sql`now()` })
        .where(and(eq(journalImportJobs.id, row.id), eq(journalImportJobs.status, 'running')))
        .catch(() => undefined);
    };
    const progress = (stage: Stage, done: number, total: number) => {
      const current = this.running.get(row.id);
      if (!current) return;
      this.running.set(row.id, { ...current, stage, done, total, updatedAt: new Date() });
      save(false);
    };
    this.background.run(`import job ${row.id}`, async () => {
      type Ending = Pick<JobRow, 'status' | 'stage' | 'done' | 'total' | 'result' | 'error'>;
      let ending: Ending;
      let unexpected: unknown = null;
      try {
        const result = (await commitJournalImport(this.db(), userId, file, options, progress)) as Record<
          string,
          unknown
        >;
        const current = this.running.get(row.id) ?? row;
        ending = {
          status: 'done',
          stage: 'finished',
          done: current.total,
          total: current.total,
          result: { ...result, message: this.sentenceOf(result) },
          error: null,
        };
      } catch (error) {
        const current = this.running.get(row.id) ?? row;
        const refused = error instanceof AppError && error.statusCode < 500;
        if (!refused) unexpected = error;
        ending = {
          status: 'failed',
          stage: current.stage,
          done: current.done,
          total: current.total,
          result: null,
          error: refused
            ? {
                message: error.message,
                ...(error instanceof ImportRowsRefused && error.rows.length ? { errors: error.rows } : {}),
              }
            : { message: 'The import failed on the server; nothing was imported. Try again in a minute.' },
        };
      }
      try {
        await this.db()
          .update(journalImportJobs)
          .set({ ...ending, updatedAt: sql`now()` })
          .where(eq(journalImportJobs.id, row.id));
      } finally {
        this.running.delete(row.id);
      }
      if (unexpected) throw unexpected; // logged by BackgroundWork
    });
    return toJob(row);
  }

  /** The caller's job (404 for anyone else's, as if it did not exist). */
  async get(userId: string, id: string): Promise<JournalImportJob> {
    const here = this.running.get(id);
    if (here) {
      if (here.userId !== userId) throw notFound('That import is not yours.');
      return toJob(here);
    }
    const [row] = await this.db()
      .select()
      .from(journalImportJobs)
      .where(and(eq(journalImportJobs.id, id), eq(journalImportJobs.userId, userId)));
    if (!row) throw notFound('That import is not yours.');
    if (row.status === 'running' && Date.now() - row.updatedAt.getTime() > STALLED_MS) {
      return toJob({
        ...row,
        status: 'failed',
        error: {
          message:
            'The import stopped before it finished (the server restarted); nothing was imported. Import the file again.',
        },
      });
    }
    return toJob(row);
  }
}

function toJob(row: JobRow): JournalImportJob {
  const stored = (row.result ?? null) as (Record<string, unknown> & { format: 'fills' | 'trades' }) | null;
  let result: JournalImportJob['result'] = null;
  let message: string | null = null;
  if (stored) {
    const { message: sentence, ...answer } = stored;
    result = answer as JournalImportJob['result'];
    message = typeof sentence === 'string' ? sentence : null;
  }
  return {
    _id: row.id,
    fileName: row.fileName,
    status: row.status,
    stage: row.stage,
    done: row.done,
    total: row.total,
    result,
    message,
    error: (row.error ?? null) as JournalImportJob['error'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
