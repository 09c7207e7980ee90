/**
 * Executions (fills) are the journal's source of truth (docs/architecture.md §Journal): every import and
 * every broker sync stores the fills it read, each with an identity that is the same whenever the
 * same fill is read again, and the learner's trades are rebuilt from all the fills of an account —
 * so a position opened in one file and closed in another is one trade, and importing any overlap
 * again adds nothing.
 */

/** One fill as an importer or a broker adapter reads it. */
export interface ImportedExecution {
  /** The file line (importers) or null (broker sync), for error messages. */
  line: number | null;
  /**
   * The fill's identity at its source. Built by the importer from the source's own ids when it has
   * them — (account, instrument, trade date, broker trade id, order id) — else from the row's
   * content (see `executionIdentity`). Two different fills never share one; the same fill read
   * again always gets the same one.
   */
  identity: string;
  /** The broker account the fill belongs to ('' when the source has one account only). */
  account: string;
  symbol: string;
  /** 'stock' | 'future' | 'option' | 'forex' | 'crypto' | 'index' (for the multiplier and display). */
  assetClass: 'stock' | 'future' | 'option' | 'forex' | 'crypto' | 'index';
  side: 'buy' | 'sell';
  /** Positive, in contracts or shares. */
  quantity: number;
  /** Per unit, in `currency`. */
  price: number;
  /** Commission and charges of this fill, positive, in `currency`; 0 when none. */
  fee: number;
  /** ISO 4217 code of the price and fee (INR, USD, EUR…). */
  currency: string;
  /** Units per contract: 1 for shares, 100 for US equity options, the lot for futures. */
  multiplier: number;
  /** The moment of the fill (the importer resolved the exchange's or the learner's time zone). */
  executedAt: Date;
  /** The broker's ids when known (shown on the trade's detail page). */
  brokerTradeId?: string | null;
  orderId?: string | null;
  /**
   * The broker marks this sale as opening a short (IBKR Open/Close O, Alpaca sell_short, an
   * intraday product): from flat it opens a short, even for a stock held overnight.
   */
  shortSale?: boolean;
  /** The IANA zone of the exchange's trading day when the source tells it (the same-day rule). */
  marketZone?: string | null;
  /**
   * When the contract expires (options and futures, when the source tells it or its symbol does):
   * a position still open then is settled at expiry by the rebuild.
   */
  expiresAt?: Date | null;
}

/** What an importer reads from one file. */
export interface ParsedExecutions {
  /** Data rows read (headers, trailers, notes and blank lines not counted). */
  rows: number;
  executions: ImportedExecution[];
  /** Rows that cannot be used, with their line and a sentence; the caller stores nothing then. */
  errors: Array<{ line: number; message: string }>;
  /** Rows read and deliberately left out, by reason (cancelled trades, order summaries…). */
  skipped: Record<string, number>;
}

/** An identity from the source's ids: the parts that make a fill unique at its broker. */
export function executionIdentity(parts: {
  source: string;
  account?: string | null;
  symbol: string;
  tradeDate?: string | null;
  brokerTradeId?: string | null;
  orderId?: string | null;
}): string {
  return [
    parts.source,
    parts.account ?? '',
    parts.symbol.toUpperCase(),
    parts.tradeDate ?? '',
    parts.brokerTradeId ?? '',
    parts.orderId ?? '',
  ].join('|');
}

/**
 * An identity from the row's content, for files without ids: the same row gives the same identity;
 * `occurrence` (1, 2, …) tells apart identical rows within one file (two equal fills in the same
 * second are two fills).
 */
export function contentIdentity(
  source: string,
  execution: Pick<ImportedExecution, 'account' | 'symbol' | 'side' | 'quantity' | 'price' | 'executedAt'>,
  occurrence: number,
): string {
  return [
    source,
    'content',
    execution.account,
    execution.symbol.toUpperCase(),
    execution.side,
    execution.quantity,
    execution.price,
    execution.executedAt.toISOString(),
    occurrence,
  ].join('|');
}
