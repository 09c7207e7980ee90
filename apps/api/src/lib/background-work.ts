import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not change how long an answer takes (a reset e-mail goes out for a known address
 * and not for an unknown one: timing the answer would tell them apart). The answer leaves first;
 * failures are logged; close() and tests wait for what is running.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(label: string, work: () => Promise<unknown>): void {
    const task = Promise.resolve()
      .then(work)
      .catch((error) => this.log.error({ err: error }, `background work failed: ${label}`))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  async flush(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
