import { type Database, newId, newsItems, newsSources } from '@candlewise/db';
import type { NewsCategory, NewsSourceFields } from '@candlewise/shared';
import { asc, count, eq } from 'drizzle-orm';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { assertPublicHost, ForbiddenAddressError } from '../../lib/guarded-fetch.ts';

type SourceRow = typeof newsSources.$inferSelect;

export type NewsSourceView = {
  _id: string;
  name: string;
  url: string;
  category: NewsCategory;
  enabled: boolean;
  bundled: boolean;
  lastFetchedAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  failureCount: number;
  nextPollAt: string | null;
  itemCount: number;
};

export function toSourceView(row: SourceRow, itemCount: number): NewsSourceView {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    _id: row.id,
    name: row.name,
    url: row.url,
    // Written only through newsSourceFieldsSchema's categories (the column is text).
    category: row.category as NewsCategory,
    enabled: row.enabled,
    bundled: row.url.startsWith('bundled:'),
    lastFetchedAt: iso(row.lastFetchedAt),
    lastSuccessAt: iso(row.lastSuccessAt),
    lastError: row.lastError,
    failureCount: row.failureCount,
    nextPollAt: iso(row.nextPollAt),
    itemCount,
  };
}

export async function listNewsSources(db: Database): Promise<NewsSourceView[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(newsSources).orderBy(asc(newsSources.createdAt), asc(newsSources.id)),
    db.select({ sourceId: newsItems.sourceId, items: count() }).from(newsItems).groupBy(newsItems.sourceId),
  ]);
  const bySource = new Map(counts.map((row) => [row.sourceId, row.items]));
  return rows.map((row) => toSourceView(row, bySource.get(row.id) ?? 0));
}

/** How many items a source has brought (its row in Admin → News shows it). */
export async function countNewsSourceItems(db: Database, sourceId: string): Promise<number> {
  const [{ items }] = await db
    .select({ items: count() })
    .from(newsItems)
    .where(eq(newsItems.sourceId, sourceId));
  return items;
}

export async function findNewsSource(db: Database, sourceId: string): Promise<SourceRow> {
  const [row] = await db.select().from(newsSources).where(eq(newsSources.id, sourceId));
  if (!row) throw notFound('We could not find that news source.');
  return row;
}

const duplicate = () => conflict('A source with that feed address already exists.');

/** A feed the server would fetch from a private network (SSRF) is refused when it is saved. */
async function assertFetchable(url: string | undefined, allowHosts: string[]): Promise<void> {
  if (!url || url.startsWith('bundled:')) return;
  try {
    await assertPublicHost(url, allowHosts);
  } catch (error) {
    if (!(error instanceof ForbiddenAddressError)) throw error;
    throw new AppError(400, 'VALIDATION_FAILED', error.message, [{ path: 'url', message: error.message }]);
  }
}

export async function createNewsSource(
  db: Database,
  fields: NewsSourceFields,
  allowHosts: string[] = [],
): Promise<SourceRow> {
  await assertFetchable(fields.url, allowHosts);
  const [created] = await db
    .insert(newsSources)
    .values({ id: newId(), ...fields })
    .onConflictDoNothing()
    .returning();
  if (!created) throw duplicate();
  return created;
}

export async function updateNewsSource(
  db: Database,
  sourceId: string,
  changes: Partial<NewsSourceFields>,
  allowHosts: string[] = [],
): Promise<SourceRow> {
  await assertFetchable(changes.url, allowHosts);
  const before = await findNewsSource(db, sourceId);
  const urlChanged = changes.url !== undefined && changes.url !== before.url;
  try {
    const [updated] = await db
      .update(newsSources)
      .set({
        ...changes,
        updatedAt: new Date(),
        // A new address starts afresh: old validators and errors belonged to the old one.
        ...(urlChanged
          ? { etag: null, lastModified: null, lastError: null, failureCount: 0, nextPollAt: null }
          : {}),
        // Switching a source on polls it at the next check rather than after a long back-off.
        ...(changes.enabled && !before.enabled ? { nextPollAt: null } : {}),
      })
      .where(eq(newsSources.id, sourceId))
      .returning();
    return updated;
  } catch (error) {
    if ((error as { code?: string; cause?: { code?: string } }).code === '23505') throw duplicate();
    if ((error as { cause?: { code?: string } }).cause?.code === '23505') throw duplicate();
    throw error;
  }
}

/** Deletes the source and the items it brought. */
export async function deleteNewsSource(db: Database, sourceId: string): Promise<void> {
  const deleted = await db
    .delete(newsSources)
    .where(eq(newsSources.id, sourceId))
    .returning({ id: newsSources.id });
  if (deleted.length === 0) throw notFound('We could not find that news source.');
}
