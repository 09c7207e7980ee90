import { createHash } from 'node:crypto';
import { type Database, journalImports, journalTrades, newId } from '@candlewise/db';
import { type ImportedTrade, type JournalImportPresetId, parseJournalImport } from '@candlewise/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

/** The external id of an imported trade: a hash of what identifies it in its file format. */
function fingerprint(trade: ImportedTrade): string {
  return createHash('sha256').update(trade.identity).digest('hex').slice(0, 40);
}

function readFile(bytes: Buffer): string {
  if (bytes.includes(0)) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'That file is not a CSV text file. Export your trades as CSV and try again.',
    );
  }
  return bytes.toString('utf8');
}

/** Unique trades of the file by fingerprint (a row repeated in the file is one trade). */
function uniqueByFingerprint(trades: ImportedTrade[]) {
  const seen = new Map<string, ImportedTrade>();
  for (const trade of trades) {
    const key = fingerprint(trade);
    if (!seen.has(key)) seen.set(key, trade);
  }
  return seen;
}

async function existingFingerprints(db: Database, userId: string, keys: string[]) {
  const found = new Set<string>();
  for (let start = 0; start < keys.length; start += 1000) {
    const rows = await db
      .select({ externalId: journalTrades.externalId })
      .from(journalTrades)
      .where(
        and(
          eq(journalTrades.userId, userId),
          eq(journalTrades.source, 'csv'),
          inArray(journalTrades.externalId, keys.slice(start, start + 1000)),
        ),
      );
    for (const row of rows) if (row.externalId) found.add(row.externalId);
  }
  return found;
}

export type ImportOptions = { preset: JournalImportPresetId; utcOffsetMinutes: number };

/** What an import would do: every row error with its line, and which trades are new or already there. */
export async function previewJournalImport(
  db: Database,
  userId: string,
  bytes: Buffer,
  options: ImportOptions,
) {
  const parsed = parseJournalImport(options.preset, readFile(bytes), options);
  const unique = uniqueByFingerprint(parsed.trades);
  const existing = await existingFingerprints(db, userId, [...unique.keys()]);
  const trades = [...unique.entries()].map(([key, trade]) => ({
    line: trade.line,
    symbol: trade.symbol,
    side: trade.side,
    quantity: trade.quantity,
    entryPrice: trade.entryPrice,
    exitPrice: trade.exitPrice,
    entryTime: trade.entryTime.toISOString(),
    exitTime: trade.exitTime?.toISOString() ?? null,
    fees: trade.fees,
    pnl: trade.pnl,
    duplicate: existing.has(key),
  }));
  return {
    rows: parsed.rows,
    errors: parsed.errors,
    openFills: parsed.openFills,
    newTrades: trades.filter((trade) => !trade.duplicate).length,
    duplicates: parsed.trades.length - trades.filter((trade) => !trade.duplicate).length,
    trades,
  };
}

/**
 * Imports the file all or nothing: any row error is a 400 listing every bad line, and nothing is
 * written. Trades already in the journal (same fingerprint) are skipped by the unique index, so
 * importing a file again — or two overlapping exports on one day — adds only what is new.
 */
export async function commitJournalImport(
  db: Database,
  userId: string,
  file: { bytes: Buffer; fileName: string },
  options: ImportOptions,
) {
  const parsed = parseJournalImport(options.preset, readFile(file.bytes), options);
  if (parsed.errors.length > 0) {
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      `${parsed.errors.length} row${parsed.errors.length === 1 ? '' : 's'} of the file ${parsed.errors.length === 1 ? 'has' : 'have'} errors, so nothing was imported. Correct ${parsed.errors.length === 1 ? 'it' : 'them'} and import the file again.`,
      parsed.errors.map((error) => ({ path: `line ${error.line}`, message: error.message })),
    );
  }
  if (parsed.trades.length === 0) {
    throw new AppError(400, 'BAD_REQUEST', 'The file holds no complete trades to import.');
  }
  const unique = uniqueByFingerprint(parsed.trades);
  return db.transaction(async (tx) => {
    let added = 0;
    const entries = [...unique.entries()];
    for (let start = 0; start < entries.length; start += 500) {
      const inserted = await tx
        .insert(journalTrades)
        .values(
          entries.slice(start, start + 500).map(([externalId, trade]) => ({
            id: newId(trade.entryTime),
            userId,
            symbol: trade.symbol,
            side: trade.side,
            quantity: trade.quantity,
            entryPrice: trade.entryPrice,
            exitPrice: trade.exitPrice,
            entryTime: trade.entryTime,
            exitTime: trade.exitTime,
            fees: trade.fees,
            pnl: trade.pnl,
            stopPrice: trade.stopPrice,
            targetPrice: trade.targetPrice,
            setupTags: trade.setupTags,
            mistakeTags: trade.mistakeTags,
            notes: trade.notes,
            source: 'csv' as const,
            verified: false,
            externalId,
            origin: options.preset,
          })),
        )
        .onConflictDoNothing({
          target: [journalTrades.userId, journalTrades.source, journalTrades.externalId],
        })
        .returning({ id: journalTrades.id });
      added += inserted.length;
    }
    const summary = {
      id: newId(),
      userId,
      preset: options.preset,
      fileName: file.fileName.slice(0, 200),
      rows: parsed.rows,
      added,
      duplicates: parsed.trades.length - added,
    };
    await tx.insert(journalImports).values(summary);
    return {
      _id: summary.id,
      rows: summary.rows,
      added,
      duplicates: summary.duplicates,
      openFills: parsed.openFills,
    };
  });
}
