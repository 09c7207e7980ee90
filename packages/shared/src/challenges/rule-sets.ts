/**
 * Challenge rule sets as data (docs/challenges.md): what a competition asks of its members, phase by
 * phase, as prop firms publish it. A rule set is `<id>@<version>`; a published version never changes
 * (a change is a new version), and a group keeps the version it was created with.
 *
 * Percentages of loss limits and targets are of the phase's initial balance, as the firms state
 * them ("5 % of the initial balance"). The "practice" rule set is the freeze rule competitions have
 * always had: its figures are the group's own fields (freeze threshold, drawdown basis, daily loss
 * limit, reset hour and zone), and it has no objectives to pass.
 */

export const OBJECTIVE_STATUSES = ['passing', 'met', 'failed', 'pending'] as const;
export type ObjectiveStatus = (typeof OBJECTIVE_STATUSES)[number];
export const CHALLENGE_STATUSES = ['in-progress', 'passed', 'failed'] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

/** How the maximum loss is measured (docs/challenges.md §Maximum loss). */
export const MAX_LOSS_MODES = ['static', 'trailing-intraday', 'trailing-eod'] as const;
export type MaxLossMode = (typeof MAX_LOSS_MODES)[number];
/** What a breach of a loss limit does: the phase fails, or trading stops until the next day. */
export const BREACH_ACTIONS = ['fail', 'end-day'] as const;
export type BreachAction = (typeof BREACH_ACTIONS)[number];

export type RuleSetPhase = {
  /** 1-based. */
  index: number;
  name: string;
  objectives: {
    /** Profit to make, % of the initial balance, on equity (open positions close when the phase passes); null: none. */
    profitTargetPercent: number | null;
    /** Days with a trade opened, counted in the rule set's day and zone; 0: none. */
    minTradingDays: number;
    /** The best day's profit must be under this % of the phase's total profit; null: none. */
    consistencyPercent: number | null;
    /** Calendar days from the phase's start to meet the objectives; null: no limit. */
    timeLimitDays: number | null;
  };
  limits: {
    /** Loss in one day, % of the initial balance, below the day's starting balance. */
    dailyLoss: { percent: number; onBreach: BreachAction } | null;
    /**
     * Loss overall, % of the initial balance, below: the initial balance (static); the highest
     * equity (trailing-intraday); the highest end-of-day balance (trailing-eod). A trailing floor
     * stops rising once it reaches the initial balance.
     */
    maxLoss: { percent: number; mode: MaxLossMode; onBreach: 'fail' } | null;
  };
};

export type RuleSet = {
  id: string;
  version: number;
  /** `<id>@<version>`: how a group names it. */
  ref: string;
  /** What it is ("Two-step 10/5"), not whose it is. */
  name: string;
  /** 'practice': the group's own freeze rule; 'challenge': phases with objectives. */
  kind: 'practice' | 'challenge';
  /** The firm whose published rules it follows, or null. */
  firm: string | null;
  /** Where the figures come from, and the date of that source. */
  source: string;
  sourceDate: string;
  note: string;
  /** When a day starts: this hour in this zone (trading days, the daily loss limit, end of day). */
  day: { resetHour: number; timeZone: string } | null;
  phases: RuleSetPhase[];
};

const PRACTICE_V1: RuleSet = {
  id: 'practice',
  version: 1,
  ref: 'practice@1',
  name: 'Practice',
  kind: 'practice',
  firm: null,
  source: "Candlewise's freeze rule, as competitions have always run it.",
  sourceDate: '2026-01-01',
  note: "No objectives to pass: the group's freeze threshold, drawdown basis and daily loss limit freeze an account for the freeze duration, and trading resumes after it.",
  day: null,
  phases: [
    {
      index: 1,
      name: 'Practice',
      objectives: {
        profitTargetPercent: null,
        minTradingDays: 0,
        consistencyPercent: null,
        timeLimitDays: null,
      },
      limits: { dailyLoss: null, maxLoss: null },
    },
  ],
};

const TWO_STEP_10_5_V1: RuleSet = {
  id: 'two-step-10-5',
  version: 1,
  ref: 'two-step-10-5@1',
  name: 'Two-step 10/5',
  kind: 'challenge',
  firm: 'FTMO',
  source:
    'FTMO, "Trading Objectives" (ftmo.com/en/trading-objectives) and its Maximum Loss lesson (academy.ftmo.com).',
  sourceDate: '2024-10-01',
  note: 'Phase 1 ("Challenge") asks 10 % profit, phase 2 ("Verification") 5 %, each in at least 4 trading days (a day on which a trade is opened; days roll at midnight Prague time) and with no time limit. Equity may never fall 5 % of the initial balance below the day\'s starting balance, nor 10 % below the initial balance: either fails the phase. FTMO\'s scaling plan (+25 % every four months on a funded account) is not part of an evaluation and is not modelled.',
  day: { resetHour: 0, timeZone: 'Europe/Prague' },
  phases: [1, 2].map((index) => ({
    index,
    name: index === 1 ? 'Challenge' : 'Verification',
    objectives: {
      profitTargetPercent: index === 1 ? 10 : 5,
      minTradingDays: 4,
      consistencyPercent: null,
      timeLimitDays: null,
    },
    limits: {
      dailyLoss: { percent: 5, onBreach: 'fail' as const },
      maxLoss: { percent: 10, mode: 'static' as const, onBreach: 'fail' as const },
    },
  })),
};

const CONSISTENCY_6_4_V1: RuleSet = {
  id: 'consistency-6-4',
  version: 1,
  ref: 'consistency-6-4@1',
  name: 'One-step consistency 6/4',
  kind: 'challenge',
  firm: 'Topstep',
  source:
    'Topstep, Trading Combine rules for the $50K account (help.topstep.com: "What is the Consistency Target?", Maximum Loss Limit, Daily Loss Limit).',
  sourceDate: '2024-06-01',
  note: "One phase: 6 % profit ($3,000 on $50,000) with the best day under 40 % of the total profit. The maximum loss (4 %, $2,000) trails the highest end-of-day balance and stops at the initial balance; breaking it fails. The daily loss limit (2 %, $1,000 below the day's starting balance) ends the day without failing. Days start at 17:00 Chicago time, when CME's session opens.",
  day: { resetHour: 17, timeZone: 'America/Chicago' },
  phases: [
    {
      index: 1,
      name: 'Combine',
      objectives: { profitTargetPercent: 6, minTradingDays: 2, consistencyPercent: 40, timeLimitDays: null },
      limits: {
        dailyLoss: { percent: 2, onBreach: 'end-day' },
        maxLoss: { percent: 4, mode: 'trailing-eod', onBreach: 'fail' },
      },
    },
  ],
};

const REPLAY_TWO_STEP_2_1_V1: RuleSet = {
  id: 'replay-two-step-2-1',
  version: 1,
  ref: 'replay-two-step-2-1@1',
  name: 'Replay two-step 2/1',
  kind: 'challenge',
  firm: null,
  source:
    'Candlewise: the two-step evaluation shape FTMO publishes ("Trading Objectives", ftmo.com/en/trading-objectives), with its figures scaled to a session of replayed days.',
  sourceDate: '2026-11-28',
  note: "For replay competitions, where a whole evaluation fits in a few replayed hours: phase 1 asks 2 % profit and phase 2 1 %, each in at least 1 trading day. Equity may never fall 2 % of the initial balance below the day's starting balance, nor 4 % below the initial balance: either fails the phase. Days follow the group's reset hour and time zone on the replayed clock.",
  day: null,
  phases: [1, 2].map((index) => ({
    index,
    name: index === 1 ? 'Challenge' : 'Verification',
    objectives: {
      profitTargetPercent: index === 1 ? 2 : 1,
      minTradingDays: 1,
      consistencyPercent: null,
      timeLimitDays: null,
    },
    limits: {
      dailyLoss: { percent: 2, onBreach: 'fail' as const },
      maxLoss: { percent: 4, mode: 'static' as const, onBreach: 'fail' as const },
    },
  })),
};

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Every published version, oldest first. Add a version; never edit one (they are frozen). */
export const RULE_SETS: readonly RuleSet[] = deepFreeze([
  PRACTICE_V1,
  TWO_STEP_10_5_V1,
  CONSISTENCY_6_4_V1,
  REPLAY_TWO_STEP_2_1_V1,
]);

export const DEFAULT_RULE_SET = PRACTICE_V1.ref;

/** The published rule set a reference names, or null. */
export function findRuleSet(ref: string): RuleSet | null {
  return RULE_SETS.find((ruleSet) => ruleSet.ref === ref) ?? null;
}

/** The sentence a reference that names nothing gets: the choices, by reference. */
export function unknownRuleSetMessage(ref: string): string {
  return `There is no published rule set "${ref}". Choose one of: ${RULE_SETS.map((ruleSet) => ruleSet.ref).join(', ')}.`;
}

/** The rule set a group runs (its stored reference), Practice when it names nothing known. */
export function ruleSetOf(ref: string | null | undefined): RuleSet {
  return (ref && findRuleSet(ref)) || PRACTICE_V1;
}

/** One phase (1-based), clamped to the rule set's phases. */
export function phaseOf(ruleSet: RuleSet, index: number): RuleSetPhase {
  return ruleSet.phases[Math.min(Math.max(index, 1), ruleSet.phases.length) - 1];
}

const MAX_LOSS_TEXT: Record<MaxLossMode, string> = {
  static: 'below the initial balance',
  'trailing-intraday': 'below the highest equity reached (trailing, stops at the initial balance)',
  'trailing-eod': 'below the highest end-of-day balance (trailing, stops at the initial balance)',
};

/** The rules of one phase as sentences (the evidence dialog shows the version's text). */
export function phaseRuleText(ruleSet: RuleSet, phase: RuleSetPhase): string[] {
  const lines: string[] = [];
  const day = ruleSet.day
    ? `days start at ${String(ruleSet.day.resetHour).padStart(2, '0')}:00 ${ruleSet.day.timeZone}`
    : "days start at the group's reset hour";
  const { objectives, limits } = phase;
  if (objectives.profitTargetPercent !== null)
    lines.push(
      `Profit target: ${objectives.profitTargetPercent} % of the initial balance, on equity; open positions close when the phase passes.`,
    );
  if (objectives.minTradingDays > 0)
    lines.push(
      `Minimum trading days: ${objectives.minTradingDays} (a day on which a trade is opened; ${day}).`,
    );
  if (objectives.consistencyPercent !== null)
    lines.push(
      `Consistency: the best day's profit under ${objectives.consistencyPercent} % of the total profit.`,
    );
  if (objectives.timeLimitDays !== null) lines.push(`Time limit: ${objectives.timeLimitDays} days.`);
  if (limits.dailyLoss)
    lines.push(
      `Daily loss: equity may not fall ${limits.dailyLoss.percent} % of the initial balance below the day's starting balance (${day}); a breach ${limits.dailyLoss.onBreach === 'fail' ? 'fails the phase' : 'ends the day'}.`,
    );
  if (limits.maxLoss)
    lines.push(
      `Maximum loss: equity may not fall ${limits.maxLoss.percent} % of the initial balance ${MAX_LOSS_TEXT[limits.maxLoss.mode]}; a breach fails the phase.`,
    );
  return lines;
}
