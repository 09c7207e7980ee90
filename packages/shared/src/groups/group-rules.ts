import { isoDateTime } from '../api/date-time.ts';
import { z } from '../api/zod-messages.ts';
import { DEFAULT_RULE_SET, findRuleSet, unknownRuleSetMessage } from '../challenges/rule-sets.ts';
import { ACCOUNT_CURRENCIES } from '../trading/account-money.ts';
import { REPLAY_SPEEDS } from '../trading/replay-bars.ts';
import { DRAWDOWN_BASES, isTimeZone } from '../trading/risk-rules.ts';
import type { GroupPhase } from './group-phase.ts';

/** How a leaderboard ranks: P&L % of the starting balance, or Calmar (return ÷ maximum drawdown). */
export const RANKINGS = ['return', 'calmar'] as const;
export type Ranking = (typeof RANKINGS)[number];

export const groupFieldsSchema = z
  .object({
    name: z.string().trim().min(3, 'Name the group (at least 3 characters).').max(120),
    description: z.string().max(20_000).default(''),
    startDate: isoDateTime('Use an ISO date and time.'),
    endDate: isoDateTime('Use an ISO date and time.'),
    freezeDuration: z
      .number()
      .int()
      .min(0, 'The freeze duration cannot be negative.')
      .max(30 * 86_400_000),
    freezeThreshold: z
      .number()
      .min(0, 'The threshold is between 0 and 100.')
      .max(100, 'The threshold is between 0 and 100.'),
    startingBalance: z
      .number()
      .positive('The starting balance must be more than 0.')
      .max(1e12)
      .default(100_000),
    /** What the drawdown is measured against (prop-firm rules): trailing peak, balance or start. */
    drawdownBasis: z.enum(DRAWDOWN_BASES, 'Choose peak, balance or start.').default('peak'),
    /** Loss % in one day that freezes the account; 0 turns it off. */
    dailyLossLimit: z
      .number()
      .min(0, 'The daily loss limit is between 0 and 100.')
      .max(100, 'The daily loss limit is between 0 and 100.')
      .default(0),
    /** The competition day starts at this hour (0–23) in `timeZone`. */
    dailyResetHour: z
      .number()
      .int()
      .min(0, 'Use an hour from 0 to 23.')
      .max(23, 'Use an hour from 0 to 23.')
      .default(0),
    timeZone: z
      .string()
      .trim()
      .max(64)
      .refine(isTimeZone, 'Use a time zone such as Asia/Kolkata or America/New_York.')
      .default('Asia/Kolkata'),
    /** 'live', or 'replay': a real day played back from uploaded 1-minute bars. */
    marketMode: z.enum(['live', 'replay'], 'Choose live or replay.').default('live'),
    /** The replayed moment when the competition starts (a bar time), and the speed (1–60×). */
    replayFrom: isoDateTime('Use an ISO date and time for the first replayed minute.')
      .nullable()
      .default(null),
    replaySpeed: z
      .number()
      .int()
      .min(REPLAY_SPEEDS.min, 'Replay at 1× to 60×.')
      .max(REPLAY_SPEEDS.max, 'Replay at 1× to 60×.')
      .default(1),
    /** The account currency: balances, P&L and standings; instruments convert into it. */
    currency: z.enum(ACCOUNT_CURRENCIES, 'Choose INR or USD as the account currency.').default('INR'),
    /**
     * The challenge rule set, `<id>@<version>` (GET /rule-sets). "practice@1" is the freeze rule
     * above; a challenge rule set brings its own limits, objectives and day.
     */
    ruleSet: z.string().trim().max(80).default(DEFAULT_RULE_SET),
    /** How the leaderboard ranks: return % or the risk-adjusted Calmar score. */
    ranking: z.enum(RANKINGS, 'Choose return or calmar as the ranking.').default('return'),
    registrationOpen: z.boolean().default(true),
    /** Symbols members may trade; empty means every instrument. */
    instruments: z.array(z.string().trim().min(1).max(20)).max(50).default([]),
  })
  .superRefine((group, context) => {
    if (!findRuleSet(group.ruleSet))
      context.addIssue({ code: 'custom', path: ['ruleSet'], message: unknownRuleSetMessage(group.ruleSet) });
  })
  .refine((group) => Date.parse(group.endDate) > Date.parse(group.startDate), {
    message: 'The end must be after the start.',
    path: ['endDate'],
  })
  .refine((group) => group.marketMode !== 'replay' || group.replayFrom !== null, {
    message: 'Choose the first replayed minute.',
    path: ['replayFrom'],
  })
  .refine((group) => group.marketMode !== 'replay' || group.instruments.length > 0, {
    message: 'A replay needs its instruments listed (those with uploaded bars).',
    path: ['instruments'],
  });

/** One row of GET /group/mine (the /home card): a competition the caller asked to join, with their rank where approved. */
export type MyCompetition = {
  group: {
    _id: string;
    name: string;
    /** The account currency of the competition. */
    currency: string;
    startDate: string | null;
    endDate: string | null;
    phase: GroupPhase;
  };
  status: 'pending' | 'approved' | 'rejected';
  /** For approved members: where they stand now (or finished), out of `ranked`. */
  standing: {
    rank: number;
    ranked: number;
    pnlPercent: number;
    equity: number;
    trades: number;
    freezes: number;
    frozenUntil: string | null;
  } | null;
};
