import { z } from '../api/zod-messages.ts';

/**
 * Playbooks (issue #41): a learner writes the setups they trade with their rules as a checklist;
 * each trade names its playbook and which rules it kept to; the playbook's report shows what each
 * rule is worth: the P&L and win rate of the trades that kept to it against those that broke it.
 */

export const PLAYBOOK_LIMIT = 50;
export const PLAYBOOK_RULE_LIMIT = 30;

const idSchema = z.string().min(1).max(64);

export const playbookRuleInputSchema = z.object({
  /** An existing rule keeps its id (and so its history); a rule without one is new. */
  id: idSchema.optional(),
  text: z
    .string()
    .trim()
    .min(1, 'Write the rule, or remove the empty line.')
    .max(200, 'Keep each rule under 200 characters.'),
});

export const playbookInputSchema = z.object({
  name: z.string().trim().min(1, 'Name the playbook.').max(80, 'Keep the name under 80 characters.'),
  description: z.string().trim().max(2000, 'Keep the description under 2,000 characters.').default(''),
  rules: z
    .array(playbookRuleInputSchema)
    .max(PLAYBOOK_RULE_LIMIT, `A playbook holds at most ${PLAYBOOK_RULE_LIMIT} rules.`)
    .default([])
    .superRefine((rules, context) => {
      const seen = new Set<string>();
      rules.forEach((rule, index) => {
        if (rule.id && seen.has(rule.id))
          context.addIssue({ code: 'custom', path: [index, 'id'], message: 'This rule is listed twice.' });
        if (rule.id) seen.add(rule.id);
      });
    }),
});
export type PlaybookInput = z.output<typeof playbookInputSchema>;

export const playbookRuleSchema = z.object({ _id: z.string(), text: z.string(), position: z.number() });
export const playbookSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  rules: z.array(playbookRuleSchema),
  trades: z.number().describe('Trades that name this playbook.'),
  updatedAt: z.string(),
});
export type Playbook = z.output<typeof playbookSchema>;

/** One side of a rule: the closed trades that kept to it, or those that broke it. */
export const ruleSideSchema = z.object({
  trades: z.number().describe('Sample size: closed trades on this side.'),
  wins: z.number(),
  netPnl: z.number(),
  averagePnl: z.number().nullable().describe('Net P&L per trade; null with no trades.'),
  winRate: z.number().nullable().describe('Wins ÷ trades, 0–1; null with no trades.'),
});
export type RuleSide = z.output<typeof ruleSideSchema>;

export const playbookRuleReportSchema = z.object({
  ruleId: z.string(),
  text: z.string(),
  followed: ruleSideSchema,
  broken: ruleSideSchema,
  contribution: z
    .object({
      averagePnl: z.number().describe('Average P&L kept minus average P&L broken.'),
      winRate: z.number().describe('Win rate kept minus win rate broken (−1 to 1).'),
    })
    .nullable()
    .describe('Null until the rule has been both kept and broken: there is nothing to compare.'),
});
export type PlaybookRuleReport = z.output<typeof playbookRuleReportSchema>;

export const playbookReportSchema = z.object({
  playbook: playbookSchema,
  currency: z.string(),
  currencies: z.array(z.object({ currency: z.string(), trades: z.number() })),
  /** Every closed trade of the playbook in the currency. */
  overall: ruleSideSchema,
  rules: z.array(playbookRuleReportSchema),
});
export type PlaybookReport = z.output<typeof playbookReportSchema>;

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6 + 0;
}

/** A closed trade of the playbook with, per rule, whether it was kept (rules without a check absent). */
export interface PlaybookReportTrade {
  pnl: number;
  checks: ReadonlyMap<string, boolean> | Readonly<Record<string, boolean>>;
}

function side(pnls: readonly number[]): RuleSide {
  const wins = pnls.filter((pnl) => pnl > 0).length;
  const net = pnls.reduce((sum, pnl) => sum + pnl, 0);
  return {
    trades: pnls.length,
    wins,
    netPnl: round(net),
    averagePnl: pnls.length ? round(net / pnls.length) : null,
    winRate: pnls.length ? wins / pnls.length : null,
  };
}

const checkOf = (checks: PlaybookReportTrade['checks'], ruleId: string): boolean | undefined =>
  checks instanceof Map ? checks.get(ruleId) : (checks as Record<string, boolean>)[ruleId];

/**
 * Each rule's trades kept and broken, and the difference between the two sides (the rule's
 * contribution): pure, so the tests check it by hand. Trades recorded before a rule existed have no
 * check for it and count on neither side.
 */
export function playbookRuleReport(
  rules: ReadonlyArray<{ id: string; text: string }>,
  trades: readonly PlaybookReportTrade[],
): { overall: RuleSide; rules: PlaybookRuleReport[] } {
  return {
    overall: side(trades.map((trade) => trade.pnl)),
    rules: rules.map((rule) => {
      const kept: number[] = [];
      const broken: number[] = [];
      for (const trade of trades) {
        const check = checkOf(trade.checks, rule.id);
        if (check === true) kept.push(trade.pnl);
        else if (check === false) broken.push(trade.pnl);
      }
      const followed = side(kept);
      const brokenSide = side(broken);
      return {
        ruleId: rule.id,
        text: rule.text,
        followed,
        broken: brokenSide,
        contribution:
          followed.trades && brokenSide.trades
            ? {
                averagePnl: round(followed.averagePnl! - brokenSide.averagePnl!),
                winRate: round(followed.winRate! - brokenSide.winRate!),
              }
            : null,
      };
    }),
  };
}
