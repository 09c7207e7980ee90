import type { FastifyReply } from 'fastify';

/**
 * Values that may be served for a short time without asking the database again. One per app
 * instance (never module-global: tests run several apps on different databases in one process).
 */
export class TtlCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  /**
   * Loads under way, by key: the requests that miss together while one loads wait for it, rather
   * than each asking the database (ten connections meeting an expired entry were ten queries).
   */
  private readonly loading = new Map<string, Promise<unknown>>();
  /** Bumped by `invalidate`: a load that began before it answers its callers but is not kept. */
  private epoch = 0;

  constructor(private readonly maxEntries = 10_000) {}

  async get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as T;
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const epoch = this.epoch;
    const loaded = load().then(
      (value) => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
        if (epoch === this.epoch) {
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(key, { value, expires: Date.now() + ttlMs });
        }
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, loaded);
    return loaded;
  }

  /** Forgets every key that starts with the prefix (and keeps no load that is under way). */
  invalidate(prefix: string): void {
    this.epoch += 1;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
    for (const key of this.loading.keys()) if (key.startsWith(prefix)) this.loading.delete(key);
  }
}

/**
 * Sends JSON text serialised beforehand (checked against the route's schema when it was cached):
 * Fastify sends a string as is, so the per-request schema check and JSON.stringify are skipped.
 */
export function sendJsonText(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
