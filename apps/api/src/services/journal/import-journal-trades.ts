import { createHash } from 'node:crypto';
import {
  type Database,
  type DbExecutor,
  journalExecutions,
  journalImports,
  journalTrades,
  newId,
} from '@candlewise/db';
import {
  type ImportedExecution,
  type ImportedTrade,
  type JournalColumnMapping,
  journalColumnMappingSchema,
  type ParsedExecutions,
  type ParsedTradeRows,
  type RoundTrip,
  rebuildPositions,
  roundTripProblems,
  toPairingExecution,
} from '@candlewise/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { listedCurrencies } from './listed-currencies.ts';
import { parseJournalFileOffThread } from './parse-journal-file-off-thread.ts';
import { loadAccountExecutions, rebuildOptionsFor } from './rebuild-account-trades.ts';
import { recordExecutions } from './record-executions.ts';
import type { KnownFills } from './store-executions.ts';

/**
 * `preset`: a layout id, an old preset name ('generic', 'zerodha', 'ibkr'), 'auto' or
 * 'column-mapping' with `mapping`, the learner's columns as JSON (checked here).
 */
export type ImportOptions = { preset: string; timeZone: string; mapping?: string };

/** How far a commit is (an import job shows it): its stage and, while storing, fills done of total. */
export type ImportProgress = (
  stage: 'checking' | 'storing' | 'rebuilding',
  done: number,
  total: number,
) => void;

/** The learner's column mapping, or a 400 saying in sentences what is wrong with it. */
function readMapping(options: ImportOptions): JournalColumnMapping | null {
  if (options.mapping === undefined || options.mapping === '') {
    if (options.preset === 'column-mapping') {
      throw new AppError(
        400,
        'VALIDATION_FAILED',
        'Say which column of the file holds each field (the time, symbol, side, quantity and price) before importing it with your own columns.',
      );
    }
    return null;
  }
  if (options.preset !== 'column-mapping') {
    throw new AppError(400, 'BAD_REQUEST', 'A column mapping is only read with preset=column-mapping.');
  }
  let json: unknown;
  try {
    json = JSON.parse(options.mapping);
  } catch {
    throw new AppError(400, 'VALIDATION_FAILED', 'The column mapping is not JSON.');
  }
  const result = journalColumnMappingSchema.safeParse(json);
  if (!result.success) {
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      result.error.issues[0]?.message ?? 'The column mapping is not valid.',
      result.error.issues.map((issue) => ({
        path: `mapping.${issue.path.join('.')}`,
        message: issue.message,
      })),
    );
  }
  return result.data;
}

/** A symbol whose sales have no known opening: the learner is asked for opening holdings. */
export type NeedsOpeningHoldings = {
  source: 'csv' | 'broker';
  account: string;
  symbol: string;
  /** Shares sold beyond any known purchase. */
  quantity: number;
  currency: string;
  firstSaleAt: string;
};

/**
 * A future still open after its expiry: closed at its settlement price, which the file does not
 * give and Candlewise does not invent — the learner is asked for it.
 */
export type NeedsSettlement = {
  account: string;
  symbol: string;
  side: 'long' | 'short';
  quantity: number;
  currency: string;
  expiresAt: string;
};

type PreviewTrade = {
  line: number;
  symbol: string;
  side: 'long' | 'short';
  quantity: number;
  entryPrice: number;
  exitPrice: number | null;
  entryTime: string;
  exitTime: string | null;
  fees: number;
  pnl: number | null;
  currency: string;
  duplicate: boolean;
};

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

/** A file refused for its rows: the answer's details name each line; the rows themselves travel as data. */
export class ImportRowsRefused extends AppError {
  constructor(readonly rows: Array<{ line: number; message: string }>) {
    super(
      400,
      'VALIDATION_FAILED',
      `${rows.length} row${rows.length === 1 ? '' : 's'} of the file ${rows.length === 1 ? 'has' : 'have'} errors, so nothing was imported. Correct ${rows.length === 1 ? 'it' : 'them'} and import the file again.`,
      rows.map((row) => ({ path: `line ${row.line}`, message: row.message })),
    );
  }
}

/** The plan of an export's fills not yet in the journal (none: nothing to plan). */
function planExportedFills(
  db: DbExecutor,
  userId: string,
  rows: number,
  fresh: ImportedExecution[],
  timeZone: string,
) {
  return fresh.length
    ? planFillsImport(db, userId, { rows, executions: fresh, errors: [], skipped: {} }, timeZone)
    : Promise.resolve(null);
}

/**
 * What importing a file's fills would give, computed without writing: each account's stored fills
 * with the file's new ones, paired by the same rule the commit rebuilds with. Counts the file's new
 * and known fills, the complete trades and open positions its fills belong to, the symbols sold
 * without a known opening, and the trades the database could not store (by the opening fill's line).
 */
async function planFillsImport(db: DbExecutor, userId: string, parsed: ParsedExecutions, timeZone: string) {
  const byAccount = new Map<string, ImportedExecution[]>();
  for (const execution of parsed.executions) {
    const list = byAccount.get(execution.account) ?? [];
    list.push(execution);
    byAccount.set(execution.account, list);
  }
  const plan = {
    newFills: 0,
    knownFills: 0,
    completeTrades: 0,
    openPositions: 0,
    newTrades: 0,
    duplicates: 0,
    needsOpeningHoldings: [] as NeedsOpeningHoldings[],
    needsSettlement: [] as NeedsSettlement[],
    trades: [] as PreviewTrade[],
    errors: [] as Array<{ line: number; message: string }>,
    /** The accounts' stored fills as read here (a commit's store reuses them in its transaction). */
    known: new Map() as KnownFills,
  };
  for (const [account, fileExecutions] of byAccount) {
    const stored = await loadAccountExecutions(db, userId, { source: 'csv', account });
    plan.known.set(
      account,
      new Map(
        stored.map((execution) => [
          execution.id,
          {
            fee: execution.fee ?? 0,
            shortSale: execution.shortSale ?? false,
            marketZone: execution.marketZone ?? null,
          },
        ]),
      ),
    );
    const storedIds = new Set(stored.map((execution) => execution.id));
    const fresh = fileExecutions.filter((execution) => !storedIds.has(execution.identity));
    plan.newFills += fresh.length;
    plan.knownFills += fileExecutions.length - fresh.length;
    const lineOf = new Map(fileExecutions.map((execution) => [execution.identity, execution.line ?? 0]));
    const rebuilt = rebuildPositions(
      [...stored, ...fresh.map(toPairingExecution)],
      rebuildOptionsFor('csv', timeZone),
    );
    const ofFile = (fillIds: string[]) => fillIds.some((id) => lineOf.has(id));
    const lineOfTrip = (trip: RoundTrip) => lineOf.get(trip.fillIds.find((id) => lineOf.has(id))!) ?? 0;
    const trips = rebuilt.trips.filter((trip) => ofFile(trip.fillIds));
    const recorded = await recordedTradeIds(
      db,
      userId,
      trips.map((trip) => trip.externalId),
    );
    for (const trip of trips) {
      const problems = roundTripProblems(trip);
      if (problems.length > 0) {
        plan.errors.push({
          line: lineOfTrip(trip),
          message: `${problems.join('; ')} (the trade that opens on this line).`,
        });
      }
      const duplicate = recorded.has(trip.externalId);
      if (duplicate) plan.duplicates += 1;
      else plan.newTrades += 1;
      plan.trades.push({
        line: lineOfTrip(trip),
        symbol: trip.symbol,
        side: trip.side,
        quantity: trip.quantity,
        entryPrice: trip.entryPrice,
        exitPrice: trip.exitPrice,
        entryTime: trip.entryTime.toISOString(),
        exitTime: trip.exitTime.toISOString(),
        fees: trip.fees,
        pnl: trip.pnl,
        currency: trip.currency,
        duplicate,
      });
    }
    plan.completeTrades += trips.length;
    plan.openPositions += rebuilt.open.filter((position) => ofFile(position.fillIds)).length;
    for (const future of rebuilt.awaitingSettlement) {
      if (!ofFile(future.fillIds)) continue;
      plan.needsSettlement.push({
        account,
        symbol: future.symbol,
        side: future.side,
        quantity: future.quantity,
        currency: future.currency,
        expiresAt: future.expiresAt.toISOString(),
      });
    }
    for (const sale of rebuilt.salesWithoutOpening) {
      plan.needsOpeningHoldings.push({
        source: 'csv',
        account,
        symbol: sale.symbol,
        quantity: sale.quantity,
        currency: sale.currency,
        firstSaleAt: sale.firstSaleAt.toISOString(),
      });
    }
  }
  plan.errors.sort((a, b) => a.line - b.line);
  plan.trades.sort((a, b) => a.line - b.line);
  return plan;
}

/** A preview answers the plan, not the stored fills it read. */
function withoutKnown<T extends { known: KnownFills }>({ known: _known, ...rest }: T): Omit<T, 'known'> {
  return rest;
}

async function recordedTradeIds(db: DbExecutor, userId: string, externalIds: string[]) {
  const found = new Set<string>();
  for (let start = 0; start < externalIds.length; start += 1000) {
    const rows = await db
      .select({ externalId: journalTrades.externalId })
      .from(journalTrades)
      .where(
        and(
          eq(journalTrades.userId, userId),
          eq(journalTrades.source, 'csv'),
          inArray(journalTrades.externalId, externalIds.slice(start, start + 1000)),
        ),
      );
    for (const row of rows) if (row.externalId) found.add(row.externalId);
  }
  return found;
}

/** The external id of a template row: a hash of what identifies the trade. */
function fingerprint(trade: ImportedTrade): string {
  return createHash('sha256').update(trade.identity).digest('hex').slice(0, 40);
}

/**
 * The template's trades new to the journal, by fingerprint (a row repeated in the file is one
 * trade): a row already imported, or an exported row whose trade is still in the journal (whatever
 * its source: a manual trade exported and imported back stays one), is known.
 */
async function newTemplateTrades(db: DbExecutor, userId: string, parsed: ParsedTradeRows) {
  const unique = new Map<string, ImportedTrade>();
  for (const trade of parsed.trades) {
    const key = fingerprint(trade);
    if (!unique.has(key)) unique.set(key, trade);
  }
  const known = await recordedTradeIds(db, userId, [...unique.keys()]);
  const exportedIds = [...unique.values()].flatMap((trade) => (trade.exportedId ? [trade.exportedId] : []));
  const present = new Set<string>();
  for (let start = 0; start < exportedIds.length; start += 1000) {
    const rows = await db
      .select({ id: journalTrades.id })
      .from(journalTrades)
      .where(
        and(
          eq(journalTrades.userId, userId),
          inArray(journalTrades.id, exportedIds.slice(start, start + 1000)),
        ),
      );
    for (const row of rows) present.add(row.id);
  }
  const isKnown = (key: string, trade: ImportedTrade) =>
    known.has(key) || (trade.exportedId !== null && present.has(trade.exportedId));
  return { unique, isKnown };
}

type ExportedExecutions = NonNullable<ParsedTradeRows['executions']>;

/**
 * An export's fills split into those the journal has (the fill itself, in the account it was
 * exported from: an export read back into the same journal adds nothing) and those it lacks (a
 * fresh account: stored as CSV fills, one CSV account per account they came from).
 */
async function exportedFillsToStore(db: DbExecutor, userId: string, executions: ExportedExecutions) {
  const present = new Set<string>();
  const byAccount = new Map<string, ExportedExecutions>();
  for (const execution of executions) {
    const list = byAccount.get(execution.exportedAccount) ?? [];
    list.push(execution);
    byAccount.set(execution.exportedAccount, list);
  }
  for (const [exportedAccount, list] of byAccount) {
    const colon = exportedAccount.indexOf(':');
    const source = exportedAccount.slice(0, colon);
    const account = exportedAccount.slice(colon + 1);
    if (!['csv', 'broker', 'paper'].includes(source)) continue;
    const identities = [...new Set(list.map((execution) => execution.identity))];
    for (let start = 0; start < identities.length; start += 1000) {
      const rows = await db
        .select({ identity: journalExecutions.identity })
        .from(journalExecutions)
        .where(
          and(
            eq(journalExecutions.userId, userId),
            eq(journalExecutions.source, source as 'csv' | 'broker' | 'paper'),
            eq(journalExecutions.account, account),
            inArray(journalExecutions.identity, identities.slice(start, start + 1000)),
          ),
        );
      for (const row of rows) present.add(`${exportedAccount}\n${row.identity}`);
    }
  }
  const fresh = executions.filter(
    (execution) => !present.has(`${execution.exportedAccount}\n${execution.identity}`),
  );
  return { fresh, known: executions.length - fresh.length };
}

/**
 * An export's trade rows that carry fills, and how many of them the fills not yet in the journal
 * restore (the others are duplicates). Rows of positions still open are neither: not trades yet.
 */
function exportedTradeRows(parsed: ParsedTradeRows, fresh: ExportedExecutions) {
  const tradeLines = new Set((parsed.annotations ?? []).map((note) => note.line));
  const restored = new Set(
    fresh.map((execution) => execution.line).filter((line) => line !== null && tradeLines.has(line)),
  );
  return { rowsWithFills: tradeLines.size, restoredRows: restored.size };
}

/** Puts the learner's tags, notes, stop and target back on trades rebuilt from an export's new fills. */
async function restoreAnnotations(
  tx: DbExecutor,
  userId: string,
  parsed: ParsedTradeRows,
  fresh: ExportedExecutions,
) {
  const freshKeys = new Set(fresh.map((execution) => `${execution.account}\n${execution.identity}`));
  for (const note of parsed.annotations ?? []) {
    const opening = note.trade.replace(/:reversal$/, '');
    if (!freshKeys.has(`${note.account}\n${opening}`)) continue;
    if (
      !note.notes &&
      note.setupTags.length === 0 &&
      note.mistakeTags.length === 0 &&
      note.stopPrice === null &&
      note.targetPrice === null
    ) {
      continue;
    }
    await tx
      .update(journalTrades)
      .set({
        notes: note.notes,
        setupTags: note.setupTags,
        mistakeTags: note.mistakeTags,
        stopPrice: note.stopPrice,
        targetPrice: note.targetPrice,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(journalTrades.userId, userId),
          eq(journalTrades.source, 'csv'),
          eq(journalTrades.account, note.account),
          eq(journalTrades.externalId, note.trade),
        ),
      );
  }
}

const noFills = {
  newFills: 0,
  knownFills: 0,
  completeTrades: 0,
  openPositions: 0,
  needsOpeningHoldings: [] as NeedsOpeningHoldings[],
  needsSettlement: [] as NeedsSettlement[],
};

/**
 * What an import would do, nothing written: every row error with its line and, for broker files,
 * "N new fills, M already in your journal, K trades complete, P positions open" and the symbols
 * that need opening holdings; for the template, which trades are new or already there. `layout`
 * names the layout the file was read in (found from its columns when the choice is 'auto').
 */
export async function previewJournalImport(
  db: Database,
  userId: string,
  bytes: Buffer,
  options: ImportOptions,
) {
  const text = readFile(bytes);
  const mapping = readMapping(options);
  const parsed = await parseJournalFileOffThread(options.preset, text, {
    timeZone: options.timeZone,
    mapping,
    listedCurrencies: await listedCurrencies(db),
  });
  if (parsed.kind !== 'trades') {
    const plan =
      parsed.kind === 'unknown' || parsed.errors.length
        ? { ...noFills, newTrades: 0, duplicates: 0, trades: [], errors: parsed.errors }
        : withoutKnown(await planFillsImport(db, userId, parsed, options.timeZone));
    return {
      layout: parsed.layout,
      rows: parsed.rows,
      format: 'fills' as const,
      // An unrecognised file: the columns of its first row, for the learner to map.
      ...(parsed.kind === 'unknown' ? { columns: parsed.columns } : {}),
      skipped: parsed.skipped,
      ...plan,
    };
  }
  const { unique, isKnown } = await newTemplateTrades(db, userId, parsed);
  const exported = await exportedFillsToStore(db, userId, parsed.executions ?? []);
  const fillsPlan = await planExportedFills(db, userId, parsed.rows, exported.fresh, options.timeZone);
  const templateTrades = [...unique.entries()].map(
    ([key, trade]): PreviewTrade => ({
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
      currency: trade.currency,
      duplicate: isKnown(key, trade),
    }),
  );
  const trades = [...templateTrades, ...(fillsPlan?.trades ?? [])].sort((a, b) => a.line - b.line);
  const newTemplate = templateTrades.filter((trade) => !trade.duplicate).length;
  const newTrades = newTemplate + (fillsPlan?.newTrades ?? 0);
  const { rowsWithFills, restoredRows } = exportedTradeRows(parsed, exported.fresh);
  return {
    layout: parsed.layout,
    rows: parsed.rows,
    format: 'trades' as const,
    skipped: parsed.skipped,
    errors: [...parsed.errors, ...(fillsPlan?.errors ?? [])],
    ...noFills,
    newFills: exported.fresh.length,
    knownFills: exported.known,
    completeTrades: fillsPlan?.completeTrades ?? 0,
    openPositions: fillsPlan?.openPositions ?? 0,
    needsOpeningHoldings: fillsPlan?.needsOpeningHoldings ?? [],
    needsSettlement: fillsPlan?.needsSettlement ?? [],
    newTrades,
    // Paper and broker rows of an export are in the journal already (rebuilt from their fills).
    duplicates:
      parsed.trades.length -
      newTemplate +
      (rowsWithFills - restoredRows) +
      Object.values(parsed.skipped).reduce((a, b) => a + b, 0),
    trades,
  };
}

/**
 * Imports the file all or nothing: any row error is a 400 listing every bad line, and nothing is
 * written. Broker files store their fills (a fill already known adds nothing) and rebuild the
 * account's trades from all its fills, so overlapping exports and positions spanning files are
 * whole; template rows are trades, skipped when already imported (the unique index on the
 * fingerprint, or the exported trade's id still in the journal).
 */
export async function commitJournalImport(
  db: Database,
  userId: string,
  file: { bytes: Buffer; fileName: string },
  options: ImportOptions,
  progress: ImportProgress = () => undefined,
) {
  const text = readFile(file.bytes);
  const mapping = readMapping(options);
  const parsed = await parseJournalFileOffThread(options.preset, text, {
    timeZone: options.timeZone,
    mapping,
    listedCurrencies: await listedCurrencies(db),
  });
  if (parsed.errors.length > 0) throw new ImportRowsRefused(parsed.errors);
  if (parsed.kind === 'unknown') throw new ImportRowsRefused(parsed.errors);
  const layout = parsed.layout;
  if (parsed.kind === 'fills') {
    if (parsed.executions.length === 0) {
      throw new AppError(400, 'BAD_REQUEST', 'The file holds no fills to import.');
    }
    const total = parsed.executions.length;
    progress('checking', 0, total);
    return db.transaction(async (tx) => {
      // Planned in the transaction that writes: the fills it read are the ones the store compares.
      const plan = await planFillsImport(tx, userId, parsed, options.timeZone);
      if (plan.errors.length > 0) throw new ImportRowsRefused(plan.errors);
      progress('storing', 0, total);
      const recorded = await recordExecutions(tx, {
        userId,
        source: 'csv',
        executions: parsed.executions,
        originOf: () => layout,
        known: plan.known,
        onStored: (done) => progress(done >= total ? 'rebuilding' : 'storing', done, total),
      });
      const known = recorded.stored.known + recorded.stored.feeUpdated;
      const summary = {
        id: newId(),
        userId,
        preset: layout,
        fileName: file.fileName.slice(0, 200),
        rows: parsed.rows,
        added: recorded.stored.added,
        duplicates: known,
      };
      await tx.insert(journalImports).values(summary);
      return {
        _id: summary.id,
        layout,
        rows: summary.rows,
        format: 'fills' as const,
        added: recorded.addedTrades,
        duplicates: plan.duplicates,
        newFills: recorded.stored.added,
        knownFills: known,
        completeTrades: plan.completeTrades,
        openPositions: plan.openPositions,
        needsOpeningHoldings: plan.needsOpeningHoldings,
        needsSettlement: plan.needsSettlement,
      };
    });
  }
  // Rows left out (paper and broker trades of an export, rebuilt from their fills) are in the
  // journal already: an export read back that holds only those adds nothing, and says so.
  const rebuilt = Object.values(parsed.skipped).reduce((sum, count) => sum + count, 0);
  const exportedFills = parsed.executions ?? [];
  if (parsed.trades.length === 0 && rebuilt === 0 && exportedFills.length === 0) {
    throw new AppError(400, 'BAD_REQUEST', 'The file holds no trades to import.');
  }
  const exported = await exportedFillsToStore(db, userId, exportedFills);
  const fillsPlan = await planExportedFills(db, userId, parsed.rows, exported.fresh, options.timeZone);
  if (fillsPlan && fillsPlan.errors.length > 0) throw new ImportRowsRefused(fillsPlan.errors);
  const { rowsWithFills, restoredRows } = exportedTradeRows(parsed, exported.fresh);
  return db.transaction(async (tx) => {
    // An export's fills: stored and rebuilt like a broker file's, then the learner's additions.
    const recorded = exported.fresh.length
      ? await recordExecutions(tx, {
          userId,
          source: 'csv',
          executions: exported.fresh,
          originOf: () => layout,
        })
      : null;
    if (recorded) await restoreAnnotations(tx, userId, parsed, exported.fresh);
    const { unique, isKnown } = await newTemplateTrades(tx, userId, parsed);
    const entries = [...unique.entries()].filter(([key, trade]) => !isKnown(key, trade));
    let added = 0;
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
            currency: trade.currency,
            multiplier: trade.multiplier,
            source: 'csv' as const,
            verified: false,
            externalId,
            origin: layout,
          })),
        )
        .onConflictDoNothing({
          target: [journalTrades.userId, journalTrades.source, journalTrades.externalId],
        })
        .returning({ id: journalTrades.id });
      added += inserted.length;
    }
    const templateAdded = added;
    added += recorded?.addedTrades ?? 0;
    const summary = {
      id: newId(),
      userId,
      preset: layout,
      fileName: file.fileName.slice(0, 200),
      rows: parsed.rows,
      added,
      duplicates: parsed.trades.length - templateAdded + rebuilt + (rowsWithFills - restoredRows),
    };
    await tx.insert(journalImports).values(summary);
    return {
      _id: summary.id,
      layout,
      rows: summary.rows,
      format: 'trades' as const,
      added,
      duplicates: summary.duplicates,
      ...noFills,
      newFills: recorded?.stored.added ?? 0,
      knownFills: exported.known + (recorded ? recorded.stored.known + recorded.stored.feeUpdated : 0),
      completeTrades: fillsPlan?.completeTrades ?? 0,
      openPositions: fillsPlan?.openPositions ?? 0,
      needsOpeningHoldings: fillsPlan?.needsOpeningHoldings ?? [],
      needsSettlement: fillsPlan?.needsSettlement ?? [],
    };
  });
}
