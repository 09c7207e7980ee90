import { z } from 'zod';
import { apiSuccess, defineContract } from '../api/contract.ts';
import { practiceCandleSchema } from '../practice/practice-contract.ts';
import { DRILL_BREACH_RULES, DRILL_DIRECTIONS } from './drill-scoring.ts';

/**
 * Trade drills (issue #42): graded practice replays placed after a lesson. Learners start, trade
 * (on the practice session screen) and score attempts; admins author the drills under Admin → Courses.
 */
export const DRILL_NOT_FOUND = 'We could not find that drill.';
export const DRILL_ATTEMPT_NOT_FOUND = 'We could not find that drill attempt.';
export const DRILL_DEFAULT_STARTING_BALANCE = 100_000;

const drillParams = z.object({ drillId: z.string().min(1).max(64) });
const courseParams = z.object({ courseId: z.string().min(1).max(64) });

export const drillRulesSchema = z.object({
  direction: z.enum(DRILL_DIRECTIONS, { error: 'The direction is long, short or any.' }),
  stopRequired: z.boolean(),
  /** Percent of the starting balance one entry may risk; null = no limit. */
  maxRiskPercent: z.number().nullable(),
  targetR: z.number(),
  /** Replayed minutes from the start; null = the rest of the day. */
  timeLimitMinutes: z.number().nullable(),
});

export const drillSchema = drillRulesSchema.extend({
  _id: z.string(),
  courseId: z.string(),
  afterVideoId: z.number(),
  position: z.number(),
  title: z.string(),
  symbol: z.string(),
  day: z.string(),
  /** HH:MM UTC. */
  startAt: z.string(),
  startingBalance: z.number(),
  task: z.string(),
});

export const drillBreachSchema = z.object({ rule: z.enum(DRILL_BREACH_RULES), message: z.string() });

export const drillAttemptSchema = z.object({
  _id: z.string(),
  drillId: z.string(),
  /** The practice replay it is traded in (null once that replay is deleted). */
  sessionId: z.string().nullable(),
  state: z.enum(['running', 'scored']),
  passed: z.boolean().nullable(),
  score: z.number().nullable(),
  rFinal: z.number().nullable(),
  rBest: z.number().nullable(),
  mae: z.number().nullable(),
  mfe: z.number().nullable(),
  initialRisk: z.number().nullable(),
  realized: z.number().nullable(),
  breaches: z.array(drillBreachSchema),
  fills: z.array(
    z.object({
      side: z.enum(['buy', 'sell']),
      quantity: z.number(),
      price: z.number(),
      realized: z.number(),
      reason: z.string(),
      replayedAt: z.number(),
    }),
  ),
  /** Candles around the trade (Unix seconds), with the fills to mark on them. */
  chart: z.array(practiceCandleSchema),
  startedAt: z.string(),
  scoredAt: z.string().nullable(),
});

/** A drill as the course page lists it, with the caller's best result. */
export const drillSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  afterVideoId: z.number(),
  position: z.number(),
  attempts: z.number(),
  passed: z.boolean(),
  bestScore: z.number().nullable(),
});

export const drillDetailSchema = z.object({
  drill: drillSchema,
  attempts: z.array(drillAttemptSchema),
});

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'The start minute is HH:MM (UTC).');

export const drillFieldsSchema = z.object({
  afterVideoId: z.number({ error: 'Choose the lesson the drill follows.' }).int().positive(),
  position: z.number().int().min(0).default(0),
  title: z.string().trim().min(1, 'Give the drill a title.').max(120, 'The title is at most 120 characters.'),
  symbol: z.string().trim().min(1, 'Choose an instrument.').max(20),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a day (YYYY-MM-DD).'),
  startAt: hhmm,
  startingBalance: z
    .number({ error: 'The starting balance is a number.' })
    .min(100, 'The starting balance is at least 100.')
    .max(10_000_000, 'The starting balance is at most 10,000,000.')
    .multipleOf(0.01, 'The starting balance is in whole cents.')
    .default(DRILL_DEFAULT_STARTING_BALANCE),
  task: z.string().trim().min(1, 'Describe the task.').max(2000, 'The task is at most 2,000 characters.'),
  direction: z.enum(DRILL_DIRECTIONS, { error: 'The direction is long, short or any.' }),
  stopRequired: z.boolean().default(true),
  maxRiskPercent: z
    .number({ error: 'The maximum risk is a percent.' })
    .gt(0, 'The maximum risk is above 0 %.')
    .max(100, 'The maximum risk is at most 100 %.')
    .nullable()
    .default(null),
  targetR: z
    .number({ error: 'The target is a number of R.' })
    .gt(0, 'The target R is above 0.')
    .max(100, 'The target R is at most 100.'),
  timeLimitMinutes: z
    .number({ error: 'The time limit is a number of minutes.' })
    .int('The time limit is whole minutes.')
    .min(1, 'The time limit is at least 1 minute.')
    .max(1440, 'The time limit is at most 1,440 minutes.')
    .nullable()
    .default(null),
});

export const drillContract = defineContract({
  listCourseDrills: {
    method: 'GET',
    path: '/courses/:courseId/drills',
    params: courseParams,
    response: apiSuccess(z.array(drillSummarySchema)),
  },
  getDrill: {
    method: 'GET',
    path: '/drills/:drillId',
    params: drillParams,
    response: apiSuccess(drillDetailSchema),
  },
  startAttempt: {
    method: 'POST',
    path: '/drills/:drillId/attempts',
    params: drillParams,
    status: 201,
    response: apiSuccess(z.object({ attempt: drillAttemptSchema, sessionId: z.string() })),
  },
  scoreAttempt: {
    method: 'POST',
    path: '/drills/:drillId/attempts/:attemptId/score',
    params: drillParams.extend({ attemptId: z.string().min(1).max(64) }),
    response: apiSuccess(drillAttemptSchema),
  },
  sessionDrill: {
    method: 'GET',
    path: '/drills/by-session/:sessionId',
    params: z.object({ sessionId: z.string().min(1).max(64) }),
    response: apiSuccess(z.object({ drill: drillSchema, attempt: drillAttemptSchema }).nullable()),
  },
});

export const adminDrillContract = defineContract({
  listDrills: {
    method: 'GET',
    path: '/admin/courses/:courseId/drills',
    params: courseParams,
    response: apiSuccess(z.array(drillSchema)),
  },
  createDrill: {
    method: 'POST',
    path: '/admin/courses/:courseId/drills',
    params: courseParams,
    body: drillFieldsSchema,
    status: 201,
    response: apiSuccess(drillSchema),
  },
  updateDrill: {
    method: 'PUT',
    path: '/admin/drills/:drillId',
    params: drillParams,
    body: drillFieldsSchema,
    response: apiSuccess(drillSchema),
  },
  deleteDrill: {
    method: 'DELETE',
    path: '/admin/drills/:drillId',
    params: drillParams,
    response: apiSuccess(z.null()),
  },
  previewDay: {
    method: 'GET',
    path: '/admin/drills/preview',
    query: z.object({
      symbol: z.string().trim().min(1, 'Choose an instrument.').max(20),
      day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a day (YYYY-MM-DD).'),
      startAt: hhmm,
    }),
    response: apiSuccess(z.object({ startTime: z.number(), candles: z.array(practiceCandleSchema) })),
  },
});

export type Drill = z.output<typeof drillSchema>;
export type DrillAttempt = z.output<typeof drillAttemptSchema>;
export type DrillSummary = z.output<typeof drillSummarySchema>;
export type DrillDetail = z.output<typeof drillDetailSchema>;
export type DrillFields = z.input<typeof drillFieldsSchema>;
export type DrillFieldsOutput = z.output<typeof drillFieldsSchema>;
