import type { JournalTradeRow } from '@candlewise/db';
import { tradeRisk } from '@candlewise/shared';

/** A trade as the API answers it; `rMultiple` is P&L over the risk to the stop, when there is one. */
export function toJournalTrade(row: JournalTradeRow) {
  const risk = tradeRisk(row) ?? 0;
  return {
    _id: row.id,
    symbol: row.symbol,
    side: row.side,
    quantity: row.quantity,
    entryPrice: row.entryPrice,
    exitPrice: row.exitPrice,
    entryTime: row.entryTime.toISOString(),
    exitTime: row.exitTime?.toISOString() ?? null,
    fees: row.fees,
    pnl: row.pnl,
    currency: row.currency,
    multiplier: row.multiplier,
    rMultiple: row.pnl !== null && risk > 0 ? Math.round((row.pnl / risk) * 100) / 100 : null,
    stopPrice: row.stopPrice,
    targetPrice: row.targetPrice,
    setupTags: row.setupTags,
    mistakeTags: row.mistakeTags,
    notes: row.notes,
    /** The playbook the learner says the trade followed (issue #41). */
    playbookId: row.playbookId,
    source: row.source,
    verified: row.verified,
    origin: row.origin,
    /** Rebuilt from fills (CSV broker files, broker sync, competitions): only annotations change. */
    fromFills: row.account !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export type JournalTradeView = ReturnType<typeof toJournalTrade>;
