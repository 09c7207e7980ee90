import { type DbExecutor, journalTrades, newId } from '@candlewise/db';
import type { RoundTrip } from '@candlewise/shared';

/**
 * Adds executed round trips (paper or broker) to a learner's journal as verified trades. The
 * (user, source, externalId) unique index makes this idempotent: a trade already recorded is
 * skipped by the database, not by a read-then-write check, so two syncs racing add it once.
 * Returns how many trades were new.
 */
export async function recordRoundTrips(
  db: DbExecutor,
  input: {
    userId: string;
    source: 'paper' | 'broker';
    /** The competition or broker connection the fills came from. */
    origin?: string;
    trips: readonly RoundTrip[];
  },
): Promise<number> {
  if (input.trips.length === 0) return 0;
  let added = 0;
  // Chunks keep each statement well under PostgreSQL's 65,535 bind-parameter limit.
  for (let start = 0; start < input.trips.length; start += 500) {
    const rows = input.trips.slice(start, start + 500).map((trip) => ({
      id: newId(trip.entryTime),
      userId: input.userId,
      symbol: trip.symbol,
      side: trip.side,
      quantity: trip.quantity,
      entryPrice: trip.entryPrice,
      exitPrice: trip.exitPrice,
      entryTime: trip.entryTime,
      exitTime: trip.exitTime,
      fees: trip.fees,
      pnl: trip.pnl,
      source: input.source,
      verified: true,
      externalId: trip.externalId,
      origin: input.origin ?? null,
    }));
    const inserted = await db
      .insert(journalTrades)
      .values(rows)
      .onConflictDoNothing({
        target: [journalTrades.userId, journalTrades.source, journalTrades.externalId],
      })
      .returning({ id: journalTrades.id });
    added += inserted.length;
  }
  return added;
}
