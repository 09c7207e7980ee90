/**
 * The fills of an exported trade, in the export's `fills` column (issue #41: "the export carries
 * fills, so importing it into a fresh account restores every trade"). A trade rebuilt from fills is
 * only whole with them — its P&L, fees and the positions still open come from the fills, not from
 * the row — so the export writes them as JSON in one cell, and an import stores them as fills and
 * rebuilds, exactly as the broker file or sync they came from did.
 */
import { z } from '../api/zod-messages.ts';
import type { ImportedExecution } from './executions.ts';

const exportedFillSchema = z.object({
  /** The fill's identity at its source. */
  id: z.string().min(1).max(500),
  symbol: z.string().min(1).max(64),
  assetClass: z.enum(['stock', 'future', 'option', 'forex', 'crypto', 'index']),
  side: z.enum(['buy', 'sell']),
  quantity: z.number().positive().finite(),
  price: z.number().nonnegative().finite(),
  fee: z.number().nonnegative().finite(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  multiplier: z.number().positive().finite(),
  at: z.iso.datetime(),
  shortSale: z.boolean().optional(),
  marketZone: z.string().max(64).nullable().optional(),
  expiresAt: z.iso.datetime().nullable().optional(),
  /** The learner's opening holding (a synthetic buy before the history), not a broker fill. */
  opening: z.boolean().optional(),
  brokerTradeId: z.string().max(200).nullable().optional(),
  orderId: z.string().max(200).nullable().optional(),
});

/** The `fills` cell: the fills account they were rebuilt in, the trade's key, and its fills. */
export const exportedFillsSchema = z.object({
  /** `<source>:<account>` of the journal they were exported from (csv, broker, paper). */
  account: z.string().max(300),
  /** The trade's key in that account (its opening fill's identity); null for an open position. */
  trade: z.string().max(600).nullable(),
  fills: z.array(exportedFillSchema).min(1).max(10_000),
});
export type ExportedFills = z.infer<typeof exportedFillsSchema>;
export type ExportedFill = ExportedFills['fills'][number];

export function encodeExportedFills(value: ExportedFills): string {
  return JSON.stringify(value);
}

/** The cell read back, or a sentence saying why it cannot be. */
export function decodeExportedFills(text: string): ExportedFills | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: 'fills is not the JSON Candlewise exports (export the journal again)' };
  }
  const result = exportedFillsSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    return {
      problem: `fills ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'is not valid'} (export the journal again)`,
    };
  }
  return result.data;
}

/**
 * Where exported fills are stored on import: the CSV account they had (`csv:<account>`), else one
 * CSV account per broker or competition account they came from (`broker:<connection>:<env>`), so
 * fills of different accounts never pair.
 */
export function importAccountOf(exportedAccount: string): string {
  return exportedAccount.startsWith('csv:') ? exportedAccount.slice(4) : exportedAccount;
}

/** An exported fill as an importer reads it (the line is the row's). */
export function toImportedExecution(
  fill: ExportedFill,
  exportedAccount: string,
  line: number,
): ImportedExecution & { opening?: boolean; exportedAccount: string } {
  return {
    line,
    identity: fill.id,
    account: importAccountOf(exportedAccount),
    symbol: fill.symbol,
    assetClass: fill.assetClass,
    side: fill.side,
    quantity: fill.quantity,
    price: fill.price,
    fee: fill.fee,
    currency: fill.currency,
    multiplier: fill.multiplier,
    executedAt: new Date(fill.at),
    brokerTradeId: fill.brokerTradeId ?? null,
    orderId: fill.orderId ?? null,
    shortSale: fill.shortSale ?? false,
    marketZone: fill.marketZone ?? null,
    expiresAt: fill.expiresAt ? new Date(fill.expiresAt) : null,
    ...(fill.opening ? { opening: true } : {}),
    exportedAccount,
  };
}
