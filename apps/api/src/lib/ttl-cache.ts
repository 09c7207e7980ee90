import type { FastifyReply } from 'fastify';

/**
 * Values that may be served for a short time without asking the database again. One per app
 * instance (never module-global: tests run several apps on different databases in one process).
 */
export class TtlCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();

  constructor(private readonly maxEntries = 10_000) {}

  async get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as T;
    const value = await load();
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expires: Date.now() + ttlMs });
    return value;
  }

  /** Forgets every key that starts with the prefix. */
  invalidate(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}

/**
 * Sends JSON text serialised beforehand (checked against the route's schema when it was cached):
 * Fastify sends a string as is, so the per-request schema check and JSON.stringify are skipped.
 */
export function sendJsonText(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
