import { z } from 'zod';
import { apiData, apiSuccess, defineContract } from '../api/contract.ts';
import { BREACH_ACTIONS, CHALLENGE_STATUSES, MAX_LOSS_MODES, OBJECTIVE_STATUSES } from './rule-sets.ts';

/**
 * Challenges (docs/challenges.md, ADR 029): the published rule sets, a member's objectives and
 * challenge status (in GET /group/:groupId/account), and the evidence of each decision.
 */

const phaseSchema = z.object({
  index: z.number(),
  name: z.string(),
  objectives: z.object({
    profitTargetPercent: z.number().nullable(),
    minTradingDays: z.number(),
    consistencyPercent: z.number().nullable(),
    timeLimitDays: z.number().nullable(),
  }),
  limits: z.object({
    dailyLoss: z.object({ percent: z.number(), onBreach: z.enum(BREACH_ACTIONS) }).nullable(),
    maxLoss: z
      .object({ percent: z.number(), mode: z.enum(MAX_LOSS_MODES), onBreach: z.literal('fail') })
      .nullable(),
  }),
  /** The phase's rules as sentences. */
  rules: z.array(z.string()),
});

export const ruleSetSchema = z.object({
  id: z.string(),
  version: z.number(),
  /** `<id>@<version>`: what a group's `ruleSet` names. */
  ref: z.string(),
  name: z.string(),
  kind: z.enum(['practice', 'challenge']),
  firm: z.string().nullable(),
  source: z.string(),
  sourceDate: z.string(),
  note: z.string(),
  day: z.object({ resetHour: z.number(), timeZone: z.string() }).nullable(),
  phases: z.array(phaseSchema),
});

/** One objective or limit of the member's phase, as the desk's objectives panel shows it. */
export const objectiveSchema = z.object({
  /** 'profit_target', 'min_trading_days', 'consistency', 'time_limit', 'daily_loss', 'max_loss'. */
  key: z.string(),
  label: z.string(),
  /** 'target': to reach (met when reached); 'limit': not to cross (failed when crossed). */
  kind: z.enum(['target', 'limit']),
  /** What is to be reached or not crossed, in `unit`. */
  target: z.number().nullable(),
  limit: z.number().nullable(),
  /** Where the member stands now, in `unit`. */
  value: z.number(),
  /** 'amount' (account currency), 'days', or 'percent'. */
  unit: z.enum(['amount', 'days', 'percent']),
  status: z.enum(OBJECTIVE_STATUSES),
  /** One sentence on how it is measured. */
  detail: z.string(),
});

export const challengeEventSchema = z.object({
  _id: z.string(),
  kind: z.enum(['passed', 'failed', 'day-ended']),
  phase: z.number(),
  rule: z.string(),
  at: z.string(),
  equity: z.number(),
  balance: z.number(),
  threshold: z.number().nullable(),
});

export const challengeSchema = z.object({
  ruleSet: z.string(),
  ruleSetName: z.string(),
  status: z.enum(CHALLENGE_STATUSES),
  phase: z.object({
    index: z.number(),
    name: z.string(),
    count: z.number(),
    startedAt: z.string().nullable(),
  }),
  /** For a failed challenge: the rule, the moment, the equity and the fills that crossed it. */
  failure: z
    .object({
      eventId: z.string(),
      rule: z.string(),
      label: z.string(),
      at: z.string(),
      equity: z.number(),
      threshold: z.number().nullable(),
      fills: z.array(z.string()),
    })
    .nullable(),
  /** While a day-ending breach pauses trading: until when. */
  pausedUntil: z.string().nullable(),
  /** Every decision so far, oldest first (passes, the failure, days ended). */
  events: z.array(challengeEventSchema),
});

export const challengeEvidenceSchema = z.object({
  event: challengeEventSchema,
  ruleSet: ruleSetSchema,
  /** The rule text of the phase, in the version the group runs. */
  rules: z.array(z.string()),
  currency: z.string(),
  fills: z.array(
    z.object({
      _id: z.string(),
      symbol: z.string(),
      side: z.enum(['buy', 'sell']),
      quantity: z.number(),
      price: z.number(),
      realizedPnl: z.number(),
      reason: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** Equity before the decision, [epoch ms, equity], oldest first; the last point is the decision. */
  equityCurve: z.array(z.tuple([z.number(), z.number()])),
});

const groupParams = z.object({ groupId: z.string().min(1).max(64) });

/** GET /journal/rule-audit: which rule set, from what balance, over which trades. */
export const ruleAuditQuerySchema = z.object({
  ruleSet: z.string({ message: 'Choose a rule set to audit your trades against.' }).trim().min(1).max(80),
  startingBalance: z.coerce
    .number({ message: 'The starting balance must be a number.' })
    .positive('The starting balance must be more than 0.')
    .max(1e12, 'The starting balance must be at most 1,000,000,000,000.')
    .default(100_000),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as USD.')
    .optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.')
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.')
    .optional(),
});

export const ruleAuditSchema = z.object({
  ruleSet: ruleSetSchema,
  currency: z.string(),
  /** The currencies the learner's trades are in (the audit runs one at a time). */
  currencies: z.array(z.string()),
  startingBalance: z.number(),
  timeZone: z.string(),
  status: z.enum(CHALLENGE_STATUSES),
  phase: z.object({ index: z.number(), name: z.string(), count: z.number() }),
  objectives: z.array(objectiveSchema),
  decisions: z.array(
    z.object({
      kind: z.enum(['passed', 'failed', 'day-ended']),
      phase: z.number(),
      rule: z.string(),
      label: z.string(),
      at: z.string(),
      balance: z.number(),
      threshold: z.number().nullable(),
      /** The rule text of that phase (the version audited). */
      rules: z.array(z.string()),
      trades: z.array(
        z.object({
          _id: z.string(),
          symbol: z.string(),
          side: z.enum(['long', 'short']),
          entryTime: z.string(),
          exitTime: z.string(),
          pnl: z.number(),
        }),
      ),
      balanceCurve: z.array(z.tuple([z.number(), z.number()])),
    }),
  ),
  tradesCounted: z.number(),
  tradesAfterDecision: z.number(),
  /** Entered on a day already ended by the daily loss: they would not have been allowed. */
  skippedTrades: z.number(),
  /** Open trades are left out: the audit measures closed trades. */
  openTrades: z.number(),
});

export const challengeContract = defineContract({
  listRuleSets: {
    method: 'GET',
    path: '/rule-sets',
    response: apiData(z.array(ruleSetSchema)),
  },
  auditJournal: {
    method: 'GET',
    path: '/journal/rule-audit',
    query: ruleAuditQuerySchema,
    response: apiSuccess(ruleAuditSchema),
  },
  getChallengeEvidence: {
    method: 'GET',
    path: '/group/:groupId/challenge/events/:eventId',
    params: groupParams.extend({ eventId: z.string().min(1).max(64) }),
    response: apiSuccess(challengeEvidenceSchema),
  },
});
