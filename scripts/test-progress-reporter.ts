import path from 'node:path';
import type { Reporter, TestModule, TestSpecification } from 'vitest/node';

type Options = {
  /** Paths are shown relative to this folder. */
  root: string;
  /** How often a progress line is written while files run. */
  everyMs?: number;
  now?: () => number;
  write?: (line: string) => void;
};

const clock = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return seconds >= 60
    ? `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`
    : `${seconds}s`;
};

/**
 * `npm test` in a log (CI, a pipe) showed nothing for over a minute: Vitest runs the slowest files
 * first and prints a file only when it ends. This reporter writes one line at the start and one
 * every 15 s — how long, how many files are done, which are running and for how long — so a log
 * shows progress without a line per test (the default reporter still prints each file at its end).
 */
export class TestProgressReporter implements Reporter {
  private readonly root: string;
  private readonly everyMs: number;
  private readonly now: () => number;
  private readonly write: (line: string) => void;
  private startedAt = 0;
  private total = 0;
  private done = 0;
  private readonly running = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(options: Options) {
    this.root = options.root;
    this.everyMs = options.everyMs ?? 15_000;
    this.now = options.now ?? Date.now;
    this.write = options.write ?? ((line) => process.stdout.write(`${line}\n`));
  }

  onInit(): void {
    this.startedAt = this.now();
    this.write('npm test: starting (the API tests first build their database, ~10 s)');
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.total = specifications.length;
    this.write(`npm test: ${this.total} test files`);
    if (this.everyMs > 0 && !this.timer) {
      this.timer = setInterval(() => this.tick(), this.everyMs);
      this.timer.unref();
    }
  }

  onTestModuleStart(testModule: TestModule): void {
    this.running.set(path.relative(this.root, testModule.moduleId), this.now());
  }

  onTestModuleEnd(testModule: TestModule): void {
    if (this.running.delete(path.relative(this.root, testModule.moduleId))) this.done += 1;
  }

  tick(): void {
    const now = this.now();
    const running = [...this.running].map(
      ([file, since]) => `${file} (${Math.round((now - since) / 1000)} s)`,
    );
    const tail = running.length ? `; running ${running.join(', ')}` : '';
    this.write(`npm test: ${clock(now - this.startedAt)}, ${this.done} of ${this.total} files done${tail}`);
  }

  onTestRunEnd(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
