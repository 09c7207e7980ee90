/**
 * Turning executions into journal trades (DESIGN §10). A trade is a round trip: it opens when the
 * position in a symbol leaves zero and closes when it returns to zero, however many fills scale in
 * and out between. Paper (competition) fills and broker fills both go through this one rule, and
 * the trade's identity is the opening fill's id, so the same fills always give the same trades and
 * importing them twice adds nothing.
 */

export interface Execution {
  /** Unique at its source (the broker's or the engine's fill id). */
  id: string;
  symbol: string;
  side: 'buy' | 'sell';
  /** Positive. */
  quantity: number;
  price: number;
  /** Commission and fees of this execution, positive; 0 when none. */
  fee?: number;
  time: Date;
}

export interface RoundTrip {
  /** The opening fill's id (`<id>:reversal` when one fill both closed a trade and opened the next). */
  externalId: string;
  symbol: string;
  side: 'long' | 'short';
  /** The quantity entered (equal to the quantity exited). */
  quantity: number;
  /** Volume-weighted average entry and exit prices. */
  entryPrice: number;
  exitPrice: number;
  entryTime: Date;
  exitTime: Date;
  fees: number;
  /** Net of fees, in price units times the multiplier. */
  pnl: number;
  fillIds: string[];
}

interface OpenTrip {
  externalId: string;
  direction: 1 | -1;
  position: number;
  enteredQty: number;
  enteredValue: number;
  exitedQty: number;
  exitedValue: number;
  entryTime: Date;
  lastTime: Date;
  fees: number;
  fillIds: string[];
}

const EPSILON = 1e-9;

/**
 * Closed round trips of the given executions, oldest first. Executions are grouped by `key`
 * (default: the symbol; pass account and symbol when one user has several accounts). Positions
 * still open at the end are not trades yet and are left out. `multiplier` is the contract size
 * per symbol (1 for shares).
 */
export function executionsToRoundTrips(
  executions: readonly Execution[],
  options: {
    multiplier?: (symbol: string) => number;
    key?: (execution: Execution) => string;
  } = {},
): RoundTrip[] {
  const multiplier = options.multiplier ?? (() => 1);
  const keyOf = options.key ?? ((execution: Execution) => execution.symbol);
  const sorted = [...executions].sort(
    (a, b) => a.time.getTime() - b.time.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const open = new Map<string, OpenTrip>();
  const trips: RoundTrip[] = [];

  const close = (trip: OpenTrip, symbol: string) => {
    const entryPrice = trip.enteredValue / trip.enteredQty;
    const exitPrice = trip.exitedValue / trip.exitedQty;
    const gross = (exitPrice - entryPrice) * trip.enteredQty * trip.direction * multiplier(symbol);
    trips.push({
      externalId: trip.externalId,
      symbol,
      side: trip.direction === 1 ? 'long' : 'short',
      quantity: round(trip.enteredQty),
      entryPrice: round(entryPrice),
      exitPrice: round(exitPrice),
      entryTime: trip.entryTime,
      exitTime: trip.lastTime,
      fees: round(trip.fees),
      pnl: round(gross - trip.fees),
      fillIds: trip.fillIds,
    });
  };

  for (const execution of sorted) {
    if (!(execution.quantity > 0)) continue;
    const key = keyOf(execution);
    const signed = execution.side === 'buy' ? 1 : -1;
    const fee = execution.fee ?? 0;
    let trip = open.get(key);
    if (!trip) {
      open.set(key, start(execution.id, signed, execution, execution.quantity, fee));
      continue;
    }
    trip.fillIds.push(execution.id);
    trip.lastTime = execution.time;
    if (signed === trip.direction) {
      trip.position += execution.quantity;
      trip.enteredQty += execution.quantity;
      trip.enteredValue += execution.quantity * execution.price;
      trip.fees += fee;
      continue;
    }
    const closing = Math.min(execution.quantity, trip.position);
    const closingFee = fee * (closing / execution.quantity);
    trip.position -= closing;
    trip.exitedQty += closing;
    trip.exitedValue += closing * execution.price;
    trip.fees += closingFee;
    if (trip.position > EPSILON) continue;
    close(trip, execution.symbol);
    open.delete(key);
    const remainder = execution.quantity - closing;
    if (remainder > EPSILON) {
      trip = start(`${execution.id}:reversal`, signed, execution, remainder, fee - closingFee);
      open.set(key, trip);
    }
  }
  return trips;
}

function start(
  externalId: string,
  direction: 1 | -1,
  execution: Execution,
  quantity: number,
  fee: number,
): OpenTrip {
  return {
    externalId,
    direction,
    position: quantity,
    enteredQty: quantity,
    enteredValue: quantity * execution.price,
    exitedQty: 0,
    exitedValue: 0,
    entryTime: execution.time,
    lastTime: execution.time,
    fees: fee,
    fillIds: [execution.id],
  };
}

function round(value: number): number {
  // `+ 0` turns -0 into 0, so a break-even short reads as 0, not -0.
  return Math.round(value * 1e6) / 1e6 + 0;
}
