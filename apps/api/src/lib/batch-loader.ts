/**
 * Gathers the loads asked for during one turn of the event loop and answers them with one call of
 * `loadMany`. A burst of first requests (200 desks opening after a start) then costs the database
 * one statement instead of 200 — on the embedded database each statement is a turn in one queue.
 * Every load asked for after a batch has started goes into the next batch: an answer is never older
 * than the moment it was asked for.
 */
export class BatchLoader<K, V> {
  private waiting: Array<{ key: K; resolve: (value: V) => void; reject: (error: unknown) => void }> = [];

  /**
   * @param loadMany answers every key it was given, by the string `keyOf` makes of it (a key left
   *   out is an error for its caller)
   */
  constructor(
    private readonly loadMany: (keys: K[]) => Promise<Map<string, V>>,
    private readonly keyOf: (key: K) => string,
  ) {}

  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.flush());
      this.waiting.push({ key, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    const keys = new Map<string, K>();
    for (const { key } of batch) keys.set(this.keyOf(key), key);
    try {
      const answers = await this.loadMany([...keys.values()]);
      for (const { key, resolve, reject } of batch) {
        const name = this.keyOf(key);
        if (answers.has(name)) resolve(answers.get(name) as V);
        else reject(new Error(`The batch left out ${name}.`));
      }
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }
}
