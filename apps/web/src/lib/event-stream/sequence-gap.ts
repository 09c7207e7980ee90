/**
 * Follows the `id:` sequence of an API live stream (ADR 026): the server numbers every data frame
 * of a connection 1, 2, 3… and skips the numbers of frames it dropped for a client that fell
 * behind. So a number that is not the next one means frames were missed, and so does a new
 * connection after frames were seen (the server starts again at 1 and cannot replay). Either way
 * the caller refetches what it mirrors from the stream.
 */
export function createSequenceGapDetector() {
  let last: number | null = null;
  let reconnected = false;
  return {
    /** The last sequence number seen (sent back as Last-Event-ID), or null before any. */
    get last() {
      return last;
    },
    /** A new connection is open: the first frame on it begins a new sequence. */
    connected() {
      if (last !== null) reconnected = true;
    },
    /** True when frames were missed before the one with this id. Ids that are not numbers are ignored. */
    see(id: string): boolean {
      if (!/^\d+$/.test(id)) return false;
      const seq = Number(id);
      // The same id again: an event that came without one of its own (the last id carries over).
      if (seq === last && !reconnected) return false;
      const gap = last !== null && (reconnected || seq !== last + 1);
      last = seq;
      reconnected = false;
      return gap;
    },
  };
}
