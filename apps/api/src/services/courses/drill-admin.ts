import { type Database, type DbExecutor, drills, instruments, newId, videos } from '@candlewise/db';
import { candlesSoFar, type DrillFields, type drillFieldsSchema } from '@candlewise/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { listPracticeDays } from '../practice/practice-sessions.ts';
import { loadDayBars, type PracticeDeps } from '../practice/practice-work.ts';
import { drillView } from './drill-attempts.ts';

/* Admin authoring of trade drills (issue #42), under Admin → Courses. */

type Fields = z.output<typeof drillFieldsSchema>;

const invalid = (path: string, message: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, [{ path, message }]);

/** A day without bars: 400 naming the days that have them. */
async function noBars(db: DbExecutor, symbol: string, day: string) {
  const days = (await listPracticeDays(db)).find((entry) => entry.symbol === symbol)?.days ?? [];
  return invalid(
    'day',
    days.length
      ? `There are no bars of ${symbol} on ${day}. Days with bars: ${days.join(', ')}.`
      : `There are no bars of ${symbol} on any day. Upload a day under Admin → Markets first.`,
  );
}

/**
 * A drill must name a lesson of its course, an instrument and a day with uploaded bars (the sentence
 * lists the days that have them), and a start minute within that day's bars.
 */
async function checkFields(deps: PracticeDeps, courseId: string, fields: Fields): Promise<void> {
  const { db, cache } = deps;
  const [lesson] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, fields.afterVideoId), eq(videos.courseId, courseId)));
  if (!lesson) throw invalid('afterVideoId', 'Choose a lesson of this course for the drill to follow.');
  const [instrument] = await db.select().from(instruments).where(eq(instruments.symbol, fields.symbol));
  if (!instrument) throw invalid('symbol', `Unknown instrument ${fields.symbol}.`);
  const bars = await loadDayBars(db, cache, fields.symbol, fields.day);
  if (!bars.length) throw await noBars(db, fields.symbol, fields.day);
  const start = Date.parse(`${fields.day}T${fields.startAt}:00Z`);
  const first = bars[0].time;
  const last = bars.at(-1)!.time;
  if (start < first || start > last) {
    const from = new Date(first).toISOString().slice(11, 16);
    const to = new Date(last).toISOString().slice(11, 16);
    throw invalid('startAt', `The bars of ${fields.day} run from ${from} to ${to} UTC. Start within them.`);
  }
}

export async function listAdminDrills(db: DbExecutor, courseId: string) {
  const rows = await db
    .select()
    .from(drills)
    .where(eq(drills.courseId, courseId))
    .orderBy(asc(drills.afterVideoId), asc(drills.position), asc(drills.id));
  return rows.map(drillView);
}

export async function createDrill(deps: PracticeDeps, courseId: string, fields: Fields) {
  await checkFields(deps, courseId, fields);
  const [row] = await deps.db
    .insert(drills)
    .values({ id: newId(), courseId, ...fields })
    .returning();
  return drillView(row);
}

export async function updateDrill(deps: PracticeDeps, drillId: string, fields: Fields) {
  const [existing] = await deps.db.select().from(drills).where(eq(drills.id, drillId));
  if (!existing) throw notFound('We could not find that drill.');
  await checkFields(deps, existing.courseId, fields);
  const [row] = await deps.db
    .update(drills)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(drills.id, drillId))
    .returning();
  if (!row) throw notFound('We could not find that drill.');
  return drillView(row);
}

/** Deletes a drill and its attempts (their practice replays stay on /practice). */
export async function deleteDrill(db: Database, drillId: string) {
  const deleted = await db.delete(drills).where(eq(drills.id, drillId)).returning({ id: drills.id });
  if (!deleted.length) throw notFound('We could not find that drill.');
}

/** The day's candles up to the start minute: what the learner sees when the drill starts. */
export async function previewDrillDay(
  deps: PracticeDeps,
  query: Pick<DrillFields, 'symbol' | 'day' | 'startAt'>,
) {
  const fields = query;
  const bars = await loadDayBars(deps.db, deps.cache, fields.symbol, fields.day);
  if (!bars.length) throw await noBars(deps.db, fields.symbol, fields.day);
  const startTime = Date.parse(`${fields.day}T${fields.startAt}:00Z`);
  const candles = candlesSoFar(bars, startTime).map((candle) => ({
    time: candle.time / 1000,
    open: candle.open,
    high: candle.high,
    low: candle.low,
    close: candle.close,
  }));
  return { startTime, candles };
}
