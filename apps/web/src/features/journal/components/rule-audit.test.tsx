import { auditTrades } from '@candlewise/shared/challenges/rule-audit';
import { phaseRuleText, RULE_SETS } from '@candlewise/shared/challenges/rule-sets';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';

vi.mock('./equity-curve-chart', () => ({
  EquityCurveChart: ({ points }: { points: unknown[] }) => <p>Balance curve of {points.length} points</p>,
}));

const ruleSets = RULE_SETS.map((ruleSet) => ({
  ...ruleSet,
  phases: ruleSet.phases.map((phase) => ({ ...phase, rules: phaseRuleText(ruleSet, phase) })),
}));
const twoStep = ruleSets.find((ruleSet) => ruleSet.ref === 'two-step-10-5@1')!;

/** The audit the API would answer for two closed trades: +10,200 over four days, then −5,000.01. */
function auditAnswer() {
  const day = (d: number, pnl: number) => ({
    id: `t${d}`,
    symbol: 'AAPL',
    side: 'long' as const,
    entryMs: Date.UTC(2026, 2, d, 14),
    exitMs: Date.UTC(2026, 2, d, 15),
    pnlMinor: Math.round(pnl * 100),
  });
  const trades = [day(2, 3_000), day(3, 4_000), day(4, 3_000), day(5, 200), day(6, -5_000.01)];
  const result = auditTrades(RULE_SETS[1], trades, 10_000_000, { resetHour: 0, timeZone: 'Europe/Prague' });
  return {
    success: true,
    data: {
      ruleSet: twoStep,
      currency: 'USD',
      currencies: ['USD'],
      startingBalance: 100_000,
      timeZone: 'Asia/Kolkata',
      status: result.status,
      phase: { index: 2, name: 'Verification', count: 2 },
      objectives: result.objectives,
      decisions: result.decisions.map((decision) => ({
        kind: decision.kind,
        phase: decision.phase,
        rule: decision.rule,
        label: decision.rule === 'objectives' ? 'Objectives met' : 'Maximum daily loss',
        at: new Date(decision.at).toISOString(),
        balance: decision.balance,
        threshold: decision.threshold,
        rules: twoStep.phases[decision.phase - 1].rules,
        trades: decision.tradeIds.map((id) => {
          const trade = trades.find((each) => each.id === id)!;
          return {
            _id: id,
            symbol: trade.symbol,
            side: trade.side,
            entryTime: new Date(trade.entryMs).toISOString(),
            exitTime: new Date(trade.exitMs).toISOString(),
            pnl: trade.pnlMinor / 100,
          };
        }),
        balanceCurve: decision.balanceCurve,
      })),
      tradesCounted: result.tradesCounted,
      tradesAfterDecision: 0,
      skippedTrades: 0,
      openTrades: 1,
    },
  };
}

describe('the journal’s rule audit', () => {
  it('runs the chosen challenge rule set and shows each decision with its trades and rules', async () => {
    const api = mockApi({
      'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
      'GET /rule-sets': { body: { success: true, data: ruleSets } },
      'GET /journal/rule-audit': { body: auditAnswer() },
    });
    const { user } = renderApp('/journal?tab=rule-audit', { auth: makeSession() });
    expect(await screen.findByText('Choose a rule set and run the audit.')).toBeInTheDocument();
    // Practice is not offered: it has nothing to pass.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Rule set' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Run the audit' }));
    expect(await screen.findByText(/trades counted in USD/)).toBeInTheDocument();
    expect(screen.getByText(/trades counted in USD/).closest('p')).toHaveTextContent(
      'Failed Two-step 10/5 · phase 2 of 2: Verification · 5 trades counted in USD · 1 open trade left out',
    );
    const call = api.calls.find((each) => each.url.pathname.endsWith('/journal/rule-audit'))!;
    expect(call.url.searchParams.get('ruleSet')).toBe('two-step-10-5@1');
    expect(call.url.searchParams.get('startingBalance')).toBe('100000');
    expect(screen.getByText(/1 open trade left out/)).toBeInTheDocument();
    expect(screen.getByText(/Phase 1: Objectives met/)).toBeInTheDocument();
    const failure = screen
      .getByText(/Phase 2: Maximum daily loss/)
      .closest('.cw-rule-audit-decision') as HTMLElement;
    expect(
      within(failure).getByText(/Closed balance USD 94,999.99 · limit USD 95,000.00/),
    ).toBeInTheDocument();
    expect(within(failure).getByText('−$5,000.01')).toBeInTheDocument();
    expect(
      within(failure).getByText(
        "Daily loss: equity may not fall 5 % of the initial balance below the day's starting balance (days start at 00:00 Europe/Prague); a breach fails the phase.",
      ),
    ).toBeInTheDocument();
  });
});
