import { describe, expect, it } from 'vitest';
import { playbookInputSchema, playbookRuleReport } from './playbooks.ts';

const rules = [
  { id: 'r1', text: 'Wait for the candle to close above the range' },
  { id: 'r2', text: 'Stop below the range' },
  { id: 'r3', text: 'Added later' },
];
const trade = (pnl: number, checks: Record<string, boolean>) => ({ pnl, checks });

describe('a playbook’s report (figures worked by hand)', () => {
  it('sets each rule’s kept trades against its broken ones, with sample sizes and the difference', () => {
    const report = playbookRuleReport(rules, [
      trade(100, { r1: true, r2: true }),
      trade(50, { r1: true, r2: false }),
      trade(-30, { r1: true, r2: true }),
      trade(-80, { r1: false, r2: true }),
      trade(-20, { r1: false, r2: false, r3: true }),
    ]);
    // All five: 100 + 50 − 30 − 80 − 20 = 20; 2 wins of 5.
    expect(report.overall).toEqual({ trades: 5, wins: 2, netPnl: 20, averagePnl: 4, winRate: 0.4 });
    const [r1, r2, r3] = report.rules;
    // r1 kept: 100, 50, −30 → 120, average 40, 2/3; broken: −80, −20 → −100, average −50, 0/2.
    expect(r1.followed).toEqual({ trades: 3, wins: 2, netPnl: 120, averagePnl: 40, winRate: 2 / 3 });
    expect(r1.broken).toEqual({ trades: 2, wins: 0, netPnl: -100, averagePnl: -50, winRate: 0 });
    // 40 − (−50) = 90 a trade; 2/3 − 0.
    expect(r1.contribution).toEqual({ averagePnl: 90, winRate: 0.666667 });
    // r2 kept: 100, −30, −80 → −10, average −3.333333, 1/3; broken: 50, −20 → 30, average 15, 1/2.
    expect(r2.followed).toMatchObject({ trades: 3, netPnl: -10, averagePnl: -3.333333 });
    expect(r2.broken).toMatchObject({ trades: 2, netPnl: 30, averagePnl: 15, winRate: 0.5 });
    expect(r2.contribution).toEqual({ averagePnl: -18.333333, winRate: -0.166667 });
    // r3 was checked on one trade only, and only kept: nothing to compare with.
    expect(r3.followed).toMatchObject({ trades: 1, netPnl: -20 });
    expect(r3.broken).toEqual({ trades: 0, wins: 0, netPnl: 0, averagePnl: null, winRate: null });
    expect(r3.contribution).toBeNull();
  });

  it('validates a playbook with sentences', () => {
    const result = playbookInputSchema.safeParse({ name: ' ', rules: [{ text: '' }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Name the playbook.'],
      ['rules.0.text', 'Write the rule, or remove the empty line.'],
    ]);
    const tooMany = playbookInputSchema.safeParse({
      name: 'ORB',
      rules: Array.from({ length: 31 }, (_, k) => ({ text: `Rule ${k}` })),
    });
    expect(tooMany.error?.issues[0].message).toBe('A playbook holds at most 30 rules.');
  });
});
