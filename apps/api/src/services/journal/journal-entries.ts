import {
  type DbExecutor,
  type JournalEntryRow,
  journalEntries,
  journalEntryScreenshots,
  journalEntryTrades,
  journalQuestions,
  journalTrades,
  newId,
} from '@candlewise/db';
import type { JournalEntryInput } from '@candlewise/shared';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/app-error.ts';
import { endOfLocalDay, startOfLocalDay, tradeDayTime } from './journal-trade-filters.ts';
import { toJournalTrade } from './to-journal-trade.ts';

export async function listActiveQuestions(db: DbExecutor) {
  const rows = await db
    .select()
    .from(journalQuestions)
    .where(eq(journalQuestions.active, true))
    .orderBy(asc(journalQuestions.position), asc(journalQuestions.createdAt));
  return rows.map((row) => ({ _id: row.id, text: row.text, position: row.position }));
}

async function entryView(db: DbExecutor, entry: JournalEntryRow) {
  const [screenshots, links] = await Promise.all([
    db
      .select()
      .from(journalEntryScreenshots)
      .where(eq(journalEntryScreenshots.entryId, entry.id))
      .orderBy(asc(journalEntryScreenshots.createdAt), asc(journalEntryScreenshots.id)),
    db
      .select({ tradeId: journalEntryTrades.tradeId })
      .from(journalEntryTrades)
      .where(eq(journalEntryTrades.entryId, entry.id)),
  ]);
  return {
    _id: entry.id,
    date: entry.date,
    answers: entry.answers,
    emotion: entry.emotion,
    rating: entry.rating,
    notes: entry.notes,
    tradeIds: links.map((link) => link.tradeId),
    screenshots: screenshots.map((shot) => ({
      _id: shot.id,
      url: `/api/v1/journal/screenshots/${shot.id}`,
      contentType: shot.contentType,
      size: shot.size,
    })),
    updatedAt: entry.updatedAt.toISOString(),
  };
}

/** A day of the journal: the entry (null before one is written), the questions and the day's trades. */
export async function getJournalDay(db: DbExecutor, userId: string, date: string, timeZone: string) {
  const [entry] = await db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.userId, userId), eq(journalEntries.date, date)))
    .limit(1);
  const [view, questions, dayTrades] = await Promise.all([
    entry ? entryView(db, entry) : null,
    listActiveQuestions(db),
    db
      .select()
      .from(journalTrades)
      .where(
        and(
          eq(journalTrades.userId, userId),
          gte(tradeDayTime, startOfLocalDay(date, timeZone)),
          lt(tradeDayTime, endOfLocalDay(date, timeZone)),
        ),
      )
      .orderBy(asc(journalTrades.entryTime)),
  ]);
  // Trades linked from another day are shown too.
  const linkedIds = (view?.tradeIds ?? []).filter((id) => !dayTrades.some((trade) => trade.id === id));
  const linked = linkedIds.length
    ? await db
        .select()
        .from(journalTrades)
        .where(and(eq(journalTrades.userId, userId), inArray(journalTrades.id, linkedIds)))
    : [];
  return { date, entry: view, questions, trades: [...dayTrades, ...linked].map(toJournalTrade) };
}

/**
 * Writes the day's entry (one per learner and date: an upsert on that unique key) and replaces its
 * trade links. Answers keep the question's text; linking a trade that is not the caller's is a 404.
 */
export async function saveJournalEntry(
  db: DbExecutor,
  userId: string,
  date: string,
  input: JournalEntryInput,
) {
  return db.transaction(async (tx) => {
    const questionIds = [...new Set(input.answers.map((answer) => answer.questionId))];
    const questions = questionIds.length
      ? await tx.select().from(journalQuestions).where(inArray(journalQuestions.id, questionIds))
      : [];
    const textOf = new Map(questions.map((question) => [question.id, question.text]));
    const unknown = input.answers.findIndex((answer) => !textOf.has(answer.questionId));
    if (unknown >= 0) {
      throw new AppError(
        400,
        'VALIDATION_FAILED',
        'One of the questions no longer exists. Reload the page and try again.',
        [{ path: `answers.${unknown}.questionId`, message: 'Unknown question.' }],
      );
    }
    if (input.tradeIds.length > 0) {
      const owned = await tx
        .select({ id: journalTrades.id })
        .from(journalTrades)
        .where(and(eq(journalTrades.userId, userId), inArray(journalTrades.id, input.tradeIds)));
      if (owned.length !== input.tradeIds.length)
        throw notFound('One of the linked trades is not in your journal.');
    }
    const values = {
      answers: input.answers
        .filter((answer) => answer.answer.trim() !== '')
        .map((answer) => ({ ...answer, question: textOf.get(answer.questionId)! })),
      emotion: input.emotion,
      rating: input.rating,
      notes: input.notes,
      updatedAt: new Date(),
    };
    const [entry] = await tx
      .insert(journalEntries)
      .values({ id: newId(), userId, date, ...values })
      .onConflictDoUpdate({ target: [journalEntries.userId, journalEntries.date], set: values })
      .returning();
    await tx.delete(journalEntryTrades).where(eq(journalEntryTrades.entryId, entry.id));
    if (input.tradeIds.length > 0) {
      await tx
        .insert(journalEntryTrades)
        .values(input.tradeIds.map((tradeId) => ({ entryId: entry.id, tradeId })));
    }
    return entryView(tx, entry);
  });
}

/** The entry of a day, created empty when missing (screenshots may come before the text). */
export async function ensureJournalEntry(db: DbExecutor, userId: string, date: string) {
  await db.insert(journalEntries).values({ id: newId(), userId, date }).onConflictDoNothing();
  const [entry] = await db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.userId, userId), eq(journalEntries.date, date)))
    .limit(1);
  return entry;
}

/** Deletes the day's entry and returns the storage keys of its screenshots for the caller to remove. */
export async function deleteJournalEntry(db: DbExecutor, userId: string, date: string) {
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, userId), eq(journalEntries.date, date)))
      .limit(1);
    if (!entry) throw notFound('There is no entry for that day.');
    const shots = await tx
      .select({ key: journalEntryScreenshots.storageKey })
      .from(journalEntryScreenshots)
      .where(eq(journalEntryScreenshots.entryId, entry.id));
    await tx.delete(journalEntries).where(eq(journalEntries.id, entry.id));
    return shots.map((shot) => shot.key);
  });
}

export { entryView as toJournalEntryView };
