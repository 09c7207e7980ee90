import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** How the CLI reaches the server that owns DATA_DIR: its loopback address and a one-start key. */
export type CliAccess = { url: string; secret: string; pid: number };

export const cliAccessFile = (dataDir: string) => path.join(dataDir, 'cli-access.json');

/** Written at each start, readable by the account running the server only (0600). */
export function writeCliAccess(dataDir: string, access: CliAccess): void {
  const file = cliAccessFile(dataDir);
  rmSync(file, { force: true }); // a file left by a crash keeps its old mode otherwise
  writeFileSync(file, `${JSON.stringify(access)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // whatever the umask said
}

export function readCliAccess(dataDir: string): CliAccess | null {
  try {
    return JSON.parse(readFileSync(cliAccessFile(dataDir), 'utf8')) as CliAccess;
  } catch {
    return null;
  }
}

export function removeCliAccess(dataDir: string): void {
  rmSync(cliAccessFile(dataDir), { force: true });
}
