import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

// tsx's ES module API (its CommonJS twin registers with a path that does not exist).
const TSX_API = pathToFileURL(
  createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/index\.cjs$/, 'index.mjs'),
).href;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };
export type SerializedError = {
  name: string;
  message: string;
  statusCode?: number;
  code?: string;
  details?: unknown;
};

/**
 * A few worker threads for CPU-heavy work (reading a large CSV), so one request cannot hold the
 * event loop every other request waits on. Tasks queue for the next free worker; a worker that
 * dies fails its task and is replaced. Workers are unref'd: they never keep the process alive.
 * The worker file is TypeScript run through tsx, as the server is.
 */
export class WorkerPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Array<{ message: unknown } & Pending> = [];
  private readonly all = new Set<Worker>();
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly file: URL,
    private readonly size = Math.max(1, Math.min(2, availableParallelism() - 1)),
  ) {}

  run<T>(message: object): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The worker pool is closed.'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ message, resolve: resolve as (value: unknown) => void, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('The worker pool is closed.'));
    await Promise.all([...this.all].map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.all.size < this.size ? this.spawn() : null);
      if (!worker) return;
      const task = this.queue.shift()!;
      this.busy.set(worker, task);
      worker.postMessage({ ...(task.message as object), id: this.nextId++ });
    }
  }

  private spawn(): Worker {
    // Node 20 loads a worker's entry before `--import` hooks apply, so a small script registers
    // tsx first and then imports the TypeScript entry.
    const bootstrap = `import(${JSON.stringify(TSX_API)}).then(({ register }) => { register(); return import(${JSON.stringify(this.file.href)}); });`;
    const worker = new Worker(bootstrap, { eval: true, execArgv: [] });
    worker.unref();
    this.all.add(worker);
    worker.on('message', (answer: Answer) => {
      const task = this.busy.get(worker);
      this.busy.delete(worker);
      if (!this.closed) this.idle.push(worker);
      if (task) {
        if (answer.ok) task.resolve(answer.value);
        else task.reject(Object.assign(new Error(answer.error.message), answer.error));
      }
      this.dispatch();
    });
    const lost = (error: Error) => {
      this.all.delete(worker);
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
      const task = this.busy.get(worker);
      this.busy.delete(worker);
      task?.reject(error);
      if (!this.closed) this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => {
      if (this.all.has(worker)) lost(new Error(`A worker thread stopped (exit code ${code}).`));
    });
    return worker;
  }
}
