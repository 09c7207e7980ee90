import { randomBytes } from 'node:crypto';
import { type Database, journalEntries, journalEntryScreenshots, newId } from '@candlewise/db';
import { JOURNAL_SCREENSHOTS_PER_ENTRY } from '@candlewise/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import { sniffImageType } from '../users/profile-image.ts';
import { ensureJournalEntry } from './journal-entries.ts';

/**
 * Adds screenshots to a day's entry. The type is read from each file's bytes (PNG, JPEG or WebP),
 * never from its name or declared type; an entry holds at most five. The entry row is locked while
 * counting, so two uploads at once cannot pass the limit together.
 */
export async function addJournalScreenshots(
  db: Database,
  storage: FileStorage,
  userId: string,
  date: string,
  files: Buffer[],
) {
  const types = files.map((bytes, index) => {
    const type = sniffImageType(bytes);
    if (!type) {
      throw new AppError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        `File ${index + 1} is not a PNG, JPEG or WebP image. Upload screenshots in one of those formats.`,
      );
    }
    return type;
  });
  const entry = await ensureJournalEntry(db, userId, date);
  const stored: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select id from journal_entries where id = ${entry.id} for update`);
      const [{ existing }] = await tx
        .select({ existing: count() })
        .from(journalEntryScreenshots)
        .where(eq(journalEntryScreenshots.entryId, entry.id));
      if (existing + files.length > JOURNAL_SCREENSHOTS_PER_ENTRY) {
        throw new AppError(
          409,
          'CONFLICT',
          `An entry holds at most ${JOURNAL_SCREENSHOTS_PER_ENTRY} screenshots; this one has ${existing}. Remove one first.`,
        );
      }
      const rows = [];
      for (const [index, bytes] of files.entries()) {
        const key = `journal/${userId}/${randomBytes(12).toString('hex')}.${types[index].extension}`;
        await storage.put(key, bytes);
        stored.push(key);
        rows.push({
          id: newId(),
          entryId: entry.id,
          userId,
          storageKey: key,
          contentType: types[index].contentType,
          size: bytes.length,
        });
      }
      await tx.insert(journalEntryScreenshots).values(rows);
      await tx.update(journalEntries).set({ updatedAt: new Date() }).where(eq(journalEntries.id, entry.id));
      return rows.length;
    });
  } catch (error) {
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

/** The caller's screenshot, or 404 for anyone else's. */
export async function findOwnScreenshot(db: Database, userId: string, screenshotId: string) {
  const [shot] = await db
    .select()
    .from(journalEntryScreenshots)
    .where(and(eq(journalEntryScreenshots.id, screenshotId), eq(journalEntryScreenshots.userId, userId)))
    .limit(1);
  if (!shot) throw notFound('That screenshot is not in your journal.');
  return shot;
}

export async function deleteJournalScreenshot(
  db: Database,
  storage: FileStorage,
  userId: string,
  screenshotId: string,
) {
  const shot = await findOwnScreenshot(db, userId, screenshotId);
  await db.delete(journalEntryScreenshots).where(eq(journalEntryScreenshots.id, shot.id));
  await storage.delete(shot.storageKey).catch(() => undefined);
}
