/**
 * Each user's change generation in this process: bumped by every write they make here (before it
 * answers), and part of the key of their cached reads, so their next read here misses while
 * everyone else's cached reads stay (issue #40: under a flow of orders, a process-wide count made
 * every cached read miss). With Redis, the generations there do the same across processes.
 *
 * Numbers come from one counter, so a user's generation never repeats. The map is bounded: a user
 * dropped from it reads under `floor`, the counter at the last drop, which is above every
 * generation handed out before it, so no read cached under an older generation is served again.
 */
export class CallerGenerations {
  private readonly generations = new Map<string, number>();
  private counter = 0;
  private floor = 0;

  constructor(private readonly maxUsers = 50_000) {}

  of(userId: string): number {
    return this.generations.get(userId) ?? this.floor;
  }

  bump(userId: string): void {
    this.counter += 1;
    this.generations.delete(userId); // re-inserted last: the map stays oldest first
    if (this.generations.size >= this.maxUsers) {
      this.generations.delete(this.generations.keys().next().value!);
      this.floor = this.counter;
      this.counter += 1;
    }
    this.generations.set(userId, this.counter);
  }
}
