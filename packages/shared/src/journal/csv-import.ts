/**
 * What CSV imports into the journal share (docs/architecture.md §Journal). Broker files are read by the importers of
 * ./importers into fills, the source of truth: the API stores them and rebuilds the account's trades
 * from all its fills. The Candlewise template is read into trades the learner typed. Every row is
 * checked; the caller imports nothing when any row has an error.
 */
import { journalAmountProblem } from './journal-schemas.ts';
import type { RoundTrip } from './round-trips.ts';

/** A trade read from a row of the Candlewise template or export. */
export interface ImportedTrade {
  /** The file line of the row. */
  line: number;
  /** Stable text naming this trade at its source; the API stores its hash as the external id. */
  identity: string;
  symbol: string;
  side: 'long' | 'short';
  quantity: number;
  entryPrice: number;
  exitPrice: number | null;
  entryTime: Date;
  exitTime: Date | null;
  fees: number;
  pnl: number | null;
  stopPrice: number | null;
  targetPrice: number | null;
  setupTags: string[];
  mistakeTags: string[];
  notes: string;
  currency: string;
  multiplier: number;
  /** The journal id the row had when Candlewise exported it (null for template rows). */
  exportedId: string | null;
}

export interface ImportRowError {
  line: number;
  message: string;
}

export const JOURNAL_IMPORT_MAX_ROWS = 20_000;

const PNL_TOO_LARGE = 'the P&L (quantity times the price move) must be under 100,000,000,000,000';

/**
 * What stops a rebuilt trade from being stored: fills that each fit can still add up to a trade the
 * database cannot hold. Sentences as in row errors; empty when the trade can be stored.
 */
export function roundTripProblems(trip: RoundTrip): string[] {
  const problems = (
    [
      ['quantity', trip.quantity, 'positive'],
      ['entry price', trip.entryPrice, 'positive'],
      // An option that expired worthless exits at 0.
      ['exit price', trip.exitPrice, 'nonnegative'],
      ['fees', trip.fees, 'nonnegative'],
    ] as const
  )
    .map(([label, value, rule]) => {
      const problem = journalAmountProblem(value, rule);
      return problem ? `the trade's ${label} ${problem}` : null;
    })
    .filter((problem) => problem !== null);
  if (journalAmountProblem(trip.pnl, 'any')) problems.push(PNL_TOO_LARGE);
  return problems;
}
