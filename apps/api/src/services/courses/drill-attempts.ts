import {
  type Database,
  type DbExecutor,
  type DrillAttemptCandle,
  type DrillAttemptFill,
  drillAttempts,
  drills,
  instruments,
  newId,
  practiceDecisions,
  practiceFills,
  practiceSessions,
  type UserRow,
} from '@candlewise/db';
import {
  DRILL_ATTEMPT_NOT_FOUND,
  DRILL_NOT_FOUND,
  type Drill,
  type DrillAttempt,
  type DrillScoringFill,
  type DrillSummary,
  scoreDrill,
} from '@candlewise/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/app-error.ts';
import { endPracticeSession } from '../practice/practice-commands.ts';
import { createPracticeSession, getPracticeSession } from '../practice/practice-sessions.ts';
import { loadDayBars, type PracticeDeps } from '../practice/practice-work.ts';
import { getOpenableCourse } from './course-catalogue.ts';
import { checkCourseCompletion } from './course-completion.ts';
import { scheduleReview } from './review-queue.ts';

/*
 * Trade drills (issue #42): a drill attempt is a practice replay (same engine, same fill rules)
 * started at the drill's minute with its balance, linked to a drill_attempts row, and scored from the
 * session's real fills when the learner finishes it or the replay ends.
 */

type DrillRow = typeof drills.$inferSelect;
type AttemptRow = typeof drillAttempts.$inferSelect;

const MINUTE_MS = 60_000;
/** Candles kept with an attempt before the start and after the trade (the chart's context). */
const CHART_BEFORE_MS = 60 * MINUTE_MS;
const CHART_AFTER_MS = 30 * MINUTE_MS;

export function drillView(row: DrillRow): Drill {
  return {
    _id: row.id,
    courseId: row.courseId,
    afterVideoId: row.afterVideoId,
    position: row.position,
    title: row.title,
    symbol: row.symbol,
    day: row.day,
    startAt: row.startAt,
    startingBalance: row.startingBalance,
    task: row.task,
    direction: row.direction,
    stopRequired: row.stopRequired,
    maxRiskPercent: row.maxRiskPercent,
    targetR: row.targetR,
    timeLimitMinutes: row.timeLimitMinutes,
  };
}

export function attemptView(row: AttemptRow): DrillAttempt {
  const result = row.result;
  return {
    _id: row.id,
    drillId: row.drillId,
    sessionId: row.sessionId,
    state: row.state,
    passed: row.passed,
    score: row.score,
    rFinal: result?.rFinal ?? null,
    rBest: result?.rBest ?? null,
    mae: result?.mae ?? null,
    mfe: result?.mfe ?? null,
    initialRisk: result?.initialRisk ?? null,
    realized: result ? result.realized : null,
    breaches: (result?.breaches ?? []) as DrillAttempt['breaches'],
    fills: row.fills ?? [],
    chart: row.chart ?? [],
    startedAt: row.startedAt.toISOString(),
    scoredAt: row.scoredAt ? row.scoredAt.toISOString() : null,
  };
}

/** The drill, if the caller may open its course (unpublished or Pro-locked courses answer as the course does). */
async function openDrill(db: DbExecutor, user: UserRow, drillId: string): Promise<DrillRow> {
  const [drill] = await db.select().from(drills).where(eq(drills.id, drillId));
  if (!drill) throw notFound(DRILL_NOT_FOUND);
  await getOpenableCourse(db, user, drill.courseId);
  return drill;
}

/** The course's drills with the caller's attempts count, pass and best score (the lesson list). */
export async function listCourseDrills(
  db: DbExecutor,
  user: UserRow,
  courseId: string,
): Promise<DrillSummary[]> {
  await getOpenableCourse(db, user, courseId);
  const rows = await db
    .select()
    .from(drills)
    .where(eq(drills.courseId, courseId))
    .orderBy(asc(drills.afterVideoId), asc(drills.position), asc(drills.id));
  if (!rows.length) return [];
  const attempts = await db
    .select({ drillId: drillAttempts.drillId, passed: drillAttempts.passed, score: drillAttempts.score })
    .from(drillAttempts)
    .where(
      and(
        eq(drillAttempts.userId, user.id),
        inArray(
          drillAttempts.drillId,
          rows.map((row) => row.id),
        ),
      ),
    );
  return rows.map((row) => {
    const mine = attempts.filter((attempt) => attempt.drillId === row.id);
    const scores = mine.map((attempt) => attempt.score).filter((score): score is number => score !== null);
    return {
      _id: row.id,
      title: row.title,
      afterVideoId: row.afterVideoId,
      position: row.position,
      attempts: mine.length,
      passed: mine.some((attempt) => attempt.passed === true),
      bestScore: scores.length ? Math.max(...scores) : null,
    };
  });
}

/** The drill with the caller's attempts, newest first; a running attempt whose replay ended is scored first. */
export async function getDrillDetail(deps: PracticeDeps, user: UserRow, drillId: string, now: number) {
  const drill = await openDrill(deps.db, user, drillId);
  await scoreEndedAttempts(deps, user.id, drillId, now);
  const attempts = await deps.db
    .select()
    .from(drillAttempts)
    .where(and(eq(drillAttempts.drillId, drillId), eq(drillAttempts.userId, user.id)))
    .orderBy(desc(drillAttempts.startedAt), desc(drillAttempts.id));
  return { drill: drillView(drill), attempts: attempts.map(attemptView) };
}

/** Running attempts whose replay has ended (the day ran out, or it was ended on /practice) get their score. */
async function scoreEndedAttempts(deps: PracticeDeps, userId: string, drillId: string, now: number) {
  const running = await deps.db
    .select()
    .from(drillAttempts)
    .where(
      and(
        eq(drillAttempts.drillId, drillId),
        eq(drillAttempts.userId, userId),
        eq(drillAttempts.state, 'running'),
      ),
    );
  for (const attempt of running) {
    if (attempt.sessionId) {
      // A replay whose bars were removed cannot be settled: it stays as it is rather than hide the drill.
      const session = await getPracticeSession(deps, userId, attempt.sessionId, now).catch((error) => {
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      });
      if (session?.state !== 'ended') continue;
    }
    await scoreAttemptRow(deps.db, deps, attempt.id, now);
  }
}

/** Starts a new attempt: a practice replay at the drill's minute and balance, linked in one transaction. */
export async function startDrillAttempt(deps: PracticeDeps, user: UserRow, drillId: string, now: number) {
  const drill = await openDrill(deps.db, user, drillId);
  const attemptId = newId(new Date(now));
  const session = await createPracticeSession(
    deps,
    user.id,
    {
      symbol: drill.symbol,
      day: drill.day,
      startAt: drill.startAt,
      speed: 1,
      startingBalance: drill.startingBalance,
    },
    now,
    async (tx, sessionId) => {
      await tx.insert(drillAttempts).values({
        id: attemptId,
        drillId: drill.id,
        userId: user.id,
        courseId: drill.courseId,
        sessionId,
        state: 'running',
        startedAt: new Date(now),
      });
    },
  );
  const [attempt] = await deps.db.select().from(drillAttempts).where(eq(drillAttempts.id, attemptId));
  return { attempt: attemptView(attempt), sessionId: session._id };
}

/** "Finish and score": ends the attempt's replay (positions close at the replayed price) and scores it. */
export async function finishDrillAttempt(
  deps: PracticeDeps,
  user: UserRow,
  drillId: string,
  attemptId: string,
  now: number,
): Promise<DrillAttempt> {
  const [attempt] = await deps.db
    .select()
    .from(drillAttempts)
    .where(
      and(
        eq(drillAttempts.id, attemptId),
        eq(drillAttempts.drillId, drillId),
        eq(drillAttempts.userId, user.id),
      ),
    );
  if (!attempt) throw notFound(DRILL_ATTEMPT_NOT_FOUND);
  if (attempt.state === 'scored') return attemptView(attempt);
  if (attempt.sessionId) await endPracticeSession(deps, user.id, attempt.sessionId, now);
  return attemptView(await scoreAttemptRow(deps.db, deps, attempt.id, now));
}

/** The drill and attempt traded in a practice replay (the drill banner), or null for a plain replay. */
export async function drillOfSession(db: DbExecutor, userId: string, sessionId: string) {
  const [row] = await db
    .select({ attempt: drillAttempts, drill: drills })
    .from(drillAttempts)
    .innerJoin(drills, eq(drills.id, drillAttempts.drillId))
    .where(and(eq(drillAttempts.sessionId, sessionId), eq(drillAttempts.userId, userId)));
  return row ? { drill: drillView(row.drill), attempt: attemptView(row.attempt) } : null;
}

/**
 * Scores one attempt from its replay's fills, under a lock on the attempt row (a second scorer sees
 * it scored and leaves it). The replay is expected ended; the held period ends at its clock.
 */
async function scoreAttemptRow(db: Database, deps: PracticeDeps, attemptId: string, now: number) {
  const scored = await scoreInTransaction(db, deps, attemptId, now);
  // A passed drill may be the course's last requirement: its certificate is issued now.
  if (scored.passed) await checkCourseCompletion(db, scored.userId, scored.courseId, new Date(now));
  return scored;
}

async function scoreInTransaction(db: Database, deps: PracticeDeps, attemptId: string, now: number) {
  return db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(drillAttempts)
      .where(eq(drillAttempts.id, attemptId))
      .for('update');
    if (!attempt) throw notFound(DRILL_ATTEMPT_NOT_FOUND);
    if (attempt.state === 'scored') return attempt;
    const [drill] = await tx.select().from(drills).where(eq(drills.id, attempt.drillId));
    const [instrument] = await tx.select().from(instruments).where(eq(instruments.symbol, drill.symbol));
    const startAt = Date.parse(`${drill.day}T${drill.startAt}:00Z`);
    const [session] = attempt.sessionId
      ? await tx.select().from(practiceSessions).where(eq(practiceSessions.id, attempt.sessionId))
      : [];
    const fillRows = session
      ? await tx
          .select()
          .from(practiceFills)
          .where(eq(practiceFills.sessionId, session.id))
          .orderBy(asc(practiceFills.sequence))
      : [];
    const decisions = session
      ? await tx
          .select()
          .from(practiceDecisions)
          .where(eq(practiceDecisions.sessionId, session.id))
          .orderBy(asc(practiceDecisions.sequence))
      : [];
    const fills: DrillScoringFill[] = fillRows.map((fill) => ({
      side: fill.side,
      quantity: fill.quantity,
      price: fill.price,
      realized: fill.realized,
      replayedAt: fill.replayedAt.getTime(),
      stopLoss: fill.orderId ? stopAtFill(decisions, fill.orderId, fill.replayedAt.getTime()) : null,
    }));
    const endAt = session ? session.positionAt.getTime() : startAt;
    const bars = await loadDayBars(tx, deps.cache, drill.symbol, drill.day);
    const score = scoreDrill({
      rules: drill,
      startingBalance: drill.startingBalance,
      startAt,
      endAt,
      contractSize: instrument?.contractSize ?? 1,
      currency: instrument?.currency,
      fills,
      bars,
    });
    const lastFill = fills.at(-1)?.replayedAt ?? startAt;
    const from = Math.min(startAt, fills[0]?.replayedAt ?? startAt) - CHART_BEFORE_MS;
    const to = Math.max(lastFill, endAt) + CHART_AFTER_MS;
    const chart: DrillAttemptCandle[] = bars
      .filter((bar) => bar.time >= from && bar.time <= to)
      .map((bar) => ({
        time: bar.time / 1000,
        open: bar.open,
        high: bar.high,
        low: bar.low,
        close: bar.close,
      }));
    const keptFills: DrillAttemptFill[] = fillRows.map((fill) => ({
      side: fill.side,
      quantity: fill.quantity,
      price: fill.price,
      realized: fill.realized,
      reason: fill.reason,
      replayedAt: fill.replayedAt.getTime(),
    }));
    const [scored] = await tx
      .update(drillAttempts)
      .set({
        state: 'scored',
        passed: score.passed,
        score: score.score,
        rBest: score.rBest,
        result: {
          rFinal: score.rFinal,
          rBest: score.rBest,
          mae: score.mae,
          mfe: score.mfe,
          initialRisk: score.initialRisk,
          realized: score.realized,
          breaches: score.breaches,
        },
        fills: keptFills,
        chart,
        scoredAt: new Date(now),
      })
      .where(eq(drillAttempts.id, attempt.id))
      .returning();
    // A failed drill comes back after 1, 3 and 7 days (docs/courses.md "Quizzes", spaced repetition).
    await scheduleReview(tx, {
      userId: attempt.userId,
      kind: 'drill',
      refId: drill.id,
      courseId: drill.courseId,
      passed: score.passed,
      now: new Date(now),
    });
    return scored;
  });
}

/**
 * The stop-loss an order carried when it filled: the one it was placed with, as last moved by an
 * edit at or before the fill's replayed moment. A stop added to the position afterwards does not count.
 */
function stopAtFill(
  decisions: Array<typeof practiceDecisions.$inferSelect>,
  orderId: string,
  filledAt: number,
): number | null {
  let stop: number | null = null;
  for (const decision of decisions) {
    if (decision.details.orderId !== orderId) continue;
    if (decision.kind !== 'order' && decision.kind !== 'edit') continue;
    if (decision.replayedAt.getTime() > filledAt) break;
    const value = decision.details.stopLoss;
    stop = typeof value === 'number' ? value : null;
  }
  return stop;
}
