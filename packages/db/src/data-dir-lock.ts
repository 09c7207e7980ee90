import { mkdirSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `Another Candlewise process is already using DATA_DIR (${dataDir}). The embedded database can have only one ` +
        'owner: stop that process first, or point DATA_DIR at another folder, or set DATABASE_URL to use PostgreSQL. ' +
        '(If no process is running, the lock left by a crash expires within 10 seconds.)',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Takes the exclusive lock on DATA_DIR that the embedded database needs: two processes writing one
 * PGlite folder lose data silently. Returns the release function. A lock whose owner died goes
 * stale after 10 s (its owner refreshes it every 5 s).
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    const release = await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'candlewise.lock'),
      stale: 10_000,
      update: 5_000,
      retries: 0,
      onCompromised: (error) => {
        // Someone removed or took our lock: keep serving would risk the data, so stop loudly.
        console.error(`The DATA_DIR lock was lost (${error.message}); stopping to protect the data.`);
        process.exit(1);
      },
    });
    return release;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}

/** Whether a live process holds DATA_DIR (a stale lock left by a crash does not count). */
export async function isDataDirLocked(dataDir: string): Promise<boolean> {
  try {
    return await lockfile.check(dataDir, {
      lockfilePath: path.join(dataDir, 'candlewise.lock'),
      stale: 10_000,
    });
  } catch {
    return false;
  }
}
